import { MailCheck } from 'lucide-react';
import { ROUTES } from '@shared/routes';
import { LinkButton } from '../../../components/ui/link-button';
import type { SignUpResult } from './sign-up-form';
import { ResendVerificationButton } from './resend-verification-button';

/** The server's message with the address in bold, so a typo in it is easy to spot. */
function MessageWithEmail({ message, email }: { message: string; email: string }) {
  const at = message.indexOf(email);
  const strong = <strong className="font-semibold break-all text-slate-900">{email}</strong>;
  if (at < 0) {
    return (
      <>
        <p>{message}</p>
        <p>We sent the verification link to {strong}.</p>
      </>
    );
  }
  return (
    <p>
      {message.slice(0, at)}
      {strong}
      {message.slice(at + email.length)}
    </p>
  );
}

/**
 * Shown in place of the form (DESIGN.md §1: the e-mail is verified before the first login, so
 * sign-up cannot sign in and go to / as SPEC.md's flow did).
 */
export function SignUpSuccess({ result }: { result: SignUpResult }) {
  return (
    <div className="space-y-5">
      <div className="flex items-start gap-4">
        <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
          <MailCheck aria-hidden="true" className="size-6" />
        </span>
        <div className="space-y-2 text-slate-700">
          <MessageWithEmail message={result.message} email={result.email} />
          <p>Open the link in that e-mail to activate your account, then log in.</p>
        </div>
      </div>
      {result.adminRequested ? (
        <p className="rounded-lg border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-brand-900">
          You will join as a student; an administrator reviews your request for admin access.
        </p>
      ) : null}
      <p className="text-sm text-slate-600">No e-mail after a few minutes? Check your spam folder, or send it again.</p>
      <div className="flex flex-col gap-3">
        <LinkButton to={ROUTES.login} size="lg" className="w-full">
          Go to Login
        </LinkButton>
        <ResendVerificationButton email={result.email} size="lg" className="w-full" />
      </div>
    </div>
  );
}
