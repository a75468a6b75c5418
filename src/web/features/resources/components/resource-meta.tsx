import { Calendar, Download, FileText, GraduationCap, Layers } from 'lucide-react';
import { semesterLabel } from '@shared/catalogue';
import type { Resource } from '@shared/resource';
import { formatCount, formatSize, RESOURCE_TYPE_SHORT } from '../utils/labels';

/** Semester, type, year, branch and downloads: the facts a card and the preview both show. */
export function ResourceMeta({ resource, className }: { resource: Resource; className?: string }) {
  const items = [
    { icon: Layers, label: 'Type', value: RESOURCE_TYPE_SHORT[resource.resourceType] },
    { icon: GraduationCap, label: 'Semester', value: `${semesterLabel(resource.semester)} · ${resource.branch.toUpperCase()}` },
    { icon: Calendar, label: 'Academic year', value: resource.academicYear },
    { icon: FileText, label: 'File', value: `${formatCount(resource.pageCount, 'page', 'pages')} · ${formatSize(resource.sizeBytes)}` },
    { icon: Download, label: 'Downloads', value: formatCount(resource.downloads, 'download', 'downloads') },
  ];
  return (
    <dl className={className ?? 'grid grid-cols-1 gap-1.5 text-sm text-slate-700'}>
      {items.map(({ icon: Icon, label, value }) => (
        <div key={label} className="flex items-center gap-2">
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
