import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { subjectAliasSchema, type SubjectAlias } from '@shared/search';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { firstErrorPerField } from '../../../lib/field-errors';

type Field = keyof SubjectAlias;
const EMPTY: Record<Field, string> = { alias: '', subject: '' };

interface AliasFormProps {
  busy: boolean;
  /** Resolves true when saved: the fields then empty for the next one. */
  onSave: (alias: SubjectAlias) => Promise<boolean>;
}

/** Adds an abbreviation, checked by the same schema as the server's (shared/search.ts). */
export function AliasForm({ busy, onSave }: AliasFormProps) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = subjectAliasSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(firstErrorPerField<Field>(parsed.error));
      return;
    }
    if (await onSave(parsed.data)) setValues(EMPTY);
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      aria-label="Add an abbreviation"
      className="grid gap-4 sm:grid-cols-[10rem_1fr_auto] sm:items-start"
    >
      <FormField label="Abbreviation" error={errors.alias}>
        {(control) => (
          <Input {...control} value={values.alias} onChange={set('alias')} placeholder="e.g. DSA" maxLength={12} autoComplete="off" />
        )}
      </FormField>
      <FormField label="Subject it stands for" error={errors.subject}>
        {(control) => (
          <Input
            {...control}
            value={values.subject}
            onChange={set('subject')}
            placeholder="e.g. Data Structures"
            maxLength={80}
            autoComplete="off"
          />
        )}
      </FormField>
      <Button type="submit" disabled={busy} className="min-h-11 sm:mt-7">
        <Plus aria-hidden="true" className="size-4" />
        {busy ? 'Saving...' : 'Add abbreviation'}
      </Button>
    </form>
  );
}
