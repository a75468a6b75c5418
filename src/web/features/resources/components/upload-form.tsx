import { zodResolver } from '@hookform/resolvers/zod';
import { X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { ResourceRequest } from '@shared/request';
import { ROUTES, previewResourceHref } from '@shared/routes';
import {
  RESOURCE_MESSAGES,
  fileTooLargeMessage,
  maxUploadBytes,
  TITLE_MAX_LENGTH,
  type Resource,
} from '@shared/resource';
import { defaultTitle, requestUploadFormSchema, uploadAcademicYears, uploadFieldsSchemaFor, type UploadFields } from '@shared/upload-fields';
import { Alert } from '../../../components/ui/alert';
import { TextLink } from '../../../components/ui/text-link';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { Select } from '../../../components/ui/select';
import { ResourceTypeOptions } from '../../../components/catalogue-options';
import { AcademicYearField, ClassSubjectFields } from '../../../components/class-subject-fields';
import { ApiRequestError } from '../../../lib/api-client';
import { publicConfig } from '../../../lib/public-config';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useClassSubjectForm } from '../../../lib/use-class-subject-form';
import { isCancelled, useUploadResource } from '../api/use-upload-resource';
import { lazyComponent } from '../../../components/ui/lazy-component';
import type { NearDuplicate } from './near-duplicate-notice';

// Shown only after a 409 NEAR_DUPLICATE: kept out of the page's first load.
const NearDuplicateNotice = lazyComponent(() => import('./near-duplicate-notice'), (m) => m.NearDuplicateNotice);
// Asked only for a past paper, and shared with the Edit details dialog: kept out of the first load.
const ExamFields = lazyComponent(() => import('./exam-fields'), (m) => m.ExamFields);
// The drop zone's code comes in its own chunk, asked for as this module runs (in parallel with
// the page's data): the field schemas shared with Edit details left the page's chunk, and this
// keeps the page's first load in its budget (bench/lib/first-load.mjs).
const FilePicker = lazyComponent(() => import('./file-picker'), (m) => m.FilePicker);
void FilePicker.preload();
// Several files chosen at once (issue 36): rows with their own fields, in a chunk of their own.
const BatchUpload = lazyComponent(() => import('./batch-upload'), (m) => m.BatchUpload);

type UploadValues = Record<keyof UploadFields, string>;

const EMPTY: UploadValues = { course: 'btech', branch: '', semester: '', subject: '', resourceType: '', academicYear: '', title: '', exam: '', examMonth: '', examYear: '', confirmNearDuplicate: '' };
const FIELD_NAMES = Object.keys(EMPTY) as (keyof UploadValues)[];

/**
 * The shared upload schema, reported field by field (the server checks the same rules), with the
 * years offered at the moment of the check. With a request, only the resource type is asked.
 */
function uploadResolver(request: ResourceRequest | undefined): Resolver<UploadValues, unknown, UploadFields> {
  return (values, context, options) => {
    const exams = { exams: publicConfig.exams, firstYear: publicConfig.firstAcademicYear };
    const schema = request ? requestUploadFormSchema : uploadFieldsSchemaFor(uploadYears(), exams);
    return (zodResolver(schema) as unknown as Resolver<UploadValues, unknown, UploadFields>)(values, context, options);
  };
}

/** The years an upload may carry, newest first: back to the institution's first (FIRST_ACADEMIC_YEAR). */
const uploadYears = () => uploadAcademicYears(publicConfig.academicYearsShown, publicConfig.firstAcademicYear);

/** What is wrong with a chosen file before a byte is sent, or undefined. */
function checkFile(file: File | null): string | undefined {
  if (!file) return RESOURCE_MESSAGES.fieldsMissing;
  if (!/\.pdf$/i.test(file.name) && file.type !== 'application/pdf') return RESOURCE_MESSAGES.notPdf;
  if (file.size > maxUploadBytes(publicConfig.maxUploadMb)) return fileTooLargeMessage(publicConfig.maxUploadMb);
  return undefined;
}

const UPLOAD_CANCELLED = 'Upload cancelled: nothing was saved';

interface UploadFormProps {
  /** A request this upload fulfils: its class, subject and year are fixed, only type and file are asked. */
  request?: ResourceRequest;
}

/**
 * SPEC.md §2 Upload Resources form: fields in order (the subject from the catalogue), an optional
 * title (the file name's until changed), PDF picker, progress bar with Cancel, toasts and a link
 * to the new resource. Unlike SPEC.md's reset, a CR's class is filled in at the start and the
 * choices stay for the next file (issue 36: a CR uploads a term's papers one after another). A file the server would refuse (not a PDF, too large) disables
 * Upload with its message at once.
 */
