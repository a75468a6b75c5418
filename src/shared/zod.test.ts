import { describe as suite, expect, it } from 'vitest';
import { describe, preprocess, z } from './zod.js';

suite('src/shared/zod', () => {
  it('speaks zod\'s English messages, as classic zod does, for checks without a message of ours', () => {
    const parsed = z.object({ name: z.string().check(z.maxLength(3)) }).safeParse({ name: 'abcd' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('Too big: expected string to have <=3 characters');
  });

  it('describe() registers the description on a copy, leaving the schema it was given as it was', () => {
    const base = z.string();
    const described = describe(base, 'A name');
    expect(z.globalRegistry.get(described)?.description).toBe('A name');
    expect(z.globalRegistry.get(base)).toBeUndefined();
    expect(z.toJSONSchema(z.object({ a: described, b: base })).properties).toEqual({
      a: { type: 'string', description: 'A name' },
      b: { type: 'string' },
    });
  });

  it('preprocess() runs its function on the raw input, then parses the result', () => {
    const blankAsUndefined = preprocess((value) => (value === '' ? undefined : value), z.optional(z.coerce.number()));
    expect(blankAsUndefined.parse('')).toBeUndefined();
    expect(blankAsUndefined.parse('3')).toBe(3);
    expect(blankAsUndefined.safeParse('x').success).toBe(false);
  });
});
