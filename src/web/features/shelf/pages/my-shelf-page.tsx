import { BookmarkPlus, FileArchive } from 'lucide-react';
import { useMemo, useState } from 'react';
import { ROUTES } from '@shared/routes';
import { MAX_ZIP_FILES, SHELF_MESSAGES } from '@shared/shelf';
import type { ShelfItem } from '@shared/shelf-api';
import { MY_SHELF_HEAD } from '@shared/page-heads/my-shelf';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageColumn } from '../../../components/page-column';
import { LinkButton } from '../../../components/ui/link-button';
import { CardListSkeleton } from '../../../components/ui/card-list-skeleton';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { errorMessage } from '../../../lib/api-client';
import { useShelfIds } from '../../../lib/shelf';
import { useShelfToggle } from '../../../lib/shelf-toggle';
import { toast } from '../../../lib/toast';
import { prepareZipDownload } from '../api/download-zip';
import { useShelf } from '../api/get-shelf';
import { ShelfItemRow } from '../components/shelf-item-row';

/** /my-shelf: the saved resources, each with Preview and Remove; chosen ones download as one zip. */
export function MyShelfPage() {
  const shelf = useShelf();
  const saved = useShelfIds();
  const { toggle } = useShelfToggle();
  // Everything starts chosen; the student un-ticks what they do not want (new saves come in ticked).
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  const [zipping, setZipping] = useState(false);

  // A file just removed leaves the list at once, before the list is fetched again.
  const items = useMemo<ShelfItem[]>(
    () => (shelf.data?.items ?? []).filter((item) => saved.count === undefined || saved.ids.has(item.resource.id)),
    [shelf.data, saved.ids, saved.count],
  );
  const chosen = items.filter((item) => !unticked.has(item.resource.id)).map((item) => item.resource.id);
  const allChosen = items.length > 0 && chosen.length === items.length;
  const tooMany = chosen.length > MAX_ZIP_FILES;

  const choose = (id: string, on: boolean) =>
    setUnticked((current) => {
      const next = new Set(current);
      if (on) next.delete(id);
      else next.add(id);
      return next;
    });

  const downloadZip = async () => {
    setZipping(true);
    const id = toast.loading(SHELF_MESSAGES.zipStarting);
    try {
      const { url } = await prepareZipDownload(chosen);
      // An attachment: the browser saves it and this page stays.
      window.location.assign(url);
      toast.success(SHELF_MESSAGES.zipStarted, { id });
    } catch (error) {
      toast.error(errorMessage(error, SHELF_MESSAGES.zipFailed, [400, 401]), { id });
    } finally {
      setZipping(false);
    }
  };

  return (
    <PageColumn head={MY_SHELF_HEAD}>
      {shelf.isError ? (
        <RetryAlert message={errorMessage(shelf.error, SHELF_MESSAGES.loadFailed, [])} onRetry={() => void shelf.refetch()} />
      ) : null}
      {shelf.isPending ? (
        <CardListSkeleton label="Loading your shelf" count={3} cardClassName="h-24" className="space-y-3" />
      ) : null}
      {shelf.data && items.length === 0 ? (
        <Card className="flex flex-col items-center p-8 text-center">
          <BookmarkPlus aria-hidden="true" className="size-10 text-slate-400" />
          <p className="mt-3 text-lg font-medium text-slate-900">Your shelf is empty.</p>
          <p className="mt-2 max-w-md text-slate-600">Press Save on any file in the library or in its preview, and it waits for you here.</p>
          <LinkButton to={ROUTES.filterResources} className="mt-5">
            Browse resources
          </LinkButton>
        </Card>
      ) : null}
      {items.length > 0 ? (
        <Card className="overflow-hidden">
          <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 bg-slate-50 px-4 py-3">
            <div className="flex min-h-11 items-center gap-3">
              <input
                id="shelf-select-all"
                type="checkbox"
                checked={allChosen}
                ref={(box) => {
                  if (box) box.indeterminate = chosen.length > 0 && !allChosen;
                }}
                onChange={() => setUnticked(allChosen ? new Set(items.map((item) => item.resource.id)) : new Set())}
                className="size-5 shrink-0 rounded border-slate-400 accent-brand-700"
              />
              <label htmlFor="shelf-select-all" className="text-sm font-medium text-slate-800 select-none">
                Select all
              </label>
              <span className="text-sm text-slate-600" aria-live="polite" data-testid="shelf-chosen">
                {`${chosen.length} of ${items.length} chosen`}
              </span>
            </div>
            <Button onClick={() => void downloadZip()} disabled={zipping || chosen.length === 0 || tooMany} className="w-full sm:w-auto">
              <FileArchive aria-hidden="true" className="size-4" />
              Download as zip
            </Button>
          </div>
          {tooMany ? (
            <p className="border-b border-slate-200 px-4 py-2 text-sm text-red-700">
              {SHELF_MESSAGES.tooManyFiles(chosen.length)}
            </p>
          ) : null}
          <ul aria-label="Saved files" className="divide-y divide-slate-200">
            {items.map((item) => (
              <li key={item.resource.id}>
                <ShelfItemRow
                  item={item}
                  selected={!unticked.has(item.resource.id)}
                  onSelect={(on) => choose(item.resource.id, on)}
                  onRemove={() => toggle(item.resource.id, false)}
                />
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </PageColumn>
  );
}
