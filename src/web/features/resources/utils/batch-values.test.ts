import { describe, expect, it } from 'vitest';
import { rowValues, type BatchValues } from './batch-values';

const shared: BatchValues = { course: 'btech', branch: 'cse', semester: '3', subject: 'Algorithms', resourceType: 'NOTES', academicYear: '2025-26', exam: '', examMonth: '', examYear: '', title: '' };
const guess = { subject: { value: 'Data Structures', from: 'file name' as const }, examYear: { value: 2025, from: 'first page' as const } };

describe("a batch row's fields", () => {
  it('takes a guess over a remembered shared value, and says so', () => {
    expect(rowValues({ edits: {} }, shared, new Set(), guess)).toEqual({
      values: { ...shared, subject: 'Data Structures', examYear: '2025' },
      guessed: { subject: 'file name', examYear: 'first page' },
    });
  });

  it('lets a field set for every file win over the guesses, and the row’s own edit win over both', () => {
    const setForAll = new Set(['subject'] as const);
    expect(rowValues({ edits: {} }, shared, setForAll, guess).values.subject).toBe('Algorithms');
    const edited = rowValues({ edits: { subject: 'Operating Systems', examYear: '' } }, shared, setForAll, guess);
    expect(edited.values).toMatchObject({ subject: 'Operating Systems', examYear: '' });
    expect(edited.guessed).toEqual({});
  });
});
