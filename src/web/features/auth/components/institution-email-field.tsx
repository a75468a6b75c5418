import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { publicConfig } from '../../../lib/public-config';

/** The e-mail field of every account form: institution placeholder, no auto-capitalisation. */
export function InstitutionEmailField({ registration, error }: { registration: UseFormRegisterReturn; error?: string }) {
  return (
    <FormField label="Email" error={error}>
      {(control) => (
        <Input
          {...control}
          {...registration}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={`you@${publicConfig.institutionEmailDomain}`}
        />
      )}
    </FormField>
  );
}
