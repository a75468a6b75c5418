import { describe, expect, it } from 'vitest';
import { guessUpload, type GuessContext } from './upload-guess.js';

const context: GuessContext = {
  semester: 3,
  subjects: ['Data Structures', 'Algorithms', 'Database Management Systems', 'Operating Systems'],
  aliases: [{ alias: 'CS301', subject: 'Data Structures' }],
  exams: ['Mid-sem 1', 'Mid-sem 2', 'End-sem', 'Supplementary', 'Class test', 'Quiz'],
  academicYears: ['2026-27', '2025-26', '2024-25', '2023-24', '2022-23'],
};

describe('guessUpload', () => {
  it('reads subject, exam and year from a file name, and the academic year from the exam', () => {
    expect(guessUpload('DBMS_endsem_2023.pdf', '', context)).toEqual({
      subject: { value: 'Database Management Systems', from: 'file name' },
      resourceType: { value: 'PYQ', from: 'file name' },
      exam: { value: 'End-sem', from: 'file name' },
      examYear: { value: 2023, from: 'file name' },
      // Semester 3 is odd: its end-sem of 2023 closes the first half of 2023-24.
      academicYear: { value: '2023-24', from: 'file name' },
    });
  });

  it("fills what the name leaves out from the first page's header", () => {
    const header = 'B.Tech. III Semester End Semester Examination, December 2024\nCS301 Data Structures\nTime: 3 Hours   Max. Marks: 70';
    const guess = guessUpload('scan0001.pdf', header, context);
    expect(guess.subject).toEqual({ value: 'Data Structures', from: 'first page' });
    expect(guess.resourceType).toEqual({ value: 'PYQ', from: 'first page' });
    expect(guess.exam).toEqual({ value: 'End-sem', from: 'first page' });
    expect([guess.examMonth?.value, guess.examYear?.value]).toEqual([12, 2024]);
    expect(guess.academicYear).toEqual({ value: '2024-25', from: 'first page' });
  });

  it('finds a subject by an admin-added course code and by its initials in capitals only', () => {
    expect(guessUpload('CS301-mid1.pdf', '', context).subject?.value).toBe('Data Structures');
    expect(guessUpload('x.pdf', 'Unit 2 of OS: scheduling', context).subject?.value).toBe('Operating Systems');
    expect(guessUpload('x.pdf', 'the cost of a disk is what it is', context).subject).toBeUndefined();
  });

  it('takes no exam or year for notes, and nothing from a name that says nothing', () => {
    const notes = guessUpload('Algorithms_unit3_notes.pdf', 'Lecture notes (c) 2019', context);
    expect(notes.resourceType).toEqual({ value: 'NOTES', from: 'file name' });
    expect(notes.examYear).toBeUndefined();
    expect(guessUpload('IMG_20231212_0001.pdf', '', context)).toEqual({});
  });

  it('keeps a written academic year only when uploads may carry it', () => {
    expect(guessUpload('DS_2024-25_pyq.pdf', '', context).academicYear).toEqual({ value: '2024-25', from: 'file name' });
    expect(guessUpload('DS_2010-11_pyq.pdf', '', context).academicYear).toBeUndefined();
  });
});
