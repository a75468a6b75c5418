import type { Config } from '../../config.js';
import type { Mail } from '../../mail/mailer.js';

type Requester = { name: string; email: string };

/** Tells a requester how an administrator decided their admin-access request, in plain text. */
function decisionMail(config: Config, to: Requester, decision: 'approved' | 'declined', next: string): Mail {
  const product = config.public.productName;
  return {
    to: to.email,
    subject: `Your ${product} admin access request was ${decision}`,
    text: `Hello ${to.name},\n\nAn administrator ${decision} your request for admin access to ${product}.\n\n${next}\n`,
  };
}

/** The requester is an administrator from their next request on. */
export function adminApprovedMail(config: Config, to: Requester): Mail {
  return decisionMail(
    config,
    to,
    'approved',
    `The next time you open ${config.publicUrl} while signed in, you will find the Dashboard in ` +
      'the navigation bar, where you can manage users and resources.',
  );
}

/** The requester's account stays as it was. */
export function adminDeclinedMail(config: Config, to: Requester): Mail {
  return decisionMail(
    config,
    to,
    'declined',
    `Your account is unchanged: you can keep browsing, previewing and downloading resources at ` +
      `${config.publicUrl} as before. If you think this is a mistake, please ask one of the administrators.`,
  );
}
