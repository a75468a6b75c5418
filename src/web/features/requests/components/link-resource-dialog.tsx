import { useEffect, useId, useState } from 'react';
import { RESOURCE_TYPE_SHORT, semesterLabel } from '@shared/catalogue';
import type { ResourceRequest } from '@shared/request';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useCandidateResources } from '../api/find-resources';

interface LinkResourceDialogProps {
  request: ResourceRequest | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (resourceId: string) => void;
}

/** Fulfils a request with a resource already in the library: one of the same class, found by subject words. */
export function LinkResourceDialog({ request, busy, onCancel, onConfirm }: LinkResourceDialogProps) {
  const [words, setWords] = useState('');
  const [chosen, setChosen] = useState('');
  const groupName = useId();
  useEffect(() => {
    setWords(request?.subject ?? '');
    setChosen('');
  }, [request]);
  const search = useDebouncedValue(words, 300);
  const candidates = useCandidateResources(request?.branch ?? '', request?.semester ?? 1, search, request !== null && search === words);
  const found = candidates.data?.resources ?? [];

  return (
    <Dialog
      open={request !== null}
      onClose={onCancel}
      title="Fulfil With an Existing Resource"
      description={request ? `Resources of ${request.branch.toUpperCase()} ${semesterLabel(request.semester)} matching the words below.` : undefined}
      body={
        <div className="mt-4 space-y-4">
          <FormField label="Subject words">
            {(control) => <Input {...control} value={words} onChange={(event) => setWords(event.target.value)} maxLength={100} />}
          </FormField>
          {candidates.isFetching && !candidates.data ? <Spinner label="Searching..." showLabel /> : null}
          {candidates.isError ? <p className="text-sm text-red-700">Could not search the library. Please try again.</p> : null}
          {candidates.data && found.length === 0 ? (
            <p className="text-sm text-slate-700">No resource of this class matches. Upload one instead.</p>
          ) : null}
          {found.length > 0 ? (
            <fieldset className="max-h-72 space-y-2 overflow-y-auto">
              <legend className="sr-only">Resources</legend>
              {found.map((resource) => (
                <label
                  key={resource.id}
                  className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                >
                  <input
                    type="radio"
                    name={groupName}
                    value={resource.id}
                    checked={chosen === resource.id}
                    onChange={() => setChosen(resource.id)}
                    className="mt-1 size-4"
                  />
                  <span>
                    <span className="block font-medium text-slate-900">{resource.subject}</span>
                    <span className="text-slate-600">{`${RESOURCE_TYPE_SHORT[resource.resourceType]} · ${resource.academicYear} · ${resource.originalName}`}</span>
                  </span>
                </label>
              ))}
            </fieldset>
          ) : null}
        </div>
      }
    >
      <Button variant="secondary" onClick={onCancel} className="w-full sm:w-auto">
        Cancel
      </Button>
      <Button onClick={() => onConfirm(chosen)} disabled={!chosen || busy} className="w-full sm:w-auto">
        {busy ? 'Saving...' : 'Fulfil Request'}
      </Button>
    </Dialog>
  );
}
