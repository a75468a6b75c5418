import { correctionKindLabel, type Correction } from '../../../shared/correction.js';
import { previewResourceHref } from '../../../shared/routes.js';
import type { Config } from '../../config.js';
import type { Mail } from '../../mail/mailer.js';

/** Tells the student who suggested a correction that it was applied. */
export function correctionAcceptedMail(config: Config, to: { name: string; email: string }, correction: Correction, handledBy: string): Mail {
  const what = correction.proposed ? `${correctionKindLabel(correction.kind)}: now ${correction.proposed}` : correctionKindLabel(correction.kind);
  return {
    to: to.email,
    subject: `Your correction to ${correction.resource.title} was applied`,
    text:
      `Hello ${to.name},\n\n${handledBy} applied the correction you suggested to "${correction.resource.title}" ` +
      `(${what}).\n\nThank you for keeping ${config.public.productName} right.\n\n` +
      `Open it: ${config.publicUrl}${previewResourceHref(correction.resource.id)}\n`,
  };
}

/** Tells the student that their suggestion was looked at and left as it was, and why if said. */
export function correctionDismissedMail(config: Config, to: { name: string; email: string }, correction: Correction, handledBy: string): Mail {
  const why = correction.decisionReason ? `Their reason: ${correction.decisionReason}\n\n` : '';
  return {
    to: to.email,
    subject: `Your correction to ${correction.resource.title} was not applied`,
    text:
      `Hello ${to.name},\n\n${handledBy} looked at the correction you suggested to "${correction.resource.title}" ` +
      `(${correctionKindLabel(correction.kind)}) and left the resource as it is.\n\n${why}` +
      `Thank you for keeping ${config.public.productName} right.\n\n` +
      `Open it: ${config.publicUrl}${previewResourceHref(correction.resource.id)}\n`,
  };
}
