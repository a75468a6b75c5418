import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { subjectAliasSchema, type SubjectAlias } from '@shared/search';
import type { z } from '@shared/zod';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';

type AliasValues = z.input<typeof subjectAliasSchema>;
const EMPTY: AliasValues = { alias: '', subject: '' };
const resolver = zodResolver(subjectAliasSchema);

interface AliasFormProps {
  busy: boolean;
  /** Resolves true when saved: the fields then empty for the next one. */
  onSave: (alias: SubjectAlias) => Promise<boolean>;
}

/** Adds an abbreviation, checked by the same schema as the server's (shared/search.ts). */
export function AliasForm({ busy, onSave }: AliasFormProps) {
  // Checked on submit; typing in a field clears its message until the next submit.
  const form = useForm<AliasValues, unknown, SubjectAlias>({ resolver, defaultValues: EMPTY, reValidateMode: 'onSubmit' });
  const { errors } = form.formState;
  const field = (name: keyof AliasValues) => form.register(name, { onChange: () => form.clearErrors(name) });

  const onSubmit = async (alias: SubjectAlias) => {
    if (await onSave(alias)) form.reset(EMPTY);
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
      aria-label="Add an abbreviation"
      className="grid gap-4 sm:grid-cols-[10rem_1fr_auto] sm:items-start"
    >
      <FormField label="Abbreviation" error={errors.alias?.message}>
        {(control) => <Input {...control} {...field('alias')} placeholder="e.g. DSA" maxLength={12} autoComplete="off" />}
      </FormField>
      <FormField label="Subject it stands for" error={errors.subject?.message}>
        {(control) => (
          <Input {...control} {...field('subject')} placeholder="e.g. Data Structures" maxLength={80} autoComplete="off" />
        )}
      </FormField>
      <Button type="submit" disabled={busy} className="min-h-11 sm:mt-7">
        <Plus aria-hidden="true" className="size-4" />
        {busy ? 'Saving...' : 'Add abbreviation'}
      </Button>
    </form>
  );
}
