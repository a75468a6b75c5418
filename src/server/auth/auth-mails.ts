import type { Config } from '../config.js';
import type { Mail } from '../mail/mailer.js';

/** The verification mail sent at sign-up and on request. */
export function verificationMail(config: Config, to: string, token: string): Mail {
  const link = `${config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  const product = config.public.productName;
  return {
    to,
    subject: `Verify your e-mail address for ${product}`,
    text:
      `Welcome to ${product}!\n\n` +
      `Please confirm that this is your e-mail address by opening this link:\n\n${link}\n\n` +
      `The link is valid for 24 hours. If you did not sign up, you can ignore this mail.\n`,
  };
}

/** The password reset mail; the link is single-use and expires after an hour. */
export function resetPasswordMail(config: Config, to: string, token: string): Mail {
  const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const product = config.public.productName;
  return {
    to,
    subject: `Reset your ${product} password`,
    text:
      `Someone asked to reset the password of your ${product} account.\n\n` +
      `To choose a new password, open this link within one hour:\n\n${link}\n\n` +
      `If it was not you, ignore this mail: your password stays as it is.\n`,
  };
}
