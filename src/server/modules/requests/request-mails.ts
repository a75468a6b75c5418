import { ROUTES } from '../../../shared/routes.js';
import type { Config } from '../../config.js';
import type { Mail } from '../../mail/mailer.js';
import type { Contact } from './request.repository.js';

interface Wanted {
  subject: string;
  semester: number;
  branch: string;
  academicYear: string;
}

const described = (r: Wanted) => `${r.subject} (${r.branch.toUpperCase()} semester ${r.semester}, ${r.academicYear})`;

/** Tells one student who wanted a resource that it is now in the library. */
export function requestFulfilledMail(config: Config, to: Contact, request: Wanted, handledBy: string): Mail {
  return {
    to: to.email,
    subject: `${request.subject} is now on ${config.public.productName}`,
    text:
      `Hello ${to.name},\n\nGood news: ${handledBy} added ${described(request)}, which you asked for, to ` +
      `${config.public.productName}.\n\nPreview or download it from your requests: ${config.publicUrl}${ROUTES.myRequests}\n`,
  };
}

/** Tells one student who wanted a resource why it will not be added. */
export function requestDeclinedMail(config: Config, to: Contact, request: Wanted, handledBy: string, reason: string): Mail {
  return {
    to: to.email,
    subject: `Your ${config.public.productName} request for ${request.subject} was declined`,
    text:
      `Hello ${to.name},\n\n${handledBy} declined the request for ${described(request)}.\n\nReason: ${reason}\n\n` +
      `Your requests: ${config.publicUrl}${ROUTES.myRequests}\n`,
  };
}
