import { describe, expect, it } from 'vitest';
import { NUL, stripBidiControls, stripControlCharacters } from './control-characters.js';
import { subjectNameSchema } from './resource.js';
import { subjectAliasSchema } from './search.js';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCharCode(from + i)).join('');
const C0 = range(0x00, 0x1f);
const C1 = range(0x80, 0x9f);
const BIDI = `${range(0x202a, 0x202e)}${range(0x2066, 0x2069)}\u200e\u200f\u061c`;

describe('stripControlCharacters', () => {
  it('replaces every C0 control and DEL by a space, and nothing else, by default', () => {
    expect(stripControlCharacters(`a${C0}\u007fb`)).toBe(`a${' '.repeat(33)}b`);
    expect(stripControlCharacters(`a${C1}${BIDI}\u2028b é 中`)).toBe(`a${C1}${BIDI}\u2028b é 中`);
    expect(stripControlCharacters(`a${NUL}b`, { replacement: '' })).toBe('ab');
  });

  it('keeps tab, line feed and carriage return when asked, as page text does', () => {
    expect(stripControlCharacters('line 1\r\n\tline\u00002\u000b\u000c\u007f', { keepNewlines: true })).toBe('line 1\r\n\tline 2   ');
  });

  it('in a name, also replaces C1 controls and drops bidirectional controls', () => {
    expect(stripControlCharacters(`report\u202Efdp.exe`, { name: true })).toBe('reportfdp.exe');
    expect(stripControlCharacters(`a${C0}\u007f${C1}${BIDI}b`, { name: true })).toBe(`a${' '.repeat(1 + 32 + 32)}b`);
    expect(stripControlCharacters(`a\u0001${C1}${BIDI}\u2028b`, { name: true, replacement: '' })).toBe('a\u2028b');
  });

  it('matches the character sets the callers used before it (titles, index, file names, zip names)', () => {
    const every = range(0, 0x2100) + '\ue000\ue001';
    expect(stripControlCharacters(every)).toBe(every.replace(/[\u0000-\u001f\u007f]/g, ' '));
    expect(stripControlCharacters(every, { keepNewlines: true })).toBe(every.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, ' '));
    expect(stripControlCharacters(every, { name: true, replacement: '' })).toBe(
      every.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, ''),
    );
    expect(stripControlCharacters(every, { name: true }).replace(/\s+/g, ' ')).toBe(
      every.replace(/[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g, '').replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ').replace(/\s+/g, ' '),
    );
  });
});

describe('stripBidiControls (issue 32, finding 3)', () => {
  const every = '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069';

  it('drops embeddings, overrides and isolates and keeps everything else', () => {
    expect(stripBidiControls(`a${every}b\u00e9 \u0928\u092e\u0938\u094d\u0924\u0947`)).toBe('ab\u00e9 \u0928\u092e\u0938\u094d\u0924\u0947');
  });

  it('is applied by the upload subject and the search abbreviation schemas', () => {
    expect(subjectNameSchema.parse(`\u202eData${every} Structures`)).toBe('Data Structures');
    expect(subjectAliasSchema.parse({ alias: 'DSA', subject: `\u2067Data Structures\u2069` }).subject).toBe('Data Structures');
  });
});
