import { COURSES, RESOURCE_ACADEMIC_YEARS, RESOURCE_TYPES, SEMESTERS, semesterLabel } from '@shared/catalogue';
import { RESOURCE_TYPE_LABELS } from '../utils/labels';

/** The `<option>`s of the catalogue's fixed lists, shared by the filter and upload forms. */
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

export function AcademicYearOptions() {
  return RESOURCE_ACADEMIC_YEARS.map((y) => (
    <option key={y} value={y}>
      {y}
    </option>
  ));
}
