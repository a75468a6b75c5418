import { FormField } from '../../../components/ui/form-field';
import { Textarea } from '../../../components/ui/textarea';

interface ReasonFieldProps {
  label: string;
  value: string;
  error?: string;
  placeholder: string;
  /** The new text; the caller clears its error with it. */
  onChange: (value: string) => void;
}

/** Why a request is declined or a correction dismissed: the students read it by e-mail (500 characters at most). */
export function ReasonField({ label, value, error, placeholder, onChange }: ReasonFieldProps) {
  return (
    <FormField label={label} error={error}>
      {(control) => <Textarea {...control} value={value} maxLength={500} rows={3} placeholder={placeholder} onChange={(event) => onChange(event.target.value)} />}
    </FormField>
  );
}
