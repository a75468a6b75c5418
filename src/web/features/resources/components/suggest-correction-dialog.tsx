import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { CORRECTION_KINDS, CORRECTION_MESSAGES, CORRECTION_NOTE_MAX, createCorrectionSchema, type CreateCorrection, type CreateCorrectionInput } from '@shared/correction';
import type { Resource } from '@shared/resource';
import { uploadAcademicYears } from '@shared/upload-fields';
import { AcademicYearOptions, ResourceTypeOptions } from '../../../components/catalogue-options';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { errorMessage } from '../../../lib/api-client';
import { publicConfig } from '../../../lib/public-config';
import { toast } from '../../../lib/toast';
import { useSuggestCorrection } from '../api/suggest-correction';

const resolver = zodResolver(createCorrectionSchema);
const FORM_ID = 'suggest-correction-form';
const EMPTY: CreateCorrectionInput = { kind: '' as CreateCorrection['kind'], academicYear: '', subject: '', resourceType: '' as CreateCorrection['resourceType'], note: '' };

interface SuggestCorrectionDialogProps {
  resource: Resource;
  open: boolean;
  onClose: () => void;
}

/**
 * "Suggest a correction" (issue 36): what is wrong, the right value where one applies, a note.
 * It goes to the class's CRs and the admins, who apply it in one step.
 */
export function SuggestCorrectionDialog({ resource, open, onClose }: SuggestCorrectionDialogProps) {
  const form = useForm<CreateCorrectionInput, unknown, CreateCorrection>({ resolver, defaultValues: EMPTY, reValidateMode: 'onSubmit' });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const send = useSuggestCorrection();
  const errors = form.formState.errors;
  const years = uploadAcademicYears(publicConfig.academicYearsShown, publicConfig.firstAcademicYear).filter((y) => y !== resource.academicYear);

  const close = () => {
    form.reset(EMPTY);
    onClose();
  };
  const submit = (correction: CreateCorrection) =>
    send.mutate(
      { id: resource.id, correction },
      {
        onSuccess: (answer) => {
          toast.success(answer.message, { id: 'suggest-correction' });
          close();
        },
        onError: (failure) => form.setError('kind', { type: 'server', message: errorMessage(failure, CORRECTION_MESSAGES.sendFailed, [400, 404, 429]) }),
      },
    );

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Suggest a correction"
      description={<p>{`${resource.title}: ${resource.subject}, ${resource.resourceType}, ${resource.academicYear}. Your class representatives will look at it.`}</p>}
      body={
        <form id={FORM_ID} onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate className="mt-4 space-y-4">
          <FormField label="What is wrong" error={errors.kind?.message}>
            {(control) => (
              <Select {...control} {...form.register('kind', { onChange: () => form.clearErrors() })} placeholder="Choose one" disabled={send.isPending}>
                {CORRECTION_KINDS.map((k) => (
                  <option key={k.value} value={k.value}>
                    {k.label}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          {kind === 'wrong_year' ? (
            <FormField label="The right academic year" error={errors.academicYear?.message}>
              {(control) => (
                <Select {...control} {...form.register('academicYear')} placeholder="Select academic year" disabled={send.isPending}>
                  <AcademicYearOptions years={years} />
                </Select>
              )}
            </FormField>
          ) : null}
          {kind === 'wrong_subject' ? (
            <FormField label="The right subject" error={errors.subject?.message}>
              {(control) => <Input {...control} {...form.register('subject')} maxLength={80} autoComplete="off" disabled={send.isPending} />}
            </FormField>
          ) : null}
          {kind === 'wrong_type' ? (
            <FormField label="The right type" error={errors.resourceType?.message}>
              {(control) => (
                <Select {...control} {...form.register('resourceType')} placeholder="Select type" disabled={send.isPending}>
                  <ResourceTypeOptions />
                </Select>
              )}
            </FormField>
          ) : null}
          <FormField label="Note (optional)" error={errors.note?.message} hint="Where you saw it, which pages, where the better scan is.">
            {(control) => <Textarea {...control} {...form.register('note')} rows={3} maxLength={CORRECTION_NOTE_MAX} disabled={send.isPending} />}
          </FormField>
        </form>
      }
    >
      <Button variant="secondary" onClick={close} disabled={send.isPending}>
        Cancel
      </Button>
      <Button type="submit" form={FORM_ID} disabled={send.isPending}>
        {send.isPending ? 'Sending...' : 'Send correction'}
      </Button>
    </Dialog>
  );
}
