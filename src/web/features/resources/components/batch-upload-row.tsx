import { CircleAlert, CircleCheck, FileText, RotateCw, X } from 'lucide-react';
import { useState } from 'react';
import { EXAM_MONTHS } from '@shared/exam-fields';
import { examLabel } from '@shared/exams';
import { RESOURCE_TYPE_NAMES } from '@shared/catalogue';
import { formatMegabytes, TITLE_MAX_LENGTH } from '@shared/resource';
import { previewResourceHref } from '@shared/routes';
import { defaultTitle } from '@shared/upload-fields';
import { UPLOAD_GUESS_MESSAGES } from '@shared/upload-guess';
import { AcademicYearOptions, ResourceTypeOptions } from '../../../components/catalogue-options';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { Select } from '../../../components/ui/select';
import { TextLink } from '../../../components/ui/text-link';
import { publicConfig } from '../../../lib/public-config';
import type { BatchRow, RowField, RowValues } from '../hooks/use-batch-upload';
import { examYears } from './exam-fields';
import { NearDuplicateNotice } from './near-duplicate-notice';

interface BatchUploadRowProps {
  row: BatchRow;
  current: RowValues;
  subjects: readonly string[];
  years: string[];
  guessing: boolean;
  busy: boolean;
  onEdit: (field: RowField, value: string) => void;
  onTurn: () => void;
  onRemove: () => void;
  onUploadAnyway: () => void;
}

/** "Data Structures · Previous Year Papers · End-sem Dec 2024 · 2024-25", guesses marked. */
function Summary({ current }: { current: RowValues }) {
  const { values, guessed } = current;
  const parts: Array<{ field: RowField; text: string }> = [];
  if (values.subject) parts.push({ field: 'subject', text: values.subject });
  if (values.resourceType) parts.push({ field: 'resourceType', text: RESOURCE_TYPE_NAMES[values.resourceType as keyof typeof RESOURCE_TYPE_NAMES] ?? values.resourceType });
  const exam = values.resourceType === 'PYQ' ? examLabel({ exam: values.exam || null, examMonth: Number(values.examMonth) || null, examYear: Number(values.examYear) || null }) : '';
  if (exam) parts.push({ field: guessed.exam ? 'exam' : 'examYear', text: exam });
  if (values.academicYear) parts.push({ field: 'academicYear', text: values.academicYear });
  if (parts.length === 0) return <p className="text-sm text-slate-600">No fields yet: choose them under Edit fields.</p>;
  return (
    <p className="text-sm text-slate-700" data-testid="fields-summary">
      {parts.map(({ field, text }, i) => (
        <span key={field}>
          {i > 0 ? ' · ' : null}
          {guessed[field] ? (
            <span className="underline decoration-amber-500 decoration-dotted decoration-2 underline-offset-4" title={`Guessed from the ${guessed[field]}`}>
              {text}
              <span className="sr-only">{` (guessed from the ${guessed[field]})`}</span>
            </span>
          ) : (
            text
          )}
        </span>
      ))}
    </p>
  );
}

