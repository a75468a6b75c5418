import { Eye, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { RESOURCE_TYPE_SHORT, semesterLabel } from '@shared/catalogue';
import type { ResourceRequest } from '@shared/request';
import { previewResourceHref } from '@shared/routes';
import { Card } from '../../../components/ui/card';
import { ThumbnailImage } from '../../../components/ui/thumbnail-image';
import { LinkButton } from '../../../components/ui/link-button';
import { TextLink } from '../../../components/ui/text-link';
import { RequestStatusBadge } from './request-status-badge';

const dateFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

function supportersText(n: number): string {
  return n === 1 ? '1 student wants this' : `${n} students want this`;
}

interface RequestCardProps {
  request: ResourceRequest;
  /** Buttons for whoever handles the request (the queue). */
  actions?: ReactNode;
}

/** One request: what was asked, for which class, by how many, and how it ended. */
export function RequestCard({ request, actions }: RequestCardProps) {
  return (
    <Card className="p-5">
      <article className="space-y-3">
        <header className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 className="text-lg font-semibold break-words text-slate-900">{request.subject}</h2>
            <p className="text-sm text-slate-600">
              {[
                request.branch.toUpperCase(),
                semesterLabel(request.semester),
                request.academicYear,
                request.resourceType ? RESOURCE_TYPE_SHORT[request.resourceType] : '',
                request.exam ?? '',
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </div>
          <RequestStatusBadge status={request.status} />
        </header>
        <p className="text-sm break-words whitespace-pre-line text-slate-800">{request.description}</p>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
          <span className="inline-flex items-center gap-1.5">
            <Users aria-hidden="true" className="size-4" />
            {supportersText(request.supporters)}
          </span>
          <span>
            {`Asked by ${request.requestedByName ?? 'a deleted account'} on ${dateFormat.format(new Date(request.createdAt))}`}
          </span>
        </p>
        {request.status === 'declined' ? (
          <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-800">
            <span className="font-medium">{`Declined by ${request.decidedByName ?? 'a CR'}: `}</span>
            {request.declineReason}
          </p>
        ) : null}
        {request.status === 'fulfilled' ? (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900">
            {request.resource ? (
              <ThumbnailImage
                src={request.resource.thumbnailUrl}
                alt={`First page of ${request.resource.subject}`}
                width={56}
                height={79}
                className="border-green-200"
              />
            ) : null}
            <span className="min-w-0 flex-1">
              {request.resource
                ? `Added by ${request.decidedByName ?? 'a CR'}: ${request.resource.subject} (${RESOURCE_TYPE_SHORT[request.resource.resourceType]}, ${request.resource.academicYear})`
                : 'Fulfilled, but that resource has since been removed from the library.'}
            </span>
            {request.resource ? (
              <LinkButton to={previewResourceHref(request.resource.id)} variant="secondary" aria-label={`Preview ${request.resource.subject}`}>
                <Eye aria-hidden="true" className="size-4" />
                Preview
              </LinkButton>
            ) : null}
          </div>
        ) : null}
        {request.status === 'open' && request.matches?.length ? (
          <div className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
            <p className="font-medium">Uploaded since it was asked; this may be it:</p>
            <ul className="mt-1 space-y-1">
              {request.matches.map((m) => (
                <li key={m.id}>
                  <TextLink to={previewResourceHref(m.id)}>{`${m.subject} (${RESOURCE_TYPE_SHORT[m.resourceType]}, ${m.academicYear})`}</TextLink>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {actions ? <div className="flex flex-wrap gap-2 pt-1">{actions}</div> : null}
      </article>
    </Card>
  );
}
