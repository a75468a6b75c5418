import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { RESOURCE_TYPES } from '@shared/catalogue';
import { REQUEST_DESCRIPTION_MAX, REQUEST_MESSAGES, createRequestSchemaFor, type CreateRequest } from '@shared/request';
import { ROUTES } from '@shared/routes';
import { AcademicYearField, ClassSubjectFields } from '../../../components/class-subject-fields';
import { ResourceTypeOptions } from '../../../components/catalogue-options';
import { Select } from '../../../components/ui/select';
import { publicConfig } from '../../../lib/public-config';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Textarea } from '../../../components/ui/textarea';
import { offeredAcademicYears } from '../../../lib/academic-years';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useClassSubjectForm } from '../../../lib/use-class-subject-form';
import { toast } from '../../../lib/toast';
import { useNavigateAfter } from '../../../lib/use-navigate-after';
import { useCreateRequest } from '../api/requests';
import { lazyComponent } from '../../../components/ui/lazy-component';

// Its search contract and cards arrive after the form (the page's first-load budget).
const LibraryMatches = lazyComponent(() => import('./library-matches'), (m) => m.LibraryMatches);

type Values = Record<keyof CreateRequest, string>;

/** SPEC.md §9: the move to /my-requests after success waits 2 s. */
const REDIRECT_DELAY_MS = 2000;

/**
 * SPEC.md §5's order, first failure per field, from the schema the server also runs; the years
 * offered are asked at each check, so a tab left open across July offers the new one.
 */
const resolver = zodResolver(
  createRequestSchemaFor(offeredAcademicYears, { exams: publicConfig.exams, typeRequired: true }),
) as unknown as Resolver<Values, unknown, CreateRequest>;

/** /request-resources: ask the class's CRs for a missing resource. */
export function RequestForm() {
  const { user } = useSession();
  const create = useCreateRequest();
  const busy = create.isPending || create.isSuccess;
  // A student usually asks for their own class: start there, any class can be chosen. A link
  // (an empty search's "Request this resource") may pre-fill class, subject and year.
  const [params] = useSearchParams();
  const form = useClassSubjectForm<Values, CreateRequest>(
    () => ({
      course: 'btech',
      branch: params.get('branch') || (user?.branch ?? ''),
      semester: params.get('semester') || (user?.semester ? String(user.semester) : ''),
      subject: params.get('subject')?.trim().slice(0, 80) ?? '',
      academicYear: offeredAcademicYears().includes(params.get('academicYear') ?? '') ? params.get('academicYear')! : '',
      resourceType: RESOURCE_TYPES.find((t) => t === params.get('resourceType')) ?? '',
      exam: publicConfig.exams.find((e) => e === params.get('exam')) ?? '',
      description: '',
    }),
    resolver,
    busy,
  );
  const { errors, bind, values } = form;

  useNavigateAfter(create.isSuccess, ROUTES.myRequests, REDIRECT_DELAY_MS);

  const onSubmit = (body: CreateRequest) => {
    // An exam narrows only a past paper; the select is hidden for other types but keeps its value.
    create.mutate(body.resourceType === 'PYQ' ? body : { ...body, exam: undefined }, {
      onSuccess: (answer) => toast.success(answer.message, { id: 'request' }),
      onError: (error) => {
        toast.error(errorMessage(error, REQUEST_MESSAGES.submitFailed, [400, 401, 403]), { id: 'request' });
      },
    });
  };

  return (
    <form onSubmit={form.form.handleSubmit(onSubmit)} noValidate aria-label="Request a resource" className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <ClassSubjectFields form={form} subjectNameClassName="sm:col-span-2" />
        <FormField label="Resource Type" error={errors.resourceType} className={values.resourceType === 'PYQ' ? undefined : 'sm:col-span-2'}>
          {(control) => (
            <Select {...control} {...bind('resourceType')} placeholder="Select type">
              <ResourceTypeOptions />
            </Select>
          )}
        </FormField>
        {values.resourceType === 'PYQ' ? (
          <FormField label="Exam" error={errors.exam}>
            {(control) => (
              <Select {...control} {...bind('exam')}>
                <option value="">Any exam</option>
                {publicConfig.exams.map((exam) => (
                  <option key={exam} value={exam}>
                    {exam}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        ) : null}
        <AcademicYearField form={form} className="sm:col-span-2" />
      </div>
      <FormField
        label="Description"
        error={errors.description}
        hint="What exactly do you need? Units, topics, the exam it is for (at least 10 characters)."
      >
        {(control) => <Textarea {...control} {...bind('description')} maxLength={REQUEST_DESCRIPTION_MAX} rows={4} />}
      </FormField>
      {create.isSuccess ? null : <LibraryMatches draft={values} />}
      {create.isSuccess ? (
        <Alert tone="success">
          <p className="font-medium">{create.data.message}</p>
          <p>Taking you to your requests...</p>
        </Alert>
      ) : null}
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {create.isPending ? 'Submitting...' : 'Submit Request'}
      </Button>
    </form>
  );
}
