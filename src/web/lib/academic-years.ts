import { academicYearsShown } from '@shared/academic-years';
import { publicConfig } from './public-config';

/**
 * The academic years the forms offer today, newest first: computed at render time from the date
 * and the server's ACADEMIC_YEARS_SHOWN, as the server does when it checks them, so a tab left
 * open across July still offers the new year.
 */
export function offeredAcademicYears(now: Date = new Date()): string[] {
  return academicYearsShown(publicConfig.academicYearsShown, now);
}
