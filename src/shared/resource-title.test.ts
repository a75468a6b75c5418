import { describe, expect, it } from 'vitest';
import { TITLE_MAX_LENGTH, titleFromFileName } from './resource.js';

describe('titleFromFileName', () => {
  it('drops the extension, turns underscores and dashes into spaces and collapses them', () => {
    expect(titleFromFileName('DBMS_unit-3__notes.pdf')).toBe('DBMS unit 3 notes');
    expect(titleFromFileName('  os -- scheduling .PDF')).toBe('os - scheduling');
    expect(titleFromFileName('Soil Mechanics Unit 1 - index properties.pdf')).toBe('Soil Mechanics Unit 1 - index properties');
    expect(titleFromFileName('-draft-_notes-.pdf')).toBe('draft notes');
    expect(titleFromFileName('C:\\Users\\me\\dsa_pyq_2023.pdf')).toBe('dsa pyq 2023');
  });
  it('gives nothing for a name without letters or digits', () => {
    expect(titleFromFileName('___.pdf')).toBe('');
  });
  it('cuts a long name at a word boundary', () => {
    const title = titleFromFileName(`${'chapter '.repeat(30)}end.pdf`);
    expect(title.length).toBeLessThanOrEqual(TITLE_MAX_LENGTH);
    expect(title.endsWith('chapter')).toBe(true);
  });
});
