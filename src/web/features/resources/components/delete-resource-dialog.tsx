import { semesterLabel } from '@shared/catalogue';
import type { Resource } from '@shared/resource';
import { DeleteDialog, type DeleteFact } from '../../../components/ui/delete-dialog';
import { RESOURCE_TYPE_SHORT } from '../utils/labels';

interface DeleteResourceDialogProps {
  resource: Resource | null;
  onCancel: () => void;
  onConfirm: (resource: Resource) => void;
}

/** Which file it is, and how much it is used. */
const resourceFacts = (resource: Resource): DeleteFact[] => [
  { term: 'Subject', value: resource.subject, className: 'break-words' },
  { term: 'Type', value: RESOURCE_TYPE_SHORT[resource.resourceType] },
  { term: 'Semester', value: semesterLabel(resource.semester) },
  { term: 'Branch', value: resource.branch.toUpperCase() },
  { term: 'Downloads', value: resource.downloads },
];

/** SPEC.md §2 Delete confirmation: what is about to go, and that it cannot be undone. */
export function DeleteResourceDialog({ resource, onCancel, onConfirm }: DeleteResourceDialogProps) {
  return (
    <DeleteDialog
      item={resource}
      title="Delete Resource"
      question="Are you sure you want to delete this resource?"
      facts={resourceFacts}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