export function UploadForm({ request }: UploadFormProps) {
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  const upload = useUploadResource();
  const busy = upload.isPending;
  const { user } = useSession();
  // A CR uploads for their own class first (issue 36); an admin for any, so nothing is guessed.
  const start = user?.role === 'CR' ? { ...EMPTY, branch: user.branch, semester: String(user.semester) } : EMPTY;
  const form = useClassSubjectForm(start, uploadResolver(request), busy);
  const { errors, bind } = form;
  const [uploaded, setUploaded] = useState<Resource | null>(null);
  const [batch, setBatch] = useState<File[]>();
  // The paper the last upload looked like, with the fields it was sent with ("Upload anyway").
  const [nearDuplicate, setNearDuplicate] = useState<{ match: NearDuplicate; fields: UploadFields }>();
  // What the server would refuse, known before a byte is sent: Upload stays disabled.
  const fileProblem = file ? checkFile(file) : undefined;
  // A request fixes these fields (the server takes them from the request), so they are not shown.
  const locked = request ? 'hidden' : undefined;

  const { values } = form;
  const paper = values.resourceType === 'PYQ' && !request;
  // What the server names it when no title is typed (shared/exams.ts), shown as the field's hint.
  const untitled = values.subject && values.resourceType && values.academicYear ? defaultTitle({ ...values, examMonth: Number(values.examMonth), examYear: Number(values.examYear) }) : undefined;

  const chooseFile = (next: File | null) => {
    setFile(next);
    setFileError(next ? checkFile(next) : undefined);
    setNearDuplicate(undefined);
    if (next) setUploaded(null);
  };

  // The file is checked with the fields, each showing its message; nothing is sent until all pass.
  const handleSubmit = (event: FormEvent) => {
    setFileError(checkFile(file));
    void form.form.handleSubmit(send)(event);
  };

  const send = (fields: UploadFields) => {
    if (checkFile(file) || !file) return;
    setNearDuplicate(undefined);
    const id = toast.loading('Uploading...');
    upload.mutate(
      request
        ? { requestId: request.id, fields: { resourceType: fields.resourceType, confirmNearDuplicate: fields.confirmNearDuplicate }, file }
        : { fields: paper ? fields : { ...fields, exam: undefined, examMonth: undefined, examYear: undefined }, file },
      {
        onSuccess: (answer) => {
          toast.success(answer.message ? `${RESOURCE_MESSAGES.uploadSuccess} ${answer.message}` : RESOURCE_MESSAGES.uploadSuccess, { id });
          // The next file is most often the same class's, subject's and year's: only its title goes.
          form.form.reset({ ...form.form.getValues(), title: '', confirmNearDuplicate: '' });
          setFile(null);
          setFileError(undefined);
          setUploaded(answer.resource ?? null);
          if (request) void navigate(ROUTES.requestQueue);
        },
        onError: (error) => {
          if (isCancelled(error)) {
            toast(UPLOAD_CANCELLED, { id });
            return;
          }
          // 409 NEAR_DUPLICATE carries the paper it looks like (decision 047).
          const match = error instanceof ApiRequestError && error.code === 'NEAR_DUPLICATE' ? (error.body as { nearDuplicate?: NearDuplicate }).nearDuplicate : undefined;
          if (match) {
            toast.dismiss(id);
            setNearDuplicate({ match, fields });
            return;
          }
          const message = (error instanceof ApiRequestError && error.message) || RESOURCE_MESSAGES.uploadFailed;
          toast.error(message, { id });
          if (error instanceof ApiRequestError && error.field) {
            if (error.field === 'file') setFileError(message);
            else if ((FIELD_NAMES as string[]).includes(error.field)) form.showServerError(error.field as keyof UploadValues, message);
          }
        },
      },
    );
  };

  if (batch) return <BatchUpload files={batch} start={form.form.getValues()} onEmpty={() => setBatch(undefined)} />;

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Upload a resource" className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <ClassSubjectFields form={form} className={locked} />
        <FormField label="Resource Type" error={errors.resourceType} className={request ? 'sm:col-span-2' : undefined}>
          {(control) => (
            <Select {...control} {...bind('resourceType')} placeholder="Select type">
              <ResourceTypeOptions />
            </Select>
          )}
        </FormField>
        <AcademicYearField form={form} className={locked} years={uploadYears()} />
        {paper ? <ExamFields bind={bind} errors={errors} /> : null}
      </div>
      <FilePicker file={file} maxUploadMb={publicConfig.maxUploadMb} error={fileError} disabled={busy} onChange={chooseFile} onChooseMany={request ? undefined : setBatch} />
      {request ? null : (
        <FormField
          label="Title (optional)"
          error={errors.title}
          hint={`Shown first on the card: what tells this file apart (units, topics).${untitled ? ` Left empty: “${untitled}”.` : ''}`}
        >
          {(control) => <Input {...control} {...bind('title')} maxLength={TITLE_MAX_LENGTH} autoComplete="off" placeholder={untitled ?? 'e.g. Unit 3: Normalisation'} />}
        </FormField>
      )}
      {busy ? (
        <div className="flex items-end gap-3">
          <ProgressBar value={upload.progress} label="Uploading" className="flex-1" />
          <Button variant="secondary" onClick={upload.cancel} className="shrink-0">
            <X aria-hidden="true" className="size-4" />
            Cancel upload
          </Button>
        </div>
      ) : null}
      <Button type="submit" size="lg" className="w-full" disabled={!file || busy || Boolean(fileProblem)}>
        {busy ? 'Uploading...' : 'Upload Resource'}
      </Button>
      {nearDuplicate ? (
        <NearDuplicateNotice match={nearDuplicate.match} busy={busy} onUploadAnyway={() => send({ ...nearDuplicate.fields, confirmNearDuplicate: 'true' })} />
      ) : null}
      {uploaded ? (
        <Alert tone="success">
          <p className="font-medium">{`“${uploaded.title}” is in the library.`}</p>
          <p>
            <TextLink to={`${previewResourceHref(uploaded.id)}&branch=${encodeURIComponent(uploaded.branch)}&semester=${uploaded.semester}`}>
              Open the new resource
            </TextLink>
          </p>
        </Alert>
      ) : null}
    </form>
  );
}
