import { Calendar, Download, GraduationCap } from 'lucide-react';
import { semesterLabel } from '@shared/catalogue';
import type { Resource } from '@shared/resource';
import { formatCount } from '../utils/labels';

/**
 * Class, academic year and downloads: the facts under a card's heading (the type and subject are
 * in the heading, pages and size beside the thumbnail, so nothing is said twice).
 */
export function ResourceMeta({ resource, className, withoutClass }: { resource: Resource; className?: string; withoutClass?: boolean }) {
  const items = [
    { icon: GraduationCap, label: 'Class', value: `${resource.branch.toUpperCase()} · ${semesterLabel(resource.semester)}` },
    { icon: Calendar, label: 'Academic year', value: resource.academicYear },
    { icon: Download, label: 'Downloads', value: formatCount(resource.downloads, 'download', 'downloads') },
  ];
  return (
    <dl className={className ?? 'flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700'}>
      {(withoutClass ? items.slice(1) : items).map(({ icon: Icon, label, value }) => (
        <div key={label} className="flex items-center gap-1.5">
          <dt className="flex items-center">
            <Icon aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
            <span className="sr-only">{label}</span>
          </dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
