import { describe, expect, it } from 'vitest';
import { termStart } from './home';
import { batchFirstYear, currentTerm, parseTermStartMonths, semesterOn, type TermStartMonths } from './term-calendar';

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);
const JULY_JANUARY: TermStartMonths = [7, 1];

describe('semesterOn', () => {
  it('counts the terms since the batch began under July/January', () => {
    expect(semesterOn(2024, JULY_JANUARY, day('2024-07-01'))).toBe(1);
    expect(semesterOn(2024, JULY_JANUARY, day('2024-12-31'))).toBe(1);
    expect(semesterOn(2024, JULY_JANUARY, day('2025-01-01'))).toBe(2);
    expect(semesterOn(2024, JULY_JANUARY, day('2025-06-30'))).toBe(2);
    expect(semesterOn(2024, JULY_JANUARY, day('2025-07-01'))).toBe(3);
    expect(semesterOn(2024, JULY_JANUARY, day('2026-12-02'))).toBe(5);
    expect(semesterOn(2024, JULY_JANUARY, day('2027-01-01'))).toBe(6);
  });

  it('turns at midnight UTC on the first of the month (year boundary)', () => {
    expect(semesterOn(2024, JULY_JANUARY, new Date('2026-12-31T23:59:59Z'))).toBe(5);
    expect(semesterOn(2024, JULY_JANUARY, new Date('2027-01-01T00:00:00Z'))).toBe(6);
  });

  it('is 1 before the batch begins', () => {
    expect(semesterOn(2024, JULY_JANUARY, day('2024-06-30'))).toBe(1);
    expect(semesterOn(2027, JULY_JANUARY, day('2026-12-02'))).toBe(1);
  });

  it('stays 8 after eight semesters', () => {
    expect(semesterOn(2020, JULY_JANUARY, day('2024-01-15'))).toBe(8);
    expect(semesterOn(2020, JULY_JANUARY, day('2024-07-01'))).toBe(8);
    expect(semesterOn(2000, JULY_JANUARY, day('2026-12-02'))).toBe(8);
  });

  it('follows each configured start month', () => {
    // August/January (odd in August): July is still the even term of the year before.
    expect(semesterOn(2024, [8, 1], day('2024-07-31'))).toBe(1);
    expect(semesterOn(2024, [8, 1], day('2024-08-01'))).toBe(1);
    expect(semesterOn(2024, [8, 1], day('2025-01-10'))).toBe(2);
    expect(semesterOn(2024, [8, 1], day('2025-08-01'))).toBe(3);
    // January/July (odd in January): both terms in one calendar year.
    expect(semesterOn(2025, [1, 7], day('2025-01-01'))).toBe(1);
    expect(semesterOn(2025, [1, 7], day('2025-07-01'))).toBe(2);
    expect(semesterOn(2025, [1, 7], day('2026-01-01'))).toBe(3);
    // December/June: the odd term begins in the batch year's last month.
    expect(semesterOn(2024, [12, 6], day('2024-12-01'))).toBe(1);
    expect(semesterOn(2024, [12, 6], day('2025-06-01'))).toBe(2);
    expect(semesterOn(2024, [12, 6], day('2025-12-01'))).toBe(3);
  });
});

describe('currentTerm', () => {
  it('names the term by the month it began', () => {
    expect(currentTerm(JULY_JANUARY, day('2026-12-02'))).toBe('2026-07');
    expect(currentTerm(JULY_JANUARY, day('2027-01-01'))).toBe('2027-01');
    expect(currentTerm(JULY_JANUARY, day('2027-06-30'))).toBe('2027-01');
    expect(currentTerm([8, 1], day('2026-07-20'))).toBe('2026-01');
    expect(currentTerm([12, 6], day('2026-03-01'))).toBe('2025-12');
  });
});

describe('termStart', () => {
  it('is the first day of the current term under the calendar', () => {
    expect(termStart(day('2026-12-02'))).toBe('2026-07-01');
    expect(termStart(day('2027-01-01'))).toBe('2027-01-01');
    expect(termStart(day('2026-07-20'), [8, 2])).toBe('2026-02-01');
  });
});

describe('batchFirstYear and parseTermStartMonths', () => {
  it('reads the batch and the calendar', () => {
    expect(batchFirstYear('2024-28')).toBe(2024);
    expect(batchFirstYear(' 2023-24 ')).toBe(2023);
    expect(batchFirstYear('')).toBeNull();
    expect(batchFirstYear('2024')).toBeNull();
    expect(parseTermStartMonths('7,1')).toEqual([7, 1]);
    expect(parseTermStartMonths(' 8 , 2 ')).toEqual([8, 2]);
    expect(parseTermStartMonths('7,7')).toBeNull();
    expect(parseTermStartMonths('13,1')).toBeNull();
    expect(parseTermStartMonths('7')).toBeNull();
    expect(parseTermStartMonths('7,1,3')).toBeNull();
  });
});
