import { describe, expect, it } from 'vitest';
import { zipEntryNames } from './zip-entry-names.js';

const resource = (original_name: string, subject = 'Data Structures') => ({
  subject,
  resource_type: 'PYQ',
  academic_year: '2024-25',
  original_name,
});

describe('zipEntryNames', () => {
  it('names a file by subject, type, year and the uploader\'s file name', () => {
    expect(zipEntryNames([resource('Mid sem.pdf')])).toEqual(['Data Structures - Previous Year Papers - 2024-25 - Mid sem.pdf']);
  });

  it('makes names unique ignoring case, as Windows and macOS compare them', () => {
    expect(zipEntryNames([resource('a.pdf'), resource('A.PDF'), resource('a.pdf')])).toEqual([
      'Data Structures - Previous Year Papers - 2024-25 - a.pdf',
      'Data Structures - Previous Year Papers - 2024-25 - A (2).pdf',
      'Data Structures - Previous Year Papers - 2024-25 - a (3).pdf',
    ]);
  });

  it('drops path separators, reserved punctuation, control and bidirectional characters', () => {
    const [name] = zipEntryNames([resource('..\\..\\evil\u202egpj.exe:*?<>|\u0007.pdf', 'OS/2 "Basics"')]);
    expect(name).toBe("OS 2 'Basics' - Previous Year Papers - 2024-25 - evilgpj.exe.pdf");
    expect(name).not.toMatch(/[\\/:*?"<>|\u0000-\u001f\u202e]/);
  });

  it('keeps names to a readable length, without cutting a character in two', () => {
    const [name] = zipEntryNames([resource(`${'😀'.repeat(200)}.pdf`)]);
    expect([...name!].length).toBeLessThanOrEqual(124);
    expect(name).toMatch(/😀\.pdf$/);
  });
});
