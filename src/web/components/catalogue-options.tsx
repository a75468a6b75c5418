import { isAcademicYear } from '@shared/academic-years';
import { COURSES, RESOURCE_TYPE_LABELS, RESOURCE_TYPES, SEMESTERS, semesterLabel } from '@shared/catalogue';
import { offeredAcademicYears } from '../lib/academic-years';

/** The `<option>`s of the catalogue's fixed lists, shared by the filter, upload, request and class forms. */
export function CourseOptions() {
  return COURSES.map((c) => (
    <option key={c.id} value={c.id}>
      {c.name}
    </option>
  ));
}

export function SemesterOptions() {
  return SEMESTERS.map((s) => (
    <option key={s} value={String(s)}>
      {semesterLabel(s)}
    </option>
  ));
}

export function ResourceTypeOptions() {
  return RESOURCE_TYPES.map((t) => (
    <option key={t} value={t}>
      {RESOURCE_TYPE_LABELS[t]}
    </option>
  ));
}

/**
 * The years offered today. `current` (an older year from a shared link or a request) is listed
 * too, after them, so the select shows what is applied rather than a blank.
 */
export function AcademicYearOptions({ current, years = offeredAcademicYears() }: { current?: string; years?: string[] } = {}) {
  const listed = current && isAcademicYear(current) && !years.includes(current) ? [...years, current] : years;
  return listed.map((y) => (
    <option key={y} value={y}>
      {y}
    </option>
  ));
}
