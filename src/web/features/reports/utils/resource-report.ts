import { RESOURCE_TYPE_SHORT, semesterLabel } from '@shared/catalogue';
import { REPORT_TITLE_MAX } from '@shared/report';
import type { Resource } from '@shared/resource';
import { previewResourceHref } from '@shared/routes';

/**
 * The report form's title and description for "Report this file": what the file is and a link to
 * its preview, so whoever reads the report can open it; the student adds what is wrong below.
 */
export function resourceReportFields(resource: Resource, origin: string): { title: string; description: string } {
  const facts = [
    resource.subject,
    RESOURCE_TYPE_SHORT[resource.resourceType],
    `${semesterLabel(resource.semester)} · ${resource.branch.toUpperCase()}`,
    resource.academicYear,
    resource.originalName,
  ].join(' · ');
  const title = `Problem with "${resource.subject}" (${RESOURCE_TYPE_SHORT[resource.resourceType]}, ${resource.academicYear})`;
  return {
    title: title.length > REPORT_TITLE_MAX ? `${title.slice(0, REPORT_TITLE_MAX - 1)}…` : title,
    description: `File: ${facts}\nLink: ${new URL(previewResourceHref(resource.id), origin).href}\n\nWhat is wrong: `,
  };
}
