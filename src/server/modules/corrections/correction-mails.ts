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
