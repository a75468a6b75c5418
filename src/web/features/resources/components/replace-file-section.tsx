import { useState } from 'react';
import { RESOURCE_MESSAGES, fileTooLargeMessage, maxUploadBytes, type Resource } from '@shared/resource';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { publicConfig } from '../../../lib/public-config';
import { toast } from '../../../lib/toast';
import { useReplaceResourceFile } from '../api/replace-resource-file';
import { FilePicker } from './file-picker';

const REPLACED = 'File replaced: the preview and search catch up in a minute.';

/**
 * Edit details' "Replace the PDF" (decision 054): a complete or sharper scan takes the old one's
 * place, checked as an upload; the resource keeps its link, downloads and shelves.
 */
export function ReplaceFileSection({ resource }: { resource: Resource }) {
  const replace = useReplaceResourceFile();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();

  const submit = () => {
    if (!file) return setError(RESOURCE_MESSAGES.fieldsMissing);
    if (!/\.pdf$/i.test(file.name) && file.type !== 'application/pdf') return setError(RESOURCE_MESSAGES.notPdf);
    if (file.size > maxUploadBytes(publicConfig.maxUploadMb)) return setError(fileTooLargeMessage(publicConfig.maxUploadMb));
    replace.mutate(
      { id: resource.id, file },
      {
        onSuccess: () => {
          setFile(null);
          toast.success(REPLACED, { id: 'replace-file' });
        },
        onError: (failure) => setError(errorMessage(failure, RESOURCE_MESSAGES.uploadFailed, [400, 403, 404, 409, 413, 422])),
      },
    );
  };

  return (
    <section aria-label="Replace the PDF" className="mt-6 space-y-3 border-t border-slate-200 pt-4">
      <h3 className="text-base font-semibold text-slate-900">Replace the PDF</h3>
      <p className="text-sm text-slate-700">{`A complete or sharper scan of the same file (now ${resource.pageCount === 1 ? '1 page' : `${resource.pageCount} pages`}). Its link, downloads and shelves stay.`}</p>
      <FilePicker
        file={file}
        maxUploadMb={publicConfig.maxUploadMb}
        error={error}
        disabled={replace.isPending}
        onChange={(next) => {
          setFile(next);
          setError(undefined);
        }}
      />
      <Button variant="secondary" onClick={submit} disabled={replace.isPending || !file}>
        {replace.isPending ? 'Replacing...' : 'Replace file'}
      </Button>
    </section>
  );
}
