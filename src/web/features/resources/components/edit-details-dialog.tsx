import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEvent } from 'react';
import type { Resolver } from 'react-hook-form';
import { TITLE_MAX_LENGTH, type Resource } from '@shared/resource';
import { EDIT_MESSAGES, resourceEditSchemaFor, type ResourceEdit } from '@shared/resource-edit';
import { uploadAcademicYears } from '@shared/upload-fields';
import { ResourceTypeOptions } from '../../../components/catalogue-options';
import { AcademicYearField, ClassSubjectFields } from '../../../components/class-subject-fields';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { publicConfig } from '../../../lib/public-config';
import { toast } from '../../../lib/toast';
import { useClassSubjectForm } from '../../../lib/use-class-subject-form';
import { useUpdateResource } from '../api/update-resource';
import { ExamFields } from './exam-fields';
import { ReplaceFileSection } from './replace-file-section';

const FIELDS = ['course', 'title', 'branch', 'semester', 'subject', 'resourceType', 'academicYear', 'exam', 'examMonth', 'examYear'] as const;
type EditValues = Record<(typeof FIELDS)[number], string>;

const uploadYears = () => uploadAcademicYears(publicConfig.academicYearsShown, publicConfig.firstAcademicYear);

/** The schema the server checks an edit with, field by field, with the years offered now. */
const editResolver: Resolver<EditValues, unknown, ResourceEdit> = (values, context, options) => {
  const schema = resourceEditSchemaFor(uploadYears(), { exams: publicConfig.exams, firstYear: publicConfig.firstAcademicYear });
  return (zodResolver(schema) as unknown as Resolver<EditValues, unknown, ResourceEdit>)(values, context, options);
};

const valuesOf = (r: Resource): EditValues => ({
  course: r.course,
  title: r.title,
  branch: r.branch,
  semester: String(r.semester),
  subject: r.subject,
  resourceType: r.resourceType,
  academicYear: r.academicYear,
  exam: r.exam ?? '',
  examMonth: r.examMonth === null ? '' : String(r.examMonth),
  examYear: r.examYear === null ? '' : String(r.examYear),
});

interface EditDetailsDialogProps {
  resource: Resource | null;
  onClose: () => void;
}

/** "Edit details" for the uploader or an admin (issue 36): every field the upload form sets. */
export function EditDetailsDialog({ resource, onClose }: EditDetailsDialogProps) {
  const update = useUpdateResource();
  return (
    <Dialog
      open={resource !== null}
      onClose={onClose}
      title="Edit details"
      description={resource ? <p>{`${resource.subject}, ${resource.originalName}`}</p> : undefined}
      body={
        resource ? (
          <>
            <EditDetailsForm key={resource.id} resource={resource} update={update} onDone={onClose} />
            <ReplaceFileSection key={`file-${resource.id}`} resource={resource} />
          </>
        ) : undefined
      }
    >
      <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
        Cancel
      </Button>
      <Button type="submit" form={FORM_ID} disabled={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save details'}
      </Button>
    </Dialog>
  );
}

const FORM_ID = 'edit-details-form';

function EditDetailsForm({ resource, update, onDone }: { resource: Resource; update: ReturnType<typeof useUpdateResource>; onDone: () => void }) {
  const busy = update.isPending;
  // Each resource opened starts from its own values (the form is keyed by its id).
  const form = useClassSubjectForm(() => valuesOf(resource), editResolver, busy);
  const { errors, bind } = form;
  const paper = form.values.resourceType === 'PYQ';

  const save = (changes: ResourceEdit) => {
    const sent = paper ? changes : { ...changes, exam: undefined, examMonth: undefined, examYear: undefined };
    update.mutate(
      { id: resource.id, changes: sent },
      {
        onSuccess: () => {
          toast.success(EDIT_MESSAGES.saved, { id: 'edit-details' });
          onDone();
        },
        onError: (failure) => {
          const message = errorMessage(failure, EDIT_MESSAGES.saveFailed, [400, 403, 404]);
          const field = failure instanceof ApiRequestError && (FIELDS as readonly string[]).includes(failure.field ?? '') ? failure.field : 'title';
          form.showServerError(field as keyof EditValues, message);
        },
      },
    );
  };
  const handleSubmit = (event: FormEvent) => void form.form.handleSubmit(save)(event);

  return (
    <form id={FORM_ID} onSubmit={handleSubmit} noValidate aria-label="Edit details" className="mt-4 space-y-5">
      <FormField label="Title" error={errors.title} hint="What tells this file apart from others of the subject: units, topics, the exam.">
        {(control) => <Input {...control} {...bind('title')} maxLength={TITLE_MAX_LENGTH} autoComplete="off" />}
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <ClassSubjectFields form={form} />
        <FormField label="Resource Type" error={errors.resourceType}>
          {(control) => (
            <Select {...control} {...bind('resourceType')} placeholder="Select type">
              <ResourceTypeOptions />
            </Select>
          )}
        </FormField>
        <AcademicYearField form={form} years={uploadYears()} />
        {paper ? <ExamFields bind={bind} errors={errors} /> : null}
      </div>
    </form>
  );
}
