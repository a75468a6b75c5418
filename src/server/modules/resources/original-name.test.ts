import { describe, expect, it } from 'vitest';
import { sanitizeOriginalName } from './original-name.js';

describe('sanitizeOriginalName', () => {
  it('keeps an ordinary name', () => {
    expect(sanitizeOriginalName('DS Unit 3 - Trees.pdf')).toBe('DS Unit 3 - Trees.pdf');
  });

  it('drops folders, including ../ and Windows paths', () => {
    expect(sanitizeOriginalName('../../etc/passwd.pdf')).toBe('passwd.pdf');
    expect(sanitizeOriginalName('C:\\Users\\me\\notes.pdf')).toBe('notes.pdf');
    expect(sanitizeOriginalName('..')).toBe('document.pdf');
  });

  it('turns newlines and other control characters into spaces', () => {
    expect(sanitizeOriginalName('a\r\nX-Evil: 1\u0000\u2028b.pdf')).toBe('a X-Evil: 1 b.pdf');
  });

  it('keeps quotes (Content-Disposition encodes them) and adds a missing .pdf', () => {
    expect(sanitizeOriginalName('my "best" notes')).toBe('my "best" notes.pdf');
  });

  it('cuts long names to 200 characters and keeps the ending', () => {
    const name = sanitizeOriginalName(`${'a'.repeat(300)}.PDF`);
    expect(name).toHaveLength(200);
    expect(name.endsWith('.PDF')).toBe(true);
  });

  it('drops bidirectional controls, so the shown name is the real one', () => {
    expect(sanitizeOriginalName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe.pdf');
    expect(sanitizeOriginalName('\u2066a\u2067b\u2068c\u2069\u202A\u202B\u202C\u202D\u200E\u200F\u061Cd.pdf')).toBe('abcd.pdf');
  });

  it('names an empty name', () => {
    expect(sanitizeOriginalName(undefined)).toBe('document.pdf');
    expect(sanitizeOriginalName('   ')).toBe('document.pdf');
  });
});
