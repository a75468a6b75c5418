import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { ACCOUNT_MESSAGES, institutionEmailMessage, isInstitutionEmail, PASSWORD_MIN_LENGTH, type SessionUser } from '@shared/account';
import { ROUTES } from '@shared/routes';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormField } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';
import { TextLink } from '../../../components/ui/text-link';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { redirectTargetFrom } from '../../../lib/login-redirect';
import { replaceSession } from '../../../lib/session';
import { publicConfig } from '../../../lib/public-config';
import { toast } from '../../../lib/toast';
import { useLogin } from '../api/login';
import { readRememberMe, writeRememberMe } from '../utils/remember-me';
import { ResendVerificationButton } from './resend-verification-button';
import { InstitutionEmailField } from './institution-email-field';
import { TwoFactorCodeForm } from './two-factor-code-form';

interface LoginValues {
  email: string;
  password: string;
  rememberMe: boolean;
}

const SETUP_TARGET = `${ROUTES.account}?setup=two-factor`;
const MAX_ATTEMPTS_PER_PAGE_LOAD = 5;
// Module scope on purpose: SPEC.md §4 counts attempts per page load, not per visit to /login.
// The server throttles for real (DESIGN.md §1); this only spares it obvious hammering.
let attemptsThisPageLoad = 0;

const resolver: Resolver<LoginValues> = (values) => {
  const errors: FieldErrors<LoginValues> = {};
  if (!isInstitutionEmail(values.email.trim(), publicConfig.institutionEmailDomain))
    errors.email = { type: 'validate', message: institutionEmailMessage(publicConfig.institutionName) };
  if (values.password.length < PASSWORD_MIN_LENGTH)
    errors.password = { type: 'validate', message: ACCOUNT_MESSAGES.passwordTooShortLogin };
  return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
};

interface FormError {
  message: string;
  /** Set when the account exists but its e-mail is not verified: offer a new link. */
  unverifiedEmail?: string;
}

export function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const [formError, setFormError] = useState<FormError | null>(null);
  const [codeStep, setCodeStep] = useState(false);
  const [setupUser, setSetupUser] = useState<SessionUser | null>(null);
  const queryClient = useQueryClient();
  const { register, handleSubmit, getValues, formState } = useForm<LoginValues>({
    resolver,
    defaultValues: { email: '', password: '', rememberMe: readRememberMe() },
  });
  const loggedIn = (user: SessionUser, setupRequired: boolean) => {
    attemptsThisPageLoad = 0;
    writeRememberMe(getValues('rememberMe'));
    toast.success(ACCOUNT_MESSAGES.loginSuccess, { id: 'login' });
    // A role that must have two-factor sign-in sets it up first (decision 049). The guest-only
    // guard of /login sends a signed-in user to its state's target: that state is set first, the
    // session after it (the effect below), so the guard never sees the old target.
    if (setupRequired) {
      setSetupUser(user);
      void navigate(ROUTES.login, { replace: true, state: { from: SETUP_TARGET } });
    } else void navigate(redirectTargetFrom(location.state), { replace: true });
  };
  useEffect(() => {
    if (setupUser && redirectTargetFrom(location.state) === SETUP_TARGET) replaceSession(queryClient, setupUser);
  }, [setupUser, location.state, queryClient]);
  const login = useLogin({ onLoggedIn: loggedIn, onCodeRequired: () => setCodeStep(true) });

  const showError = (error: FormError) => {
    setFormError(error);
    toast.error(error.message, { id: 'login' });
  };

  const onSubmit = (values: LoginValues) => {
    if (attemptsThisPageLoad >= MAX_ATTEMPTS_PER_PAGE_LOAD) {
      showError({ message: ACCOUNT_MESSAGES.tooManyAttemptsClient });
      return;
    }
    attemptsThisPageLoad += 1;
    setFormError(null);
    const email = values.email.trim();
    login.mutate(
      { email, password: values.password, rememberMe: values.rememberMe },
      {
        onError: (error) => {
          if (error instanceof ApiRequestError && error.code === 'EMAIL_NOT_VERIFIED') {
            showError({ message: error.message, unverifiedEmail: email });
            return;
          }
          showError({ message: errorMessage(error, ACCOUNT_MESSAGES.loginFailed, [400, 401, 403, 429]) });
        },
      },
    );
  };

  const { errors } = formState;
  if (codeStep) return <TwoFactorCodeForm onLoggedIn={(user) => loggedIn(user, false)} onRestart={() => setCodeStep(false)} />;
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5">
      <InstitutionEmailField registration={register('email')} error={errors.email?.message} />
      <FormField label="Password" error={errors.password?.message}>
        {(control) => <PasswordInput {...control} {...register('password')} autoComplete="current-password" />}
      </FormField>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <Checkbox label="Remember me" {...register('rememberMe')} />
        <TextLink to={ROUTES.forgotPassword} className="text-sm">
          Forgot password?
        </TextLink>
      </div>
      {formError ? (
        <Alert tone="error">
          <p>{formError.message}</p>
          {formError.unverifiedEmail ? <ResendVerificationButton email={formError.unverifiedEmail} /> : null}
        </Alert>
      ) : null}
      <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
        {login.isPending ? 'Signing in...' : 'Login'}
      </Button>
    </form>
  );
}
