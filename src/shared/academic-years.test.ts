import { describe, expect, it } from 'vitest';
import { academicYearLabel, academicYearOf, academicYearsShown, isAcademicYear } from './academic-years.js';
import { requestUploadFieldsSchema, uploadAcademicYears, uploadFieldsSchemaFor } from './upload-fields.js';
import { createRequestSchemaFor } from './request.js';

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe('academic years from the calendar', () => {
  it('begins a year in July: 2026-11-25 is in 2026-27, 2026-06-30 still in 2025-26', () => {
    expect(academicYearOf(day('2026-11-25'))).toBe('2026-27');
    expect(academicYearOf(new Date('2026-06-30T23:59:59Z'))).toBe('2025-26');
    expect(academicYearOf(new Date('2026-07-01T00:00:00Z'))).toBe('2026-27');
    expect(academicYearOf(day('2027-01-15'))).toBe('2026-27');
    expect(academicYearLabel(2099)).toBe('2099-00');
    expect(academicYearLabel(2009)).toBe('2009-10');
  });

  it('offers the current year and the ones before it, newest first, as many as configured', () => {
    expect(academicYearsShown(5, day('2026-11-25'))).toEqual(['2026-27', '2025-26', '2024-25', '2023-24', '2022-23']);
    expect(academicYearsShown(5, day('2026-06-30'))).toEqual(['2025-26', '2024-25', '2023-24', '2022-23', '2021-22']);
    expect(academicYearsShown(2, day('2026-11-25'))).toEqual(['2026-27', '2025-26']);
    expect(academicYearsShown(1, day('2026-11-25'))).toEqual(['2026-27']);
  });

  it('lets uploads reach back to the first academic year, newest first, never fewer than those shown', () => {
    const years = uploadAcademicYears(5, 2008, day('2026-11-25'));
    expect(years[0]).toBe('2026-27');
    expect(years.at(-1)).toBe('2008-09');
    expect(years).toHaveLength(19);
    expect(years).toContain('2018-19');
    expect(uploadAcademicYears(5, 2025, day('2026-11-25'))).toEqual(academicYearsShown(5, day('2026-11-25')));
  });

  it('knows a well-formed academic year', () => {
    for (const good of ['2019-20', '2026-27', '1999-00']) expect(isAcademicYear(good), good).toBe(true);
    for (const bad of ['2019-21', '2019', '19-20', '2019-2020', ' 2019-20', '']) expect(isAcademicYear(bad), bad).toBe(false);
  });

  it('lets upload and request forms accept only the offered years; a request upload keeps any stored year', () => {
    const years = academicYearsShown(5, day('2026-11-25'));
    const upload = { course: 'btech', branch: 'cse', semester: '3', subject: 'Data Structures', resourceType: 'NOTES' };
    expect(uploadFieldsSchemaFor(years).safeParse({ ...upload, academicYear: '2026-27' }).success).toBe(true);
    expect(uploadFieldsSchemaFor(years).safeParse({ ...upload, academicYear: '2021-22' }).success).toBe(false);
    expect(uploadFieldsSchemaFor(years).safeParse({ ...upload, academicYear: '2027-28' }).success).toBe(false);
    expect(requestUploadFieldsSchema.safeParse({ ...upload, academicYear: '2019-20' }).success).toBe(true);
    expect(requestUploadFieldsSchema.safeParse({ ...upload, academicYear: '2019-21' }).success).toBe(false);

    const request = { branch: 'cse', semester: '3', subject: 'Algorithms', description: 'The end-semester paper, please' };
    expect(createRequestSchemaFor(years).safeParse({ ...request, academicYear: '2022-23' }).success).toBe(true);
    const refused = createRequestSchemaFor(years).safeParse({ ...request, academicYear: '2021-22' });
    expect(refused.error?.issues[0]).toMatchObject({ path: ['academicYear'], message: 'Please select an academic year' });
  });

  it('a request schema built once (a route\'s) asks for the offered years at each parse, so July moves it', () => {
    let today = day('2026-06-30');
    const schema = createRequestSchemaFor(() => academicYearsShown(2, today));
    const request = { branch: 'cse', semester: '3', subject: 'Algorithms', description: 'The end-semester paper, please' };
    expect(schema.safeParse({ ...request, academicYear: '2024-25' }).success).toBe(true);
    expect(schema.safeParse({ ...request, academicYear: '2026-27' }).success).toBe(false);
    today = day('2026-07-01');
    expect(schema.safeParse({ ...request, academicYear: '2026-27' }).success).toBe(true);
    const refused = schema.safeParse({ ...request, academicYear: '2024-25' });
    expect(refused.error?.issues[0]).toMatchObject({ path: ['academicYear'], message: 'Please select an academic year' });
    expect(schema.safeParse({ ...request, academicYear: 2026 }).error?.issues[0]).toMatchObject({ message: 'Please select an academic year' });
  });
});
