import { Eye, Trash2 } from 'lucide-react';
import { RESOURCE_TYPE_SHORT, semesterLabel } from '@shared/catalogue';
import { previewResourceHref } from '@shared/routes';
import type { ShelfItem } from '@shared/shelf-api';
import { Button } from '../../../components/ui/button';
import { LinkButton } from '../../../components/ui/link-button';
import { ThumbnailImage } from '../../../components/ui/thumbnail-image';
import { formatSize } from '../../../lib/format-size';

interface ShelfItemRowProps {
  item: ShelfItem;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onRemove: () => void;
}

/** One saved resource: a checkbox for the zip, what it is, Preview and Remove. */
export function ShelfItemRow({ item, selected, onSelect, onRemove }: ShelfItemRowProps) {
  const { resource } = item;
  const checkboxId = `shelf-${resource.id}`;
  return (
    <div className="flex gap-3 p-4 sm:items-center sm:gap-4" data-testid="shelf-item">
      <input
        id={checkboxId}
        type="checkbox"
        checked={selected}
        onChange={(event) => onSelect(event.target.checked)}
        className="mt-1 size-5 shrink-0 rounded border-slate-400 accent-brand-700 sm:mt-0"
      />
      <ThumbnailImage src={resource.thumbnailUrl} alt="" width={48} height={68} className="hidden sm:block" />
      <div className="min-w-0 flex-1">
        <label htmlFor={checkboxId} className="block font-semibold break-words text-slate-900">
          {resource.subject}
          <span className="sr-only">{` (${resource.originalName})`}</span>
        </label>
        <p className="truncate text-sm text-slate-600" title={resource.originalName}>
          {resource.originalName}
        </p>
        <p className="mt-1 text-sm text-slate-600">
          {[
            RESOURCE_TYPE_SHORT[resource.resourceType],
            `${semesterLabel(resource.semester)} · ${resource.branch.toUpperCase()}`,
            resource.academicYear,
            formatSize(resource.sizeBytes),
          ].join(' · ')}
        </p>
        <div className="mt-3 flex flex-wrap gap-2 sm:hidden">{actions()}</div>
      </div>
      <div className="hidden shrink-0 gap-2 sm:flex">{actions()}</div>
    </div>
  );

  function actions() {
    return (
      <>
        <LinkButton to={previewResourceHref(resource.id)} variant="secondary" aria-label={`Preview ${resource.subject}, ${resource.originalName}`}>
          <Eye aria-hidden="true" className="size-4" />
          Preview
        </LinkButton>
        <Button variant="secondary" onClick={onRemove} className="text-red-700" aria-label={`Remove ${resource.subject}, ${resource.originalName} from My shelf`}>
          <Trash2 aria-hidden="true" className="size-4" />
          Remove
        </Button>
      </>
    );
  }
}
