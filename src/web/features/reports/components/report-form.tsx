import { useRef, useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import {
  DEFAULT_PRIORITY,
  ISSUE_TYPES,
  PRIORITIES,
  REPORT_DESCRIPTION_MAX,
  REPORT_EMAIL_MAX,
  REPORT_MESSAGES,
  REPORT_TITLE_MAX,
  SCREENSHOT_FIELD,
  reportFieldErrors,
  type ReportFieldName,
} from '@shared/report';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useCreateReport } from '../api/create-report';
import { checkScreenshot } from '../utils/check-screenshot';
import { ScreenshotPicker } from './screenshot-picker';

type ReportValues = Record<ReportFieldName, string>;

/** The shared schema is the resolver: the form shows the server's own messages, one per field. */
const resolver: Resolver<ReportValues> = (values) => {
  const { fields, errors } = reportFieldErrors(values);
  if (fields) return { values, errors: {} };
  const fieldErrors: FieldErrors<ReportValues> = {};
  for (const [name, message] of Object.entries(errors)) fieldErrors[name as ReportFieldName] = { type: 'validate', message };
  return { values: {}, errors: fieldErrors };
};

const FIELD_NAMES: readonly string[] = ['issueType', 'title', 'description', 'priority', 'email'];
/** Statuses whose message says more than "Failed to report issue" (0: the server is unreachable). */
const SHOWN = [400, 401, 403, 413, 415, 429];

/** SPEC.md §2 Report Issue: type, title, description, priority, e-mail and an optional screenshot. */
export function ReportForm({ defaultEmail }: { defaultEmail: string }) {
  const defaults: ReportValues = { issueType: '', title: '', description: '', priority: DEFAULT_PRIORITY, email: defaultEmail };
  const { register, handleSubmit, reset, setError, watch, formState } = useForm<ReportValues>({ resolver, defaultValues: defaults });
  const [screenshot, setScreenshot] = useState<File | null>(null);
  const latestChoice = useRef(0);
  const [screenshotError, setScreenshotError] = useState<string>();
  const create = useCreateReport();
  const busy = create.isPending;
  const descriptionLength = watch('description').length;

  /** A refused file is not kept: only a file that passed the checks can be sent. */
  const chooseScreenshot = async (file: File | null) => {
    const choice = ++latestChoice.current;
    setScreenshotError(undefined);
    if (!file) return setScreenshot(null);
    const problem = await checkScreenshot(file);
    // A later choice (or a reset) while this file was being read wins.
    if (choice !== latestChoice.current) return;
    setScreenshot(problem ? null : file);
    setScreenshotError(problem);
  };

  const onSubmit = (values: ReportValues) => {
    const { fields } = reportFieldErrors(values);
    if (!fields) return;
    create.mutate(
      { fields, screenshot },
      {
        onSuccess: () => {
          toast.success(REPORT_MESSAGES.submitted, { id: 'report-issue' });
          reset(defaults);
          latestChoice.current++;
          setScreenshot(null);
          setScreenshotError(undefined);
        },
        onError: (error) => {
          const message = errorMessage(error, REPORT_MESSAGES.submitFailed, SHOWN);
          toast.error(message, { id: 'report-issue' });
          const field = error instanceof ApiRequestError ? error.field : undefined;
          if (field === SCREENSHOT_FIELD) setScreenshotError(message);
          else if (field && FIELD_NAMES.includes(field)) setError(field as ReportFieldName, { type: 'server', message }, { shouldFocus: true });
        },
      },
    );
  };

  const { errors } = formState;
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Report an issue" className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Issue Type" error={errors.issueType?.message}>
          {(control) => (
            <Select {...control} {...register('issueType')} disabled={busy} placeholder="Select issue type">
              {ISSUE_TYPES.map((type) => (
                <option key={type.value} value={type.value}>
                  {type.label}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label="Priority" error={errors.priority?.message}>
          {(control) => (
            <Select {...control} {...register('priority')} disabled={busy}>
              {PRIORITIES.map((priority) => (
                <option key={priority.value} value={priority.value}>
                  {priority.label}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <FormField label="Title" error={errors.title?.message}>
        {(control) => (
          <Input
            {...control}
            {...register('title')}
            disabled={busy}
            maxLength={REPORT_TITLE_MAX}
            autoComplete="off"
            placeholder="Brief summary of the issue"
          />
        )}
      </FormField>
      <FormField
        label="Description"
        error={errors.description?.message}
        hint={`What happened, where, and what you expected. ${descriptionLength}/${REPORT_DESCRIPTION_MAX} characters`}
      >
        {(control) => (
          <Textarea
            {...control}
            {...register('description')}
            disabled={busy}
            rows={5}
            maxLength={REPORT_DESCRIPTION_MAX}
            placeholder="Steps to reproduce, the page address, the resource's name..."
            className="min-h-32"
          />
        )}
      </FormField>
      <FormField label="Email" error={errors.email?.message} hint="We will only use it to follow up on this report.">
        {(control) => (
          <Input {...control} {...register('email')} type="email" disabled={busy} maxLength={REPORT_EMAIL_MAX} autoComplete="email" />
        )}
      </FormField>
      <ScreenshotPicker file={screenshot} error={screenshotError} disabled={busy} onChange={(file) => void chooseScreenshot(file)} />
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? REPORT_MESSAGES.submitting : 'Submit Report'}
      </Button>
    </form>
  );
}
