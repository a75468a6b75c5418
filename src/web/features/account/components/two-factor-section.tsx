import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { TWO_FACTOR_MESSAGES, type TwoFactorSetup } from '@shared/two-factor';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useConfirmTwoFactor, useDisableTwoFactor, useEnableTwoFactor, useTwoFactorStatus } from '../api/two-factor';

const SHOWN = [400, 401, 403, 409, 429];

// The QR library is fetched only when set-up shows the code, never with the account page.
const TotpQrCode = lazy(() => import('./totp-qr-code').then((m) => ({ default: m.TotpQrCode })));

/** One field and its button: the password (set up, turn off) or the app's first code. */
function OneFieldForm(props: { label: string; kind: 'password' | 'code'; submit: string; busy: boolean; email: string; onSubmit: (value: string) => Promise<unknown> }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    props.onSubmit(value).catch((failure: unknown) => {
      const message = errorMessage(failure, 'Something went wrong. Please try again.', SHOWN);
      setError(message);
      toast.error(message, { id: 'two-factor' });
    });
  };
  const control = { value, onChange: (event: { target: { value: string } }) => setValue(event.target.value) };
  return (
    <form noValidate onSubmit={send} className="space-y-4">
      {props.kind === 'password' ? <input type="text" name="username" autoComplete="username" value={props.email} readOnly hidden /> : null}
      <FormField label={props.label} error={error ?? undefined}>
        {(field) =>
          props.kind === 'password' ? (
            <PasswordInput {...field} {...control} autoComplete="current-password" />
          ) : (
            <Input {...field} {...control} inputMode="numeric" autoComplete="one-time-code" className="font-mono tracking-widest" />
          )
        }
      </FormField>
      <Button type="submit" className="w-full sm:w-auto" disabled={props.busy}>
        {props.busy ? 'Please wait...' : props.submit}
      </Button>
    </form>
  );
}

function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <li className="space-y-2">
      <p className="font-medium text-slate-900">
        {n}. {title}
      </p>
      {children}
    </li>
  );
}

/** The secret (a QR code, text, and a link an authenticator on this phone opens), the codes, the first code. */
function SetupSteps({ setup, email, onDone }: { setup: TwoFactorSetup; email: string; onDone: () => void }) {
  const confirm = useConfirmTwoFactor();
  return (
    <ol className="space-y-5">
      <Step n={1} title="Add StudyShelf to your authenticator app">
        <p className="text-sm text-slate-700">
          In any authenticator app (Google Authenticator, Microsoft Authenticator, Aegis, 2FAS...), scan this code, or add an account with the key below, or open the link on this phone.
        </p>
        <Suspense fallback={<Skeleton className="h-48 w-48" />}>
          <TotpQrCode uri={setup.totpUri} />
        </Suspense>
        <p className="break-words rounded-lg bg-slate-100 px-3 py-2 font-mono text-base tracking-wider text-slate-900" aria-label="Secret key">
          {setup.secret.match(/.{1,4}/g)?.join(' ')}
        </p>
        <a href={setup.totpUri} className="text-sm font-medium text-blue-700 underline underline-offset-2">
          Open in authenticator app
        </a>
      </Step>
      <Step n={2} title="Save your backup codes">
        <p className="text-sm text-slate-700">Each code signs you in once if you lose your phone. Keep them somewhere safe: they are not shown again.</p>
        <ul aria-label="Backup codes" className="grid grid-cols-2 gap-2 rounded-lg bg-slate-100 p-3 font-mono text-sm text-slate-900">
          {setup.backupCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
      </Step>
      <Step n={3} title="Enter the code the app shows">
        <OneFieldForm
          label="6-digit code"
          kind="code"
          submit="Turn on two-factor sign-in"
          busy={confirm.isPending}
          email={email}
          onSubmit={(code) =>
            confirm.mutateAsync(code.trim()).then(({ message }) => {
              toast.success(message, { id: 'two-factor' });
              onDone();
            })
          }
        />
      </Step>
    </ol>
  );
}

/** Account settings: two-factor sign-in (decision 049), set up, confirmed, turned off. */
export function TwoFactorSection({ email, setupAsked }: { email: string; setupAsked: boolean }) {
  const status = useTwoFactorStatus();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [starting, setStarting] = useState(false);

  if (status.isPending) return <Skeleton className="h-20" aria-busy="true" aria-label="Loading two-factor sign-in" />;
  if (status.isError) return <RetryAlert message="Could not load your two-factor sign-in." onRetry={() => void status.refetch()} />;
  const { enabled, required } = status.data;

  if (setup) return <SetupSteps setup={setup} email={email} onDone={() => setSetup(null)} />;
  if (enabled)
    return (
      <div className="space-y-4">
        <Alert tone="success">{TWO_FACTOR_MESSAGES.enabled} Signing in asks for a code from your authenticator app.</Alert>
        {required ? (
          <p className="text-sm text-slate-600">Your role must use two-factor sign-in, so it cannot be turned off.</p>
        ) : (
          <OneFieldForm
            label="Your password, to turn it off"
            kind="password"
            submit="Turn off two-factor sign-in"
            busy={disable.isPending}
            email={email}
            onSubmit={(password) => disable.mutateAsync(password).then(({ message }) => toast.success(message, { id: 'two-factor' }))}
          />
        )}
      </div>
    );
  return (
    <div className="space-y-4">
      {required && setupAsked ? <Alert tone="info">{TWO_FACTOR_MESSAGES.setupRequired}</Alert> : null}
      {starting ? (
        <OneFieldForm
          label="Your password"
          kind="password"
          submit="Continue"
          busy={enable.isPending}
          email={email}
          onSubmit={(password) => enable.mutateAsync(password).then(setSetup)}
        />
      ) : (
        <Button className="w-full sm:w-auto" onClick={() => setStarting(true)}>
          Set up two-factor sign-in
        </Button>
      )}
    </div>
  );
}
