import { FileUp, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { uploadAcademicYears } from '@shared/upload-fields';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Select } from '../../../components/ui/select';
import { ResourceTypeOptions } from '../../../components/catalogue-options';
import { AcademicYearField, ClassSubjectFields } from '../../../components/class-subject-fields';
import { useSubjects } from '../../../lib/get-subjects';
import { publicConfig } from '../../../lib/public-config';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { ROW_FIELDS, useBatchUpload, type BatchValues, type RowField } from '../hooks/use-batch-upload';
import { readUploadChoices, writeUploadChoices } from '../utils/upload-choices';
import { BatchUploadRow } from './batch-upload-row';
import { ExamFields } from './exam-fields';

interface BatchUploadProps {
  files: readonly File[];
  /** The upload form's values when the files were chosen: the class and the fields for all. */
  start: BatchValues;
  /** Every file was removed, or the batch is over: back to the one-file form. */
  onEmpty: () => void;
}

type SharedField = keyof BatchValues;

/**
 * Several PDFs at once (issue 36): the class and any field set here apply to every file; each
 * file's row is pre-filled from its name and first page (marked as guesses) and can be changed
 * on its own, turned, or removed. Files go one after another; one refused leaves the rest going.
 */
export function BatchUpload({ files, start, onEmpty }: BatchUploadProps) {
  const { user } = useSession();
  // What the form holds wins; what it leaves empty comes from this user's last batch.
  const [shared, setSharedValues] = useState<BatchValues>(() => {
    const remembered = user ? readUploadChoices(user.id) : {};
    const filled = Object.fromEntries(Object.entries(start).map(([name, value]) => [name, value || (remembered[name as keyof typeof remembered] ?? '')]));
    return { ...(filled as BatchValues), title: '' };
  });
  const [setForAll, setSetForAll] = useState<ReadonlySet<RowField>>(new Set());
  const batch = useBatchUpload(files, shared, setForAll);
  const subjects = useSubjects(shared.branch || undefined, Number(shared.semester) || undefined);
  const [outcome, setOutcome] = useState<{ done: number; problems: number }>();
  const moreInput = useRef<HTMLInputElement>(null);
  const years = uploadAcademicYears(publicConfig.academicYearsShown, publicConfig.firstAcademicYear);

  useEffect(() => {
    if (batch.rows.length === 0) onEmpty();
  }, [batch.rows.length]);

  const set = (name: SharedField, value: string) => {
    setSharedValues((values) => ({ ...values, [name]: value, ...(name === 'branch' || name === 'semester' ? { subject: '' } : {}) }));
    // A field chosen here is the same for every file: it wins over guesses and earlier edits.
    if ((ROW_FIELDS as readonly string[]).includes(name)) {
      setSetForAll((fields) => new Set([...fields, name as RowField]));
      batch.clearEdits(name as RowField);
    }
    if (name === 'branch' || name === 'semester') batch.clearEdits('subject');
  };
  const bind = (name: SharedField) => ({ name, value: shared[name], disabled: batch.busy, onChange: (event: { target: { value: string } }) => set(name, event.target.value) });
  const form = { values: shared, errors: {}, disabled: batch.busy, bind, set };

  const waiting = batch.rows.filter((row) => row.state.kind === 'ready' || row.state.kind === 'invalid').length;
  const reading = batch.rows.some((row) => batch.guessing(row));
  const uploadAll = async () => {
    setOutcome(undefined);
    const result = await batch.uploadAll();
    setOutcome(result);
    if (user) writeUploadChoices(user.id, shared);
    if (result.done > 0 && result.problems === 0) toast.success(result.done === 1 ? 'The file is in the library.' : `All ${result.done} files are in the library.`);
    else if (result.problems > 0) toast.error(`${result.problems === 1 ? '1 file needs' : `${result.problems} files need`} your attention.`);
  };

  return (
    <div className="space-y-6">
      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold text-slate-900">For every file</legend>
        <p className="text-sm text-slate-600">
          The class applies to all files. Each file is pre-filled from its name and first page (guesses are underlined); a field chosen here sets it for every file.
        </p>
        <div className="grid gap-5 sm:grid-cols-2">
          <ClassSubjectFields form={form} />
          <FormField label="Resource Type">
            {(control) => (
              <Select {...control} {...bind('resourceType')} placeholder="Each file's own">
                <ResourceTypeOptions />
              </Select>
            )}
          </FormField>
          <AcademicYearField form={form} years={years} />
          {shared.resourceType === 'PYQ' ? <ExamFields bind={bind} errors={{}} /> : null}
        </div>
      </fieldset>

      <section aria-labelledby="batch-files-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="batch-files-heading" className="text-lg font-semibold text-slate-900">
            {batch.rows.length === 1 ? '1 file' : `${batch.rows.length} files`}
          </h2>
          <Button variant="secondary" onClick={() => moreInput.current?.click()} disabled={batch.busy}>
            <FileUp aria-hidden="true" className="size-4" />
            Add PDFs
          </Button>
          <input
            ref={moreInput}
            type="file"
            multiple
            accept=".pdf,application/pdf"
            className="hidden"
            onChange={(event) => {
              batch.add([...(event.target.files ?? [])]);
              event.target.value = '';
            }}
          />
        </div>
        <ul className="space-y-3">
          {batch.rows.map((row) => (
            <BatchUploadRow
              key={row.id}
              row={row}
              current={batch.valuesOf(row)}
              subjects={(subjects.data?.subjects ?? []).map((s) => s.name)}
              years={years}
              guessing={batch.guessing(row)}
              busy={batch.busy}
              onEdit={(field, value) => batch.edit(row.id, field, value)}
              onTurn={() => batch.turn(row.id)}
              onRemove={() => batch.remove(row.id)}
              onUploadAnyway={() => void batch.uploadAnyway(row.id)}
            />
          ))}
        </ul>
      </section>

      {outcome ? (
        <Alert tone={outcome.problems ? 'error' : 'success'}>
          <p className="font-medium">{`${outcome.done} of ${batch.rows.length} files are in the library.`}</p>
          {outcome.problems ? <p>The files marked above were not uploaded: each says why.</p> : null}
        </Alert>
      ) : null}
      {batch.busy ? (
        <Button variant="secondary" onClick={batch.cancel} className="w-full">
          <X aria-hidden="true" className="size-4" />
          Cancel upload
        </Button>
      ) : null}
      {waiting === 0 && !batch.busy ? (
        <Button size="lg" variant="secondary" className="w-full" onClick={onEmpty}>
          Upload more files
        </Button>
      ) : (
        // Sent before its guesses came back, a row would go without the fields they fill in.
        <Button size="lg" className="w-full" onClick={() => void uploadAll()} disabled={batch.busy || reading}>
          {batch.busy ? 'Uploading...' : reading ? 'Reading the files...' : waiting === 1 ? 'Upload 1 file' : `Upload ${waiting} files`}
        </Button>
      )}
    </div>
  );
}
