import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import type { Resolver } from 'react-hook-form';
import {
  DEFAULT_PRIORITY,
  ISSUE_TYPES,
  PRIORITIES,
  REPORT_DESCRIPTION_MAX,
  REPORT_EMAIL_MAX,
  REPORT_MESSAGES,
  REPORT_TITLE_MAX,
  SCREENSHOT_FIELD,
  reportFieldsSchema,
  type ReportFieldName,
  type ReportFields,
} from '@shared/report';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useStringForm } from '../../../lib/use-string-form';
import { useCreateReport } from '../api/create-report';
import { checkScreenshot } from '../utils/check-screenshot';
import { ScreenshotPicker } from './screenshot-picker';

type ReportValues = Record<ReportFieldName, string>;

const FIELD_NAMES: readonly string[] = ['issueType', 'title', 'description', 'priority', 'email'];
/** Statuses whose message says more than "Failed to report issue" (0: the server is unreachable). */
const SHOWN = [400, 401, 403, 413, 415, 429];
/** The server's schema and messages, one per field. */
const resolver = zodResolver(reportFieldsSchema) as unknown as Resolver<ReportValues, unknown, ReportFields>;

/** SPEC.md §2 Report Issue: type, title, description, priority, e-mail and an optional screenshot. */
export function ReportForm({ defaultEmail, initial }: { defaultEmail: string; initial?: Partial<ReportValues> }) {
  const defaults: ReportValues = { issueType: '', title: '', description: '', priority: DEFAULT_PRIORITY, email: defaultEmail };
  // `initial` pre-fills the first report only ("Report this file"); after sending, the form is blank.
  const create = useCreateReport();
  const busy = create.isPending;
  const form = useStringForm<ReportValues, ReportFields>(() => ({ ...defaults, ...initial }), resolver, busy);
  const { values, errors, bind } = form;
  const [screenshot, setScreenshot] = useState<File | null>(null);
  const latestChoice = useRef(0);
  const [screenshotError, setScreenshotError] = useState<string>();
  const descriptionLength = values.description.length;

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

  const onSubmit = (fields: ReportFields) => {
    create.mutate(
      { fields, screenshot },
      {
        onSuccess: () => {
          toast.success(REPORT_MESSAGES.submitted, { id: 'report-issue' });
          form.form.reset(defaults);
          latestChoice.current++;
          setScreenshot(null);
          setScreenshotError(undefined);
        },
        onError: (error) => {
          const message = errorMessage(error, REPORT_MESSAGES.submitFailed, SHOWN);
          toast.error(message, { id: 'report-issue' });
          const field = error instanceof ApiRequestError ? error.field : undefined;
          if (field === SCREENSHOT_FIELD) setScreenshotError(message);
          else if (field && FIELD_NAMES.includes(field)) form.showServerError(field as ReportFieldName, message);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={form.form.handleSubmit(onSubmit)} aria-label="Report an issue" className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Issue Type" error={errors.issueType}>
          {(control) => (
            <Select {...control} {...bind('issueType')} placeholder="Select issue type">
              {ISSUE_TYPES.map((type) => (
                <option key={type.value} value={type.value}>
                  {type.label}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label="Priority" error={errors.priority}>
          {(control) => (
            <Select {...control} {...bind('priority')}>
              {PRIORITIES.map((priority) => (
                <option key={priority.value} value={priority.value}>
                  {priority.label}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <FormField label="Title" error={errors.title}>
        {(control) => (
          <Input
            {...control}
            {...bind('title')}
            maxLength={REPORT_TITLE_MAX}
            autoComplete="off"
            placeholder="Brief summary of the issue"
          />
        )}
      </FormField>
      <FormField
        label="Description"
        error={errors.description}
        hint={`What happened, where, and what you expected. ${descriptionLength}/${REPORT_DESCRIPTION_MAX} characters`}
      >
        {(control) => (
          <Textarea
            {...control}
            {...bind('description')}
            rows={5}
            maxLength={REPORT_DESCRIPTION_MAX}
            placeholder="Steps to reproduce, the page address, the resource's name..."
            className="min-h-32"
          />
        )}
      </FormField>
      <FormField label="Email" error={errors.email} hint="We will only use it to follow up on this report.">
        {(control) => (
          <Input {...control} {...bind('email')} type="email" maxLength={REPORT_EMAIL_MAX} autoComplete="email" />
        )}
      </FormField>
      <ScreenshotPicker file={screenshot} error={screenshotError} disabled={busy} onChange={(file) => void chooseScreenshot(file)} />
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? REPORT_MESSAGES.submitting : 'Submit Report'}
      </Button>
    </form>
  );
}
