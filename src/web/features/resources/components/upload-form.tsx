import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { ResourceRequest } from '@shared/request';
import { ROUTES } from '@shared/routes';
import {
  RESOURCE_MESSAGES,
  fileTooLargeMessage,
  maxUploadBytes,
  requestUploadFieldsSchema,
  uploadFieldsSchemaFor,
  type UploadFields,
} from '@shared/resource';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { Select } from '../../../components/ui/select';
import { AcademicYearOptions, CourseOptions, ResourceTypeOptions, SemesterOptions } from './catalogue-options';
import { offeredAcademicYears } from '../../../lib/academic-years';
import { ApiRequestError } from '../../../lib/api-client';
import { useBranches } from '../../../lib/get-branches';
import { publicConfig } from '../../../lib/public-config';
import { toast } from '../../../lib/toast';
import { useSubjects } from '../../../lib/get-subjects';
import { useUploadResource } from '../api/use-upload-resource';
import { FilePicker } from './file-picker';
import { BranchOptions } from '../../../lib/branch-options';

type UploadValues = Record<keyof UploadFields, string>;
type FieldErrors = Partial<Record<keyof UploadValues, string>>;

const EMPTY: UploadValues = { course: 'btech', branch: '', semester: '', subject: '', resourceType: '', academicYear: '', title: '' };
const FIELD_NAMES = Object.keys(EMPTY) as (keyof UploadValues)[];

/**
 * The shared upload schema, reported field by field (the server checks the same rules). Plain
 * state rather than a form library: six fields do not need one, and the page stays within the
 * first-load budget (DESIGN.md §5).
 */
function validate(values: UploadValues): { fields?: UploadFields; errors: FieldErrors } {
  const parsed = uploadFieldsSchemaFor(offeredAcademicYears()).safeParse(values);
  if (parsed.success) return { fields: parsed.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as keyof UploadValues] ??= issue.message;
  return { errors };
}

/** With a request, only the resource type is asked. */
function validateType(values: UploadValues): { fields?: Pick<UploadFields, 'resourceType'>; errors: FieldErrors } {
  const parsed = typeOnlySchema.safeParse(values);
  if (parsed.success) return { fields: parsed.data, errors: {} };
  return { errors: { resourceType: parsed.error.issues[0]?.message } };
}

/** What is wrong with a chosen file before a byte is sent, or undefined. */
function checkFile(file: File | null): string | undefined {
  if (!file) return RESOURCE_MESSAGES.fieldsMissing;
  if (!/\.pdf$/i.test(file.name) && file.type !== 'application/pdf') return RESOURCE_MESSAGES.notPdf;
  if (file.size > maxUploadBytes(publicConfig.maxUploadMb)) return fileTooLargeMessage(publicConfig.maxUploadMb);
  return undefined;
}

const typeOnlySchema = requestUploadFieldsSchema.pick({ resourceType: true });

interface UploadFormProps {
  /** A request this upload fulfils: its class, subject and year are fixed, only type and file are asked. */
  request?: ResourceRequest;
}

/** SPEC.md §2 Upload Resources form: fields in order, PDF picker, progress bar, toasts, reset. */
export function UploadForm({ request }: UploadFormProps) {
  const navigate = useNavigate();
  const branches = useBranches();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  const upload = useUploadResource();
  const [values, setValues] = useState<UploadValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const subjects = useSubjects(values.branch || undefined, Number(values.semester) || undefined);
  const busy = upload.isPending;
  // A request fixes these fields (the server takes them from the request), so they are not shown.
  const locked = request ? 'hidden' : undefined;

  /** Props binding a control to one field; editing a field clears its error. */
  const bind = (name: keyof UploadValues) => ({
    name,
    value: values[name],
    disabled: busy,
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  const chooseFile = (next: File | null) => {
    setFile(next);
    setFileError(next ? checkFile(next) : undefined);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const { fields, errors: fieldErrors } = request ? validateType(values) : validate(values);
    const problem = checkFile(file);
    setErrors(fieldErrors);
    setFileError(problem);
    if (!fields || problem || !file) return;
    const id = toast.loading('Uploading...');
    upload.mutate(
      request ? { requestId: request.id, fields: { resourceType: fields.resourceType }, file } : { fields: fields as UploadFields, file },
      {
        onSuccess: (answer) => {
          toast.success(answer.message ? `${RESOURCE_MESSAGES.uploadSuccess} ${answer.message}` : RESOURCE_MESSAGES.uploadSuccess, { id });
          setValues(EMPTY);
          setErrors({});
          chooseFile(null);
          if (request) void navigate(ROUTES.requestQueue);
        },
        onError: (error) => {
          const message = (error instanceof ApiRequestError && error.message) || RESOURCE_MESSAGES.uploadFailed;
          toast.error(message, { id });
          if (error instanceof ApiRequestError && error.field) {
            if (error.field === 'file') setFileError(message);
            else if ((FIELD_NAMES as string[]).includes(error.field)) setErrors({ [error.field]: message });
          }
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Upload a resource" className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Course" className={locked} error={errors.course}>
          {(control) => (
            <Select {...control} {...bind('course')}>
              <CourseOptions />
            </Select>
          )}
        </FormField>
        <FormField label="Branch" className={locked} error={errors.branch}>
          {(control) => (
            <Select {...control} {...bind('branch')} placeholder="Select branch">
              <BranchOptions branches={branches.data?.branches ?? []} />
            </Select>
          )}
        </FormField>
        <FormField label="Semester" className={locked} error={errors.semester}>
          {(control) => (
            <Select {...control} {...bind('semester')} placeholder="Select semester">
              <SemesterOptions />
            </Select>
          )}
        </FormField>
        <FormField label="Subject" className={locked} error={errors.subject} hint="Pick a suggestion or type the subject's name.">
          {(control) => (
            <>
              <Input {...control} {...bind('subject')} list="subject-suggestions" autoComplete="off" maxLength={80} placeholder="e.g. Data Structures" />
              <datalist id="subject-suggestions">
                {(subjects.data?.subjects ?? []).map((s) => (
                  <option key={s.name} value={s.name} />
                ))}
              </datalist>
            </>
          )}
        </FormField>
        <FormField label="Resource Type" error={errors.resourceType} className={request ? 'sm:col-span-2' : undefined}>
          {(control) => (
            <Select {...control} {...bind('resourceType')} placeholder="Select type">
              <ResourceTypeOptions />
            </Select>
          )}
        </FormField>
        <FormField label="Academic Year" className={locked} error={errors.academicYear}>
          {(control) => (
            <Select {...control} {...bind('academicYear')} placeholder="Select academic year">
              <AcademicYearOptions />
            </Select>
          )}
        </FormField>
      </div>
      <FilePicker file={file} maxUploadMb={publicConfig.maxUploadMb} error={fileError} disabled={busy} onChange={chooseFile} />
      {busy ? <ProgressBar value={upload.progress} label="Uploading" /> : null}
      <Button type="submit" size="lg" className="w-full" disabled={!file || busy}>
        {busy ? 'Uploading...' : 'Upload Resource'}
      </Button>
    </form>
  );
}