/** One file of a batch upload: its first page, what will be sent, its own fields and its progress. */
export function BatchUploadRow({ row, current, subjects, years, guessing, busy, onEdit, onTurn, onRemove, onUploadAnyway }: BatchUploadRowProps) {
  const [open, setOpen] = useState(false);
  const { values, guessed } = current;
  const { state } = row;
  const locked = busy || state.kind === 'uploading' || state.kind === 'done';
  const errors = state.kind === 'invalid' ? state.errors : {};
  const showFields = open || state.kind === 'invalid';
  const hint = (field: RowField) => (guessed[field] ? `Guessed from the ${guessed[field]}: check it.` : undefined);
  const select = (field: RowField, label: string, options: React.ReactNode, placeholder?: string) => (
    <FormField label={label} error={errors[field]} hint={hint(field)}>
      {(control) => (
        <Select {...control} value={values[field]} disabled={locked} placeholder={placeholder} onChange={(event) => onEdit(field, event.target.value)}>
          {options}
        </Select>
      )}
    </FormField>
  );
  const untitled = values.subject && values.resourceType && values.academicYear ? defaultTitle({ ...values, examMonth: Number(values.examMonth) || null, examYear: Number(values.examYear) || null }) : undefined;

  return (
    <li className="rounded-lg border border-slate-300 bg-white p-3 sm:p-4" aria-label={row.file.name}>
      <div className="flex items-start gap-3">
        <div className="flex h-24 w-[72px] shrink-0 items-center justify-center overflow-hidden rounded border border-slate-200 bg-slate-50">
          {row.firstPage?.image ? (
            <img src={row.firstPage.image} alt={`First page of ${row.file.name}`} className="max-h-full max-w-full transition-transform" style={{ transform: `rotate(${row.rotation}deg)${row.rotation % 180 ? ' scale(0.75)' : ''}` }} />
          ) : (
            <FileText aria-hidden="true" className="size-8 text-slate-400" />
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-1">
          <p className="truncate font-medium text-slate-900">{row.file.name}</p>
          <p className="text-sm text-slate-600">
            {formatMegabytes(row.file.size)}
            {row.firstPage ? ` · ${row.firstPage.pages === 1 ? '1 page' : `${row.firstPage.pages} pages`}` : ''}
            {row.rotation ? ` · turned ${row.rotation}°` : ''}
          </p>
          {state.kind === 'failed' ? null : guessing ? <p className="text-sm text-slate-600">{row.firstPage?.headerImage ? 'Reading the header...' : 'Reading the first page...'}</p> : <Summary current={current} />}
          {state.kind !== 'failed' && !guessing && current.headerNotRead ? <p className="text-sm text-slate-600">{UPLOAD_GUESS_MESSAGES.headerLimited}</p> : null}
        </div>
        <div className="flex shrink-0 flex-col gap-1 sm:flex-row">
          {row.firstPage && !locked ? (
            <button type="button" onClick={onTurn} aria-label={`Turn ${row.file.name} a quarter clockwise`} className="inline-flex size-11 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900">
              <RotateCw aria-hidden="true" className="size-5" />
            </button>
          ) : null}
          {state.kind !== 'uploading' ? (
            <button type="button" onClick={onRemove} disabled={busy} aria-label={`Remove ${row.file.name}`} className="inline-flex size-11 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-50">
              <X aria-hidden="true" className="size-5" />
            </button>
          ) : null}
        </div>
      </div>

      {state.kind === 'uploading' ? <ProgressBar value={state.progress} label={`Uploading ${row.file.name}`} className="mt-3" /> : null}
      {state.kind === 'done' ? (
        <p className="mt-3 flex items-center gap-2 text-sm text-green-800" role="status">
          <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
          <span>
            {'In the library: '}
            <TextLink to={`${previewResourceHref(state.resource.id)}&branch=${encodeURIComponent(state.resource.branch)}&semester=${state.resource.semester}`}>{state.resource.title}</TextLink>
          </span>
        </p>
      ) : null}
      {state.kind === 'failed' ? (
        <p className="mt-3 flex items-start gap-2 text-sm text-red-700" role="alert">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{`Not uploaded: ${state.message}`}</span>
        </p>
      ) : null}
      {state.kind === 'ready' && state.note ? <p className="mt-3 text-sm text-slate-700">{state.note}</p> : null}
      {state.kind === 'similar' ? (
        <div className="mt-3">
          <NearDuplicateNotice match={state.match} busy={busy} onUploadAnyway={onUploadAnyway} />
        </div>
      ) : null}

      {state.kind !== 'failed' && state.kind !== 'done' && state.kind !== 'invalid' ? (
        <div className="mt-2">
          <Button variant="secondary" onClick={() => setOpen(!open)} aria-expanded={showFields}>
            {showFields ? 'Hide fields' : 'Edit fields'}
          </Button>
        </div>
      ) : null}
      {showFields && state.kind !== 'done' && state.kind !== 'failed' ? (
        <fieldset className="mt-3 grid gap-4 sm:grid-cols-2">
          <legend className="sr-only">{`Fields of ${row.file.name}`}</legend>
          {select(
            'subject',
            'Subject',
            [...new Set([...subjects, ...(values.subject ? [values.subject] : [])])].map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            )),
            'Select subject',
          )}
          {select('resourceType', 'Resource Type', <ResourceTypeOptions />, 'Select type')}
          {select('academicYear', 'Academic Year', <AcademicYearOptions years={years} />, 'Select academic year')}
          {values.resourceType === 'PYQ' ? (
            <>
              {select('exam', 'Exam', [<option key="" value="">Not known</option>, ...publicConfig.exams.map((e) => <option key={e} value={e}>{e}</option>)])}
              {select('examMonth', 'Exam month', [<option key="" value="">Not known</option>, ...EXAM_MONTHS.map((m) => <option key={m.value} value={String(m.value)}>{m.name}</option>)])}
              {select('examYear', 'Exam year', [<option key="" value="">Not known</option>, ...examYears().map((y) => <option key={y} value={String(y)}>{y}</option>)])}
            </>
          ) : null}
          <FormField label="Title (optional)" error={errors.title} className="sm:col-span-2" hint={untitled ? `Left empty: “${untitled}”.` : undefined}>
            {(control) => <Input {...control} value={values.title} disabled={locked} maxLength={TITLE_MAX_LENGTH} autoComplete="off" onChange={(event) => onEdit('title', event.target.value)} />}
          </FormField>
        </fieldset>
      ) : null}
    </li>
  );
}
