import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from './http-error.js';
import { fieldOf, parseInput, rememberingQueryValidator } from './validation.js';

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

describe('rememberingQueryValidator', () => {
  let parses = 0;
  const counted = <T>(value: T) => {
    parses++;
    return value;
  };
  const schema = z.object({
    page: z.coerce.number().int().min(1, 'Pages start at 1').transform(counted),
    tags: z.array(z.string()).optional(),
  });
  const validatorFor = (httpPart: string) =>
    rememberingQueryValidator({ schema, method: 'GET', url: '/x', httpPart }) as (data: unknown) => { value?: Record<string, unknown>; error?: Error };

  it('parses a query string once, and gives every request a copy of its own', () => {
    const validate = validatorFor('querystring');
    parses = 0;
    const first = validate({ page: '2' });
    first.value!.page = 99;
    const again = validate({ page: '2' });
    expect(again).toEqual({ value: { page: 2 } });
    expect(again.value).not.toBe(validate({ page: '2' }).value);
    expect(parses).toBe(1);
    expect(validate({ page: '3' }).value).toEqual({ page: 3 });
    expect(parses).toBe(2);
  });

  it('refuses invalid input every time, and does not remember outputs holding objects or other parts', () => {
    const validate = validatorFor('querystring');
    for (let i = 0; i < 2; i++) expect(validate({ page: '0' }).error).toBeDefined();
    parses = 0;
    validate({ page: '1', tags: ['a'] });
    validate({ page: '1', tags: ['a'] });
    expect(parses).toBe(2);
    const params = validatorFor('params');
    params({ page: '1' });
    params({ page: '1' });
    expect(parses).toBe(4);
  });
});
