import { describe, expect, it } from 'vitest';
import { inferExam } from './exam-inference.js';
import { examLabel } from './exams.js';
import { defaultTitle } from './upload-fields.js';

describe('inferExam', () => {
  it.each([
    ['DBS mid2 2017 s', { exam: 'Mid-sem 2', examMonth: null, examYear: 2017 }],
    ['dbms_mid_sem_1_2019.pdf', { exam: 'Mid-sem 1', examMonth: null, examYear: 2019 }],
    ['OS midsem Oct 2023', { exam: 'Mid-sem 1', examMonth: 10, examYear: 2023 }],
    ['DS_endsem_Dec-2024.pdf', { exam: 'End-sem', examMonth: 12, examYear: 2024 }],
    ['Maths end sem May-2023', { exam: 'End-sem', examMonth: 5, examYear: 2023 }],
    ['CN supple paper', { exam: 'Supplementary', examMonth: null, examYear: null }],
    ['cn supply aug22', { exam: 'Supplementary', examMonth: 8, examYear: 2022 }],
    ['DSA Class Test 2 (2021)', { exam: 'Class test', examMonth: null, examYear: 2021 }],
    ['toc ct1 september 2020', { exam: 'Class test', examMonth: 9, examYear: 2020 }],
    ['Quiz 3 - compilers', { exam: 'Quiz', examMonth: null, examYear: null }],
    ['Unit 3 notes', { exam: null, examMonth: null, examYear: null }],
    // Headers of printed papers put "Examination" between the exam and its round.
    ['Mid Semester Examination - II, March 2024', { exam: 'Mid-sem 2', examMonth: 3, examYear: 2024 }],
    ['MID-TERM EXAMINATION (I) SEPT 2023', { exam: 'Mid-sem 1', examMonth: 9, examYear: 2023 }],
    ['End Semester Examination, December 2024', { exam: 'End-sem', examMonth: 12, examYear: 2024 }],
  ])('%s', (text, facts) => {
    expect(inferExam(text)).toEqual(facts);
  });

  it('does not read words that merely contain a month or an exam word', () => {
    expect(inferExam('marks 2019 structure')).toEqual({ exam: null, examMonth: null, examYear: 2019 });
    expect(inferExam('acts and quizzical mstakes')).toEqual({ exam: null, examMonth: null, examYear: null });
  });

  it('leaves years outside the range unset', () => {
    expect(inferExam('end sem 1887', { min: 2008, max: 2026 })).toEqual({ exam: 'End-sem', examMonth: null, examYear: null });
    expect(inferExam('end sem dec 2031', { min: 2008, max: 2026 }).examYear).toBeNull();
  });
});

describe('examLabel and defaultTitle', () => {
  it('reads "End-sem · Dec 2024", shortening to what is known', () => {
    expect(examLabel({ exam: 'End-sem', examMonth: 12, examYear: 2024 })).toBe('End-sem · Dec 2024');
    expect(examLabel({ exam: 'Quiz', examMonth: null, examYear: 2019 })).toBe('Quiz · 2019');
    expect(examLabel({ exam: 'Quiz', examMonth: 3, examYear: null })).toBe('Quiz');
    expect(examLabel({ exam: null, examMonth: 5, examYear: 2023 })).toBe('May 2023');
    expect(examLabel({ exam: null, examMonth: null, examYear: null })).toBe('');
  });

  it('titles a paper by subject, exam and date, other types by type and academic year', () => {
    const base = { subject: 'Data Structures', academicYear: '2024-25' };
    expect(defaultTitle({ ...base, resourceType: 'PYQ', exam: 'End-sem', examMonth: 12, examYear: 2024 })).toBe('Data Structures End-sem Dec 2024');
    expect(defaultTitle({ ...base, resourceType: 'PYQ', exam: 'Quiz', examMonth: null, examYear: null })).toBe('Data Structures Quiz 2024-25');
    expect(defaultTitle({ ...base, resourceType: 'PYQ' })).toBe('Data Structures PYQ 2024-25');
    expect(defaultTitle({ ...base, resourceType: 'NOTES', exam: 'Quiz' })).toBe('Data Structures Notes 2024-25');
    expect(defaultTitle({ ...base, resourceType: 'PRACTICAL' })).toBe('Data Structures Practical 2024-25');
  });
});
