import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { COURSES, SEMESTERS, semesterLabel } from '@shared/catalogue';
import { REQUEST_DESCRIPTION_MAX, REQUEST_MESSAGES, createRequestSchemaFor, type CreateRequest } from '@shared/request';
import { ROUTES } from '@shared/routes';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { offeredAcademicYears } from '../../../lib/academic-years';
import { errorMessage } from '../../../lib/api-client';
import { useBranches } from '../../../lib/get-branches';
import { useSubjects } from '../../../lib/get-subjects';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useCreateRequest } from '../api/requests';
import { BranchOptions } from '../../../lib/branch-options';

type Values = Record<keyof CreateRequest, string>;
type Errors = Partial<Record<keyof Values, string>>;

/** SPEC.md §9: the move to /my-requests after success waits 2 s. */
const REDIRECT_DELAY_MS = 2000;
/** The subject select's last option: the student types a subject the catalogue lacks. */
const OTHER = '__other__';

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
  const prefilledSubject = params.get('subject')?.trim().slice(0, 80) ?? '';
  const [values, setValues] = useState<Values>(() => ({
    course: 'btech',
    branch: params.get('branch') || (user?.branch ?? ''),
    semester: params.get('semester') || (user?.semester ? String(user.semester) : ''),
    subject: prefilledSubject,
    academicYear: offeredAcademicYears().includes(params.get('academicYear') ?? '') ? params.get('academicYear')! : '',
    description: '',
  }));
  const [choice, setChoice] = useState(prefilledSubject ? OTHER : '');
  const [errors, setErrors] = useState<Errors>({});
  const subjects = useSubjects(values.branch || undefined, Number(values.semester) || undefined);
  const classChosen = Boolean(values.branch && values.semester);
  const listed = subjects.data?.subjects ?? [];
  const busy = create.isPending || create.isSuccess;

  // A pre-filled subject the catalogue knows (in any case) is picked from the list rather than typed.
  useEffect(() => {
    if (!prefilledSubject || !subjects.data) return;
    const known = subjects.data.subjects.find((s) => s.name.toLowerCase() === prefilledSubject.toLowerCase());
    if (known) {
      setChoice(known.name);
      setValues((current) => (current.subject.toLowerCase() === prefilledSubject.toLowerCase() ? { ...current, subject: known.name } : current));
    }
  }, [subjects.data, prefilledSubject]);

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
    if (name === 'branch' || name === 'semester') setChoice('');
    setErrors((current) => ({ ...current, [name]: undefined }));
  };
  const bind = (name: keyof Values) => ({
    name,
    value: values[name],
    disabled: busy,
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
  });

  const chooseSubject = (value: string) => {
    setChoice(value);
    set('subject', value === OTHER ? '' : value);
  };

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
        <FormField
          label="Subject"
          error={choice === OTHER ? undefined : errors.subject}
          hint={classChosen ? undefined : 'Choose a branch and a semester first.'}
        >
          {(control) => (
            <Select
              {...control}
              name="subjectChoice"
              value={choice}
              disabled={busy || !classChosen || subjects.isPending}
              onChange={(event) => chooseSubject(event.target.value)}
              placeholder={classChosen && subjects.isPending ? 'Loading subjects...' : 'Select subject'}
            >
              {listed.map((s) => (
                <option key={s.name} value={s.name}>
                  {s.name}
                </option>
              ))}
              <option value={OTHER}>Another subject...</option>
            </Select>
          )}
        </FormField>
        {choice === OTHER ? (
          <FormField label="Subject name" error={errors.subject} className="sm:col-span-2">
            {(control) => <Input {...control} {...bind('subject')} maxLength={80} autoComplete="off" placeholder="e.g. Digital Electronics" />}
          </FormField>
        ) : null}
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
