import { describe, expect, it } from 'vitest';
import { addressStillHas } from './address';

describe('addressStillHas', () => {
  it('is true while the address holds the value', () => {
    expect(addressStillHas('preview', 'abc', '?preview=abc&page=30')).toBe(true);
  });

  it('is false once the address no longer holds it: a closed preview, another one, or none asked', () => {
    expect(addressStillHas('preview', 'abc', '')).toBe(false);
    expect(addressStillHas('preview', 'abc', '?q=statics')).toBe(false);
    expect(addressStillHas('preview', 'abc', '?preview=def')).toBe(false);
    expect(addressStillHas('preview', null, '')).toBe(false);
  });
});
