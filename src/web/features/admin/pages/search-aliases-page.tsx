import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { can } from '@shared/permissions';
import type { SubjectAlias } from '@shared/search';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useDeleteAlias, useSaveAlias, useSearchAliases } from '../api/search-aliases';
import { AccessDenied } from '../components/access-denied';
import { AdminPageHeader } from '../components/admin-page-header';
import { AliasForm } from '../components/alias-form';

const LOAD_FAILED = 'Could not load the abbreviations.';
const SAVE_FAILED = 'Could not save that abbreviation.';
const DELETE_FAILED = 'Could not delete that abbreviation.';

/** /dashboard/aliases: the abbreviations search expands (DSA finds Data Structures). */
export function SearchAliasesPage() {
  const { user } = useSession();
  const aliases = useSearchAliases();
  const save = useSaveAlias();
  const remove = useDeleteAlias();
  // The abbreviation whose deletion waits for a yes in the dialog.
  const [confirming, setConfirming] = useState<SubjectAlias | null>(null);

  if (!can(user?.role, 'manageSearchAliases') || (aliases.error instanceof ApiRequestError && aliases.error.status === 403)) {
    return <AccessDenied />;
  }

  const handleSave = (alias: SubjectAlias) =>
    save.mutateAsync(alias).then(
      () => {
        toast.success(`${alias.alias} now finds ${alias.subject}`);
        return true;
      },
      (error: unknown) => {
        toast.error(errorMessage(error, SAVE_FAILED, [400, 409]));
        return false;
      },
    );

  const handleDelete = (alias: SubjectAlias) =>
    remove.mutate(alias.alias, {
      onSuccess: () => toast.success(`${alias.alias} deleted`),
      onError: (error) => toast.error(errorMessage(error, DELETE_FAILED, [404])),
      onSettled: () => setConfirming(null),
    });

  const list = aliases.data?.aliases ?? [];
  return (
    <Container width="prose" className="space-y-6 py-10 sm:py-14">
      <AdminPageHeader title="Search abbreviations">
        Students search for “DSA” or “OS”. Each abbreviation here also finds the papers of the subject it stands
        for.
      </AdminPageHeader>
      <Card className="p-4 sm:p-5">
        <AliasForm busy={save.isPending} onSave={handleSave} />
      </Card>
      <Card aria-busy={aliases.isFetching}>
        <h2 className="border-b border-slate-200 px-4 py-3 text-lg font-semibold text-slate-900 sm:px-5">
          {aliases.data ? `${list.length} ${list.length === 1 ? 'abbreviation' : 'abbreviations'}` : 'Abbreviations'}
        </h2>
        {aliases.isError ? (
          <Alert tone="error" className="m-4">
            <p>{errorMessage(aliases.error, LOAD_FAILED, [401])}</p>
            <Button variant="secondary" className="mt-2" onClick={() => void aliases.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : aliases.isPending ? (
          <ListSkeleton label="Loading abbreviations" rows={3} />
        ) : list.length === 0 ? (
          <p className="px-5 py-12 text-center text-slate-600">No abbreviations yet. Add the ones your students use.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {list.map((alias) => (
              <li key={alias.alias} className="flex items-center justify-between gap-3 px-4 py-2 sm:px-5" data-testid="search-alias">
                <p className="min-w-0 text-sm break-words text-slate-800">
                  <span className="mr-2 inline-block min-w-14 rounded bg-slate-100 px-2 py-0.5 font-mono font-semibold text-slate-900">
                    {alias.alias}
                  </span>
                  {alias.subject}
                </p>
                <button
                  type="button"
                  onClick={() => setConfirming(alias)}
                  disabled={remove.isPending && remove.variables === alias.alias}
                  aria-label={`Delete ${alias.alias}`}
                  className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-red-700 hover:bg-red-50 disabled:opacity-50"
                >
                  <Trash2 aria-hidden="true" className="size-5" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <ConfirmDialog
        open={confirming !== null}
        title="Delete this abbreviation?"
        description={
          confirming ? `Searching for “${confirming.alias}” will no longer find ${confirming.subject} papers by that name.` : null
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        tone="danger"
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && handleDelete(confirming)}
      />
    </Container>
  );
}
