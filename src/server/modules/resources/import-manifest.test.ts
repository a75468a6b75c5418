import { describe, expect, it } from 'vitest';
import { DEFAULT_EXAMS } from '../../../shared/exams.js';
import { ImportSetupError, manifestEntries, matchExam, matchSubject, namedFields, parseCsv, patternMatcher } from './import-manifest.js';

describe('parseCsv', () => {
  it('splits rows and fields, with quoted commas, doubled quotes and line breaks inside quotes', () => {
    const csv = '\ufeffa,b,c\r\n"x, y","say ""hi""","two\nlines"\n\n1,,3\n';
    expect(parseCsv(csv)).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'say "hi"', 'two\nlines'],
      ['1', '', '3'],
    ]);
  });

  it('keeps a last row without a line break, and refuses an unclosed quote', () => {
    expect(parseCsv('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(() => parseCsv('a\n"open')).toThrow(ImportSetupError);
  });
});

describe('manifestEntries', () => {
  it('maps snake_case and form column names to the form fields, trims, drops blanks, normalizes', () => {
    const entries = manifestEntries(
      'file,title,branch,semester,subject,type,academic_year,exam,exam_month,exam_year\n' +
        'a/ds.pdf, DS paper ,CSE,3,Data_Structures,pyq,2024-25,endsem,Dec,2024\n' +
        'b.pdf,,cse,sem 4,Algorithms,notes,2023-24,,,\n',
    );
    expect(entries).toEqual([
      {
        file: 'a/ds.pdf',
        fields: { title: 'DS paper', branch: 'cse', semester: '3', subject: 'Data Structures', resourceType: 'PYQ', academicYear: '2024-25', exam: 'endsem', examMonth: '12', examYear: '2024' },
      },
      { file: 'b.pdf', fields: { branch: 'cse', semester: '4', subject: 'Algorithms', resourceType: 'NOTES', academicYear: '2023-24' } },
    ]);
  });

  it('refuses an unknown column, a missing file column, an empty manifest and a row too long', () => {
    expect(() => manifestEntries('file,colour\nx.pdf,red')).toThrow(/Unknown manifest column "colour"/);
    expect(() => manifestEntries('title\nx')).toThrow(/no "file" column/);
    expect(() => manifestEntries('')).toThrow(/empty/);
    expect(() => manifestEntries('file,title\nx.pdf,a,b')).toThrow(/line 2 has 3 fields/);
  });
});

describe('patternMatcher', () => {
  it('reads fields from a matching name, any case, and nothing from one that does not match', () => {
    const match = patternMatcher('{subject}_{exam}_{year}.pdf');
    expect(match('DBMS_endsem_2023.pdf')).toEqual({ subject: 'DBMS', exam: 'endsem', examYear: '2023' });
    expect(match('Data_Structures_midsem1_2022.PDF')).toEqual({ subject: 'Data', exam: 'Structures', examYear: 'midsem1_2022' });
    expect(match('notes.txt')).toBeUndefined();
  });

  it('takes {*} as anything and escapes the literal parts', () => {
    const match = patternMatcher('{*} - {subject} ({academic_year}).pdf');
    expect(match('scan 12 - OS (2023-24).pdf')).toEqual({ subject: 'OS', academicYear: '2023-24' });
    expect(match('scan 12 - OS [2023-24].pdf')).toBeUndefined();
  });

  it('refuses unknown placeholders and a pattern without any', () => {
    expect(() => patternMatcher('{colour}.pdf')).toThrow(/Unknown placeholder/);
    expect(() => patternMatcher('paper.pdf')).toThrow(/no \{placeholder\}/);
  });
});

describe('field matching', () => {
  it('names command-line defaults in the form\'s fields', () => {
    expect(namedFields({ type: 'pyq', 'academic-year': '2024-25', branch: 'CSE' })).toEqual({ resourceType: 'PYQ', academicYear: '2024-25', branch: 'cse' });
    expect(() => namedFields({ colour: 'red' })).toThrow(/Unknown field/);
  });

  it('matches exams however they are written, and nothing for an unknown one', () => {
    expect(matchExam('endsem', DEFAULT_EXAMS)).toBe('End-sem');
    expect(matchExam('MID SEM 2', DEFAULT_EXAMS)).toBe('Mid-sem 2');
    expect(matchExam('viva', DEFAULT_EXAMS)).toBeUndefined();
  });

  it('matches a subject by name, initials, common abbreviation or an admin alias', () => {
    const subjects = ['Data Structures', 'Operating Systems', 'Database Management Systems', 'Discrete Mathematics'];
    expect(matchSubject('data  structures', subjects, [])).toBe('Data Structures');
    expect(matchSubject('OS', subjects, [])).toBe('Operating Systems');
    expect(matchSubject('dsa', subjects, [])).toBe('Data Structures');
    expect(matchSubject('DBMS', subjects, [])).toBe('Database Management Systems');
    expect(matchSubject('DMATH', subjects, [{ alias: 'DMATH', subject: 'Discrete Mathematics' }])).toBe('Discrete Mathematics');
    expect(matchSubject('Quantum Cooking', subjects, [])).toBeUndefined();
  });
});
