import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { RESOURCE_MESSAGES, fileTooLargeMessage, maxUploadBytes, type Resource } from '@shared/resource';
import { uploadAcademicYears, uploadFieldsSchemaFor, type UploadFields } from '@shared/upload-fields';
import { HEADER_READS_AT_ONCE, type UploadGuess, type UploadGuessResponse } from '@shared/upload-guess';
import { rowValues, type BatchValues, type RowField } from '../utils/batch-values';

export { ROW_FIELDS, type BatchValues, type RowField, type RowValues } from '../utils/batch-values';
import { ApiRequestError } from '../../../lib/api-client';
import { publicConfig } from '../../../lib/public-config';
import { resourceKeys } from '../../../lib/query-keys';
import { guessUpload } from '../api/guess-upload';
import { uploadResource } from '../api/upload-resource';
import type { NearDuplicate } from '../components/near-duplicate-notice';
import { readFirstPage, readHeaderStrip, type FirstPage } from '../utils/first-page';
import { rotatePdf } from '../utils/rotate-pdf';

export type RowState =
  | { kind: 'ready'; note?: string }
  | { kind: 'invalid'; errors: Partial<Record<RowField, string>> }
  | { kind: 'uploading'; progress: number }
  | { kind: 'done'; resource: Resource }
  | { kind: 'failed'; message: string }
  | { kind: 'similar'; match: NearDuplicate };

export interface BatchRow {
  id: string;
  file: File;
  /** Clockwise quarter turns chosen before sending, in degrees. */
  rotation: number;
  /** undefined while it is read; null when pdf.js cannot read it (the server then says why). */
  firstPage?: FirstPage | null;
  edits: Partial<Record<RowField, string>>;
  /** The server's guesses, and the class ("branch/semester") they were made for. */
  guess?: { for: string; fields: UploadGuess; headerNotRead?: UploadGuessResponse['headerNotRead'] };
  state: RowState;
}


const uploadYears = () => uploadAcademicYears(publicConfig.academicYearsShown, publicConfig.firstAcademicYear);

/** What is wrong with a file before a byte is sent (as the single upload form checks). */
function fileProblem(file: File): string | undefined {
  if (!/\.pdf$/i.test(file.name) && file.type !== 'application/pdf') return RESOURCE_MESSAGES.notPdf;
  if (file.size > maxUploadBytes(publicConfig.maxUploadMb)) return fileTooLargeMessage(publicConfig.maxUploadMb);
  return undefined;
}

/** What a row's guess is made for: the class, and for a scan the quarter turn its header was read at. */
const guessKeyOf = (row: BatchRow, classKey: string) => (row.firstPage?.headerImage ? `${classKey}@${row.rotation}` : classKey);

let nextId = 0;
const newRow = (file: File): BatchRow => {
  const problem = fileProblem(file);
  return { id: `file-${++nextId}`, file, rotation: 0, edits: {}, firstPage: problem ? null : undefined, state: problem ? { kind: 'failed', message: problem } : { kind: 'ready' } };
};

/** The upload schema's verdict on a row, field by field. */
function check(values: BatchValues): { fields: UploadFields } | { errors: Partial<Record<RowField, string>> } {
  const paper = values.resourceType === 'PYQ';
  const sent = paper ? values : { ...values, exam: '', examMonth: '', examYear: '' };
  const parsed = uploadFieldsSchemaFor(uploadYears(), { exams: publicConfig.exams, firstYear: publicConfig.firstAcademicYear }).safeParse(sent);
  if (parsed.success) return { fields: parsed.data };
  const errors: Partial<Record<RowField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as RowField;
    errors[field] ??= issue.message;
  }
  return { errors };
}

/**
 * Batch upload's state (issue 36): the files as rows, each read for its first page and guessed
 * for its fields, then sent one after another (kinder to a slow connection than all at once), a
 * failure leaving the rest going.
 */
