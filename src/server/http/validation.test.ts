import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from './http-error.js';
import { fieldOf, parseInput } from './validation.js';

describe('parseInput', () => {
  const schema = z.object({
    semester: z.coerce.number().int().min(1, 'Pick a semester').max(8, 'Pick a semester'),
    tags: z.array(z.string().min(2, 'Tags have two letters or more')).optional(),
  });

  it('returns the parsed input', () => {
    expect(parseInput(schema, { semester: '3' })).toEqual({ semester: 3 });
  });

  it("refuses with the first issue's message, its path as field, VALIDATION_FAILED", () => {
    const refusal = (raw: unknown) => {
      try {
        parseInput(schema, raw);
      } catch (error) {
        return error;
      }
      throw new Error('accepted');
    };
    expect(refusal({ semester: '9' })).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'Pick a semester', field: 'semester' });
    expect(refusal({ semester: 2, tags: ['ok', 'x'] })).toMatchObject({ message: 'Tags have two letters or more', field: 'tags.1' });
    const whole = refusal('not an object');
    expect(whole).toBeInstanceOf(HttpError);
    expect((whole as HttpError).field).toBeUndefined();
  });

  it('joins a path with dots', () => {
    expect(fieldOf(['ids', 0, 'id'])).toBe('ids.0.id');
    expect(fieldOf([])).toBe('');
  });
});
