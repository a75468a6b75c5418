import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { ACCOUNT_MESSAGES } from '@shared/account';
import { signUpRequestSchema, signUpSchemaFor, type SignUpField } from '@shared/sign-up';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { publicConfig } from '../../../lib/public-config';
import { toast } from '../../../lib/toast';
import { useSignUp } from '../api/sign-up';
import { SignUpFields, type SignUpValues } from './sign-up-fields';

export interface SignUpResult {
  message: string;
  email: string;
  adminRequested: boolean;
}

const SIGN_UP_FAILED = 'Failed to create account. Please try again.';
const FORM_FIELDS = Object.keys(signUpRequestSchema.shape) as SignUpField[];

/**
 * The server's own sign-up schema is the resolver, so the form shows exactly the server's
 * messages in SPEC.md's order: one failing rule at a time, the first one. The form keeps its
 * raw values (strings from the inputs); the server converts the semester.
 */
const resolver = zodResolver(
  signUpSchemaFor({ institutionName: publicConfig.institutionName, emailDomain: publicConfig.institutionEmailDomain }),
  undefined,
  { raw: true },
) as unknown as Resolver<SignUpValues>;

const DEFAULT_VALUES: SignUpValues = {
  name: '',
  email: '',
  course: 'btech',
  branch: '',
  semester: '',
  role: 'STUDENT',
  session: '',
  password: '',
  confirmPassword: '',
};

function isFormField(field: string | undefined): field is SignUpField {
  return !!field && (FORM_FIELDS as string[]).includes(field);
}

export function SignUpForm({ onSignedUp }: { onSignedUp: (result: SignUpResult) => void }) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<SignUpValues>({ resolver, defaultValues: DEFAULT_VALUES });
  const signUp = useSignUp();

  const onSubmit = (values: SignUpValues) => {
    setFormError(null);
    signUp.mutate(
      { ...values, name: values.name.trim(), email: values.email.trim() },
      {
        onSuccess: (result) => {
          toast.success(ACCOUNT_MESSAGES.signUpSuccess, { id: 'sign-up' });
          onSignedUp(result);
        },
        onError: (error) => {
          const message = errorMessage(error, SIGN_UP_FAILED, [400, 409, 429]);
          const field = error instanceof ApiRequestError ? error.field : undefined;
          // A message about one field goes under that field; anything else above the button.
          if (isFormField(field)) form.setError(field, { type: 'server', message }, { shouldFocus: true });
          else setFormError(message);
          toast.error(message, { id: 'sign-up' });
        },
      },
    );
  };

  // Only one rule fails at a time, so the toast repeats the message shown under its field.
  const onInvalid = (errors: FieldErrors<SignUpValues>) => {
    const message = Object.values(errors)[0]?.message;
    if (typeof message === 'string') toast.error(message, { id: 'sign-up' });
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit, onInvalid)} className="space-y-5">
      <SignUpFields form={form} />
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <Button type="submit" size="lg" className="w-full" disabled={signUp.isPending}>
        {signUp.isPending ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  );
}