export function useBatchUpload(initialFiles: readonly File[], shared: BatchValues, setForAll: ReadonlySet<RowField>) {
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<BatchRow[]>(() => initialFiles.map(newRow));
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const [busy, setBusy] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const update = useCallback((id: string, change: (row: BatchRow) => Partial<BatchRow>) => {
    setRows((all) => all.map((row) => (row.id === id ? { ...row, ...change(row) } : row)));
  }, []);

  // First pages are read one file at a time: twenty PDFs open at once would exhaust a phone.
  const reading = useRef(new Set<string>());
  useEffect(() => {
    const next = rows.find((row) => row.firstPage === undefined && !reading.current.has(row.id));
    if (!next || reading.current.size > 0) return;
    reading.current.add(next.id);
    readFirstPage(next.file)
      .then((page) => update(next.id, () => ({ firstPage: page })))
      // Not a PDF at all (a photo renamed .pdf): said at once, as the server would. Anything else
      // pdf.js cannot open (a password) the server still judges.
      .catch((error: unknown) =>
        update(next.id, () => ({ firstPage: null, ...(error instanceof Error && error.name === 'InvalidPDFException' ? { state: { kind: 'failed', message: RESOURCE_MESSAGES.notPdf } as const } : {}) })),
      )
      .finally(() => reading.current.delete(next.id));
  }, [rows, update]);
  // The thumbnails' object URLs go with the rows.
  useEffect(() => () => rowsRef.current.forEach((row) => row.firstPage?.image && URL.revokeObjectURL(row.firstPage.image)), []);

  // Each file is guessed once per class (another class has other subjects), a scan again when
  // turned: a sideways header is not in the strip read as it lay.
  const classKey = shared.branch && shared.semester ? `${shared.branch}/${shared.semester}` : '';
  const guessing = useRef(new Set<string>());
  // Scans' headers are read by OCR on the server, one line for everyone: a batch sends as many at a
  // time as the server reads of one uploader's, and the rest wait their turn.
  const scansGuessing = useRef(new Set<string>());
  const [guessesDone, setGuessesDone] = useState(0);
  useEffect(() => {
    if (!classKey) return;
    for (const row of rows) {
      const key = guessKeyOf(row, classKey);
      const token = `${row.id}@${key}`;
      if (row.firstPage === undefined || row.state.kind === 'failed' || row.guess?.for === key || guessing.current.has(token)) continue;
      const page = row.firstPage;
      if (page?.headerImage && scansGuessing.current.size >= HEADER_READS_AT_ONCE) continue;
      guessing.current.add(token);
      if (page?.headerImage) scansGuessing.current.add(token);
      const header = page?.headerImage && row.rotation ? readHeaderStrip(row.file, row.rotation).catch(() => undefined) : Promise.resolve(page?.headerImage);
      header
        .then((headerImage) => guessUpload({ fileName: row.file.name, text: page?.text ?? '', headerImage, branch: shared.branch, semester: Number(shared.semester) }))
        // No guess is no loss: the uploader fills the fields in.
        .catch((): UploadGuessResponse => ({ guess: {} }))
        // Turned again meanwhile: this reading is of a turn no longer chosen.
        .then(({ guess: fields, headerNotRead }) => update(row.id, (current) => (guessKeyOf(current, classKey) === key ? { guess: { for: key, fields, headerNotRead } } : {})))
        .finally(() => {
          guessing.current.delete(token);
          scansGuessing.current.delete(token);
          // The next scan's turn, even when this answer changed no row (turned again meanwhile).
          setGuessesDone((n) => n + 1);
        });
    }
  }, [rows, classKey, update, guessesDone]);
  const valuesOf = (row: BatchRow) => {
    const guess = row.guess?.for === guessKeyOf(row, classKey) ? row.guess : undefined;
    return { ...rowValues(row, shared, setForAll, guess?.fields), headerNotRead: guess?.headerNotRead };
  };
  const isGuessing = (row: BatchRow) => row.state.kind !== 'failed' && (row.firstPage === undefined || (Boolean(classKey) && row.guess?.for !== guessKeyOf(row, classKey)));

  const add = (files: readonly File[]) => setRows((all) => [...all, ...files.map(newRow)]);
  const remove = (id: string) =>
    setRows((all) => {
      const gone = all.find((row) => row.id === id);
      if (gone?.firstPage?.image) URL.revokeObjectURL(gone.firstPage.image);
      return all.filter((row) => row.id !== id);
    });
  const turn = (id: string) => update(id, (row) => ({ rotation: (row.rotation + 90) % 360 }));
  const edit = (id: string, field: RowField, value: string) =>
    update(id, (row) => ({ edits: { ...row.edits, [field]: value }, state: row.state.kind === 'invalid' ? { kind: 'ready' } : row.state }));

  /** A field set for every file: the rows' own choices of it give way. */
  const clearEdits = (field: RowField) =>
    setRows((all) => all.map((row) => (field in row.edits ? { ...row, edits: Object.fromEntries(Object.entries(row.edits).filter(([name]) => name !== field)) } : row)));

  const send = async (row: BatchRow, fields: UploadFields): Promise<RowState['kind']> => {
    update(row.id, () => ({ state: { kind: 'uploading', progress: 0 } }));
    controller.current = new AbortController();
    try {
      const file = row.rotation ? await rotatePdf(row.file, row.rotation) : row.file;
      const resource = await uploadResource(fields, file, (progress) => update(row.id, () => ({ state: { kind: 'uploading', progress } })), controller.current.signal);
      update(row.id, () => ({ state: { kind: 'done', resource } }));
      return 'done';
    } catch (error) {
      let state: RowState = { kind: 'failed', message: (error instanceof ApiRequestError && error.message) || RESOURCE_MESSAGES.uploadFailed };
      if (error instanceof DOMException && error.name === 'AbortError') state = { kind: 'ready', note: 'Upload cancelled: nothing was saved' };
      const match = error instanceof ApiRequestError && error.code === 'NEAR_DUPLICATE' ? (error.body as { nearDuplicate?: NearDuplicate }).nearDuplicate : undefined;
      if (match) state = { kind: 'similar', match };
      update(row.id, () => ({ state }));
      if (state.kind === 'ready') throw error;
      return state.kind;
    } finally {
      controller.current = null;
    }
  };

  /** Sends every row not yet sent; answers how many landed and how many did not. */
  const uploadAll = async (): Promise<{ done: number; problems: number }> => {
    setBusy(true);
    // The rows' states as this run leaves them (React's copy catches up after the last render).
    const outcome = new Map(rowsRef.current.map((row) => [row.id, row.state.kind]));
    try {
      for (const { id } of rowsRef.current) {
        const current = rowsRef.current.find((r) => r.id === id);
        if (!current || (current.state.kind !== 'ready' && current.state.kind !== 'invalid')) continue;
        const verdict = check(valuesOf(current).values);
        if ('errors' in verdict) {
          update(id, () => ({ state: { kind: 'invalid', errors: verdict.errors } }));
          outcome.set(id, 'invalid');
          continue;
        }
        outcome.set(id, await send(current, { ...verdict.fields, confirmNearDuplicate: undefined }));
      }
    } catch {
      // Cancelled: the rows not yet sent wait for the next "Upload".
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all });
    }
    const kinds = [...outcome.values()];
    return { done: kinds.filter((s) => s === 'done').length, problems: kinds.filter((s) => s !== 'done' && s !== 'ready').length };
  };

  /** "Upload anyway" after the near-duplicate warning (decision 047). */
  const uploadAnyway = async (id: string) => {
    const row = rowsRef.current.find((r) => r.id === id);
    const verdict = row && check(valuesOf(row).values);
    if (!row || !verdict || 'errors' in verdict) return;
    setBusy(true);
    await send(row, { ...verdict.fields, confirmNearDuplicate: 'true' }).catch(() => undefined);
    setBusy(false);
    await queryClient.invalidateQueries({ queryKey: resourceKeys.all });
  };

  const cancel = () => controller.current?.abort();
  return { rows, busy, valuesOf, guessing: isGuessing, add, remove, turn, edit, clearEdits, uploadAll, uploadAnyway, cancel };
}
