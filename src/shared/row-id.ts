import { z } from './zod.js';

/** The largest value of an integer key column: PostgreSQL's `integer` (SQLite's is wider). */
export const MAX_ROW_ID = 2_147_483_647;

/**
 * A numeric row id in a path. Not a whole number in decimal digits: refused with `message` (400).
 * A well-formed id beyond the column's range names no row, so it becomes 0, which no row has (ids
 * start at 1), and the route answers 404 as for any unknown id; PostgreSQL would fail the query.
 */
export function rowIdSchema(message: string) {
  return z.pipe(
    z.string().check(z.regex(/^[0-9]{1,100}$/, message)),
    z.transform((digits: string) => {
      const id = Number(digits);
      return id <= MAX_ROW_ID ? id : 0;
    }),
  );
}
