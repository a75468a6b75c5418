import type { GuessSource, UploadGuess, UploadGuessResponse } from '@shared/upload-guess';

/** The fields each file of a batch has of its own; the class (course, branch, semester) is shared. */
export const ROW_FIELDS = ['subject', 'resourceType', 'academicYear', 'exam', 'examMonth', 'examYear', 'title'] as const;
export type RowField = (typeof ROW_FIELDS)[number];
export type BatchValues = Record<'course' | 'branch' | 'semester' | RowField, string>;

/** A row's fields as they will be sent, and which of them are the server's guesses. */
export interface RowValues {
  values: BatchValues;
  guessed: Partial<Record<RowField, GuessSource>>;
  /** Set when the scan's header was sent but not read (the uploader's limit): the row says so. */
  headerNotRead?: UploadGuessResponse['headerNotRead'];
}

/** Each field: the row's own edit, else the guess (unless the field was set for all), else the shared value. */
export function rowValues(row: { edits: Partial<Record<RowField, string>> }, shared: BatchValues, setForAll: ReadonlySet<RowField>, guess: UploadGuess | undefined): RowValues {
  const values = { ...shared };
  const guessed: RowValues['guessed'] = {};
  for (const field of ROW_FIELDS) {
    const own = row.edits[field];
    const guessedField = field === 'title' ? undefined : guess?.[field];
    if (own !== undefined) values[field] = own;
    else if (guessedField && !setForAll.has(field)) {
      values[field] = String(guessedField.value);
      guessed[field] = guessedField.from;
    }
  }
  return { values, guessed };
}

