import { describe, expect, it } from 'vitest';
import { inferExam } from './exam-inference.js';

describe('inferExam', () => {
  it('reads the year of a dated header, not its day', () => {
    expect(inferExam('Mid Semester Exam\nSep 22, 2023')).toEqual({ exam: 'Mid-sem 1', examMonth: 9, examYear: 2023 });
    expect(inferExam('End Semester Examination, 3rd December 2024')).toMatchObject({ examMonth: 12, examYear: 2024 });
    expect(inferExam('DS_endsem_Dec-24.pdf')).toMatchObject({ exam: 'End-sem', examMonth: 12, examYear: 2024 });
  });

  it("reads a Roman II as OCR misreads it in a scan's header", () => {
    expect(inferExam('Mid-Sem Exam Il Dec 2025')).toEqual({ exam: 'Mid-sem 2', examMonth: 12, examYear: 2025 });
    expect(inferExam('Mid Semester Examination - lI')).toMatchObject({ exam: 'Mid-sem 2' });
    expect(inferExam('Mid Semester Examination - I')).toMatchObject({ exam: 'Mid-sem 1' });
  });
});
