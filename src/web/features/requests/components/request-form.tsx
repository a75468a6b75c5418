import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { COURSES, SEMESTERS, semesterLabel } from '@shared/catalogue';
import { REQUEST_DESCRIPTION_MAX, REQUEST_MESSAGES, createRequestSchemaFor, type CreateRequest } from '@shared/request';
import { ROUTES } from '@shared/routes';
import { SubjectField } from '../../../components/subject-field';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { offeredAcademicYears } from '../../../lib/academic-years';
import { errorMessage } from '../../../lib/api-client';
import { BranchOptions } from '../../../lib/branch-options';
import { useBranches } from '../../../lib/get-branches';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useCreateRequest } from '../api/requests';

type Values = Record<keyof CreateRequest, string>;
type Errors = Partial<Record<keyof Values, string>>;

/** SPEC.md §9: the move to /my-requests after success waits 2 s. */
const REDIRECT_DELAY_MS = 2000;

/** SPEC.md §5's order, first failure per field, from the schema the server also runs. */
function validate(values: Values): { body?: CreateRequest; errors: Errors } {
  const parsed = createRequestSchemaFor(offeredAcademicYears()).safeParse(values);
  if (parsed.success) return { body: parsed.data, errors: {} };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as keyof Values] ??= issue.message;
  return { errors };
}

/** /request-resources: ask the class's CRs for a missing resource. */
export function RequestForm() {
  const navigate = useNavigate();
  const { user } = useSession();
  const branches = useBranches();
  const create = useCreateRequest();
  // A student usually asks for their own class: start there, any class can be chosen. A link
  // (an empty search's "Request this resource") may pre-fill class, subject and year.
  const [params] = useSearchParams();
  const [values, setValues] = useState<Values>(() => ({
    course: 'btech',
    branch: params.get('branch') || (user?.branch ?? ''),
    semester: params.get('semester') || (user?.semester ? String(user.semester) : ''),
    subject: params.get('subject')?.trim().slice(0, 80) ?? '',
    academicYear: offeredAcademicYears().includes(params.get('academicYear') ?? '') ? params.get('academicYear')! : '',
    description: '',
  }));
  const [errors, setErrors] = useState<Errors>({});
  const busy = create.isPending || create.isSuccess;

  useEffect(() => {
    if (!create.isSuccess) return;
    const timer = window.setTimeout(() => void navigate(ROUTES.myRequests), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [create.isSuccess, navigate]);

  const set = (name: keyof Values, value: string) => {
    setValues((current) => ({
      ...current,
      [name]: value,
      // Another class has other subjects: the chosen one no longer applies.
      ...(name === 'branch' || name === 'semester' ? { subject: '' } : {}),
    }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };
  const bind = (name: keyof Values) => ({
    name,
    value: values[name],
    disabled: busy,
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
  });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const { body, errors: found } = validate(values);
    setErrors(found);
    if (!body) return;
    create.mutate(body, {
      onSuccess: (answer) => toast.success(answer.message, { id: 'request' }),
      onError: (error) => {
        toast.error(errorMessage(error, REQUEST_MESSAGES.submitFailed, [400, 401, 403]), { id: 'request' });
      },
    });
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Request a resource" className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Course" error={errors.course}>
          {(control) => (
            <Select {...control} {...bind('course')}>
              {COURSES.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label="Branch" error={errors.branch}>
          {(control) => (
            <Select {...control} {...bind('branch')} placeholder="Select branch">
              <BranchOptions branches={branches.data?.branches ?? []} />
            </Select>
          )}
        </FormField>
        <FormField label="Semester" error={errors.semester}>
          {(control) => (
            <Select {...control} {...bind('semester')} placeholder="Select semester">
              {SEMESTERS.map((s) => (
                <option key={s} value={String(s)}>
                  {semesterLabel(s)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <SubjectField
          branch={values.branch}
          semester={values.semester}
          value={values.subject}
          error={errors.subject}
          disabled={busy}
          nameClassName="sm:col-span-2"
          onChange={(subject) => set('subject', subject)}
        />
        <FormField label="Academic Year" error={errors.academicYear} className="sm:col-span-2">
          {(control) => (
            <Select {...control} {...bind('academicYear')} placeholder="Select academic year">
              {offeredAcademicYears().map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <FormField
        label="Description"
        error={errors.description}
        hint="What exactly do you need? Units, topics, the exam it is for (at least 10 characters)."
      >
        {(control) => <Textarea {...control} {...bind('description')} maxLength={REQUEST_DESCRIPTION_MAX} rows={4} />}
      </FormField>
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
