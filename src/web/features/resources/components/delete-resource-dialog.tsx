import { TriangleAlert } from 'lucide-react';
import { semesterLabel } from '@shared/catalogue';
import type { Resource } from '@shared/resource';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { RESOURCE_TYPE_SHORT } from '../utils/labels';

interface DeleteResourceDialogProps {
  resource: Resource | null;
  onCancel: () => void;
  onConfirm: (resource: Resource) => void;
}

/** SPEC.md §2 Delete confirmation: what is about to go, and that it cannot be undone. */
export function DeleteResourceDialog({ resource, onCancel, onConfirm }: DeleteResourceDialogProps) {
  return (
    <ConfirmDialog
      open={resource !== null}
      onCancel={onCancel}
      onConfirm={() => resource && onConfirm(resource)}
      title="Delete Resource"
      confirmLabel="Delete Resource"
      tone="danger"
      description={
        resource ? (
          <>
            <p>Are you sure you want to delete this resource?</p>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-lg bg-slate-50 p-3 text-slate-800">
              <dt className="font-medium">Subject</dt>
              <dd className="break-words">{resource.subject}</dd>
              <dt className="font-medium">Type</dt>
              <dd>{RESOURCE_TYPE_SHORT[resource.resourceType]}</dd>
              <dt className="font-medium">Semester</dt>
              <dd>{semesterLabel(resource.semester)}</dd>
              <dt className="font-medium">Branch</dt>
              <dd>{resource.branch.toUpperCase()}</dd>
              <dt className="font-medium">Downloads</dt>
              <dd>{resource.downloads}</dd>
            </dl>
            <p className="mt-3 flex items-center gap-2 font-medium text-red-700">
              <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
              This action cannot be undone
            </p>
          </>
        ) : undefined
      }
    />
  );
}
