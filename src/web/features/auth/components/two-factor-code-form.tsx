import { useState, type FormEvent } from 'react';
import type { SessionUser } from '@shared/account';
import { TWO_FACTOR_MESSAGES } from '@shared/two-factor';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useLoginWithCode } from '../api/login';

/**
 * The login's second step when two-factor sign-in is on: the 6-digit code from the app, or one
 * backup code. An expired challenge sends the user back to the password (`onRestart`).
 */
export function TwoFactorCodeForm({ onLoggedIn, onRestart }: { onLoggedIn: (user: SessionUser) => void; onRestart: () => void }) {
  const [kind, setKind] = useState<'totp' | 'backup'>('totp');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verify = useLoginWithCode({ onLoggedIn: (user) => onLoggedIn(user) });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(TWO_FACTOR_MESSAGES.codeRequired);
    setError(null);
    verify.mutate(
      { code: code.trim(), kind },
      {
        onError: (failure) => {
          const message = errorMessage(failure, TWO_FACTOR_MESSAGES.invalidCode, [400, 401, 429]);
          toast.error(message, { id: 'login' });
          if (failure instanceof ApiRequestError && failure.code === 'TWO_FACTOR_CHALLENGE_EXPIRED') return onRestart();
          setError(message);
        },
      },
    );
  };

  const backup = kind === 'backup';
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <p className="text-sm text-slate-700">
        {backup ? 'Enter one of the backup codes you saved when you set up two-factor sign-in. Each works once.' : 'Open your authenticator app and enter the 6-digit code it shows for this account.'}
      </p>
      <FormField label={backup ? 'Backup code' : 'Authentication code'} error={error ?? undefined}>
        {(control) => (
          <Input
            {...control}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="one-time-code"
            inputMode={backup ? 'text' : 'numeric'}
            autoFocus
            className="font-mono tracking-widest"
          />
        )}
      </FormField>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button type="submit" size="lg" className="w-full" disabled={verify.isPending}>
        {verify.isPending ? 'Checking...' : 'Verify and sign in'}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button type="button" className="font-medium text-blue-700 underline-offset-2 hover:underline" onClick={() => (setKind(backup ? 'totp' : 'backup'), setCode(''), setError(null))}>
          {backup ? 'Use the authenticator app instead' : 'Use a backup code instead'}
        </button>
        <button type="button" className="text-slate-600 underline-offset-2 hover:underline" onClick={onRestart}>
          Back to password
        </button>
      </div>
    </form>
  );
}
