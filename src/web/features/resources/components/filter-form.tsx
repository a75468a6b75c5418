import { SlidersHorizontal } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Branch } from '@shared/catalogue';
import { resourceListQuerySchema } from '@shared/resource';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { lazyComponent } from '../../../components/ui/lazy-component';
import { SearchInput } from '../../../components/ui/search-input';
import { Select } from '../../../components/ui/select';
import { AcademicYearOptions, CourseOptions, ResourceTypeOptions, SemesterOptions } from '../../../components/catalogue-options';
import type { FilterValues } from '../hooks/use-resource-filters';
import { RELEVANCE_SORT, sortAfterTyping } from '../utils/sort-choice';
import { BranchOptions } from '../../../lib/branch-options';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { publicConfig } from '../../../lib/public-config';
import { useMediaQuery } from '../../../lib/use-media-query';

/** Pause after the last key before the results follow the search box. */
const SEARCH_DEBOUNCE_MS = 300;
/** One letter matches nearly everything; the results follow from two letters on (or an empty box). */
const MIN_LIVE_QUERY = 2;

/** The fields that narrow the results, counted on the phone's Filters button. */
const NARROWING = ['branch', 'resourceType', 'academicYear', 'semester', 'exam'] as const;

/** Wide enough for the whole form above the results; narrower, the filters fold into a sheet. */
const WIDE = '(min-width: 640px)';
/**
 * The phone's sheet, out of the page's first load (DESIGN.md §5): it is rendered closed, so its
 * code arrives right after the page, before a thumb reaches the Filters button.
 */
const Dialog = lazyComponent(() => import('../../../components/ui/dialog'), (m) => m.Dialog);

type FieldErrors = Partial<Record<keyof FilterValues, string>>;

/** A value the server would refuse (only an edited address holds one), with its message, per field. */
function fieldErrors(values: FilterValues): FieldErrors {
  const parsed = resourceListQuerySchema.safeParse(values);
  const errors: FieldErrors = {};
  for (const issue of parsed.error?.issues ?? []) errors[issue.path[0] as keyof FilterValues] ??= issue.message;
  return errors;
}

/** What the address will hold for these values (the address trims the search). */
const sentKey = (values: FilterValues) => JSON.stringify({ ...values, q: values.q.trim() });

interface FilterFormProps {
  initial: FilterValues;
  branches: readonly Branch[];
  /** How many resources the filters on screen find, once known: the phone's sheet names it. */
  total: number | undefined;
  /** A field was changed (or Enter pressed): show its results now. */
  onChange: (values: FilterValues) => void;
  /** The search box changed and paused: show its results. */
  onSearch: (values: FilterValues) => void;
}

/**
 * SPEC.md's five fields in its order, each also allowing "Any" (DESIGN.md §1), plus a sort order
 * and a search of subjects, titles, file names and the text inside the papers. Every field
 * applies as it changes and the count is in the page (issue 34; docs/decisions/038). On a phone
 * only the search, the sort and a "Filters" button (with the number set) are shown, so the
 * results start on the first screen; the five fields open in a sheet. When the address changes
 * otherwise (Back, a link), the form follows it.
 */
export function FilterForm({ initial, branches, total, onChange, onSearch }: FilterFormProps) {
  const [values, setValues] = useState(initial);
  const errors = fieldErrors(values);
  const wide = useMediaQuery(WIDE);
  const [sheetOpen, setSheetOpen] = useState(false);
  const setCount = NARROWING.filter((key) => values[key]).length + (values.course && values.course !== 'btech' ? 1 : 0);
  // What this form last put in the address: that change coming back must not reset the fields.
  const sent = useRef(sentKey(initial));
  const initialKey = sentKey(initial);
  useEffect(() => {
    if (initialKey === sent.current) return;
    sent.current = initialKey;
    setValues(initial);
    // initialKey stands for initial, whose object changes on every render of the page.
  }, [initialKey]);

  const send = (next: FilterValues, handler: (values: FilterValues) => void) => {
    const trimmed = { ...next, q: next.q.trim() };
    sent.current = sentKey(trimmed);
    handler(trimmed);
  };

  /** Sets fields and shows their results at once, unless a field holds a value the server refuses. */
  const change = (next: Partial<FilterValues>) => {
    const merged = { ...values, ...next };
    setValues(merged);
    if (Object.keys(fieldErrors(merged)).length === 0) send(merged, onChange);
  };

  const typed = useDebouncedValue(values.q.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (typed === initial.q || (typed.length > 0 && typed.length < MIN_LIVE_QUERY)) return;
    send({ ...values, q: typed }, onSearch);
    // Only a pause in typing sends; the other fields go with it as they stand.
  }, [typed]);

  const handleQueryChange = (event: { target: { value: string } }) => {
    const q = event.target.value;
    setValues((current) => ({ ...current, q, sort: sortAfterTyping(current.sort, current.q, q) }));
  };

  // Enter in the search box: its results now, without waiting for the pause.
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (Object.keys(errors).length === 0) send(values, onChange);
  };

  const bind = (name: keyof FilterValues) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => change({ [name]: event.target.value }),
  });

  const clearFilters = () => change({ course: 'btech', branch: '', resourceType: '', academicYear: '', semester: '', exam: '' });

  const fields = (
    <>
      <FormField label="Course" error={errors.course}>
        {(control) => (
          <Select {...control} {...bind('course')}>
            <CourseOptions />
            <option value="">Any course</option>
          </Select>
        )}
      </FormField>
      <FormField label="Branch" className="lg:col-span-2" error={errors.branch}>
        {(control) => (
          <Select {...control} {...bind('branch')}>
            <option value="">Any branch</option>
            <BranchOptions branches={branches} />
          </Select>
        )}
      </FormField>
      <FormField label="Resource Type" error={errors.resourceType}>
        {(control) => (
          <Select {...control} {...bind('resourceType')}>
            <option value="">Any type</option>
            <ResourceTypeOptions />
          </Select>
        )}
      </FormField>
      <FormField label="Academic Year" error={errors.academicYear}>
        {(control) => (
          <Select {...control} {...bind('academicYear')}>
            <option value="">Any year</option>
            <AcademicYearOptions current={values.academicYear} />
          </Select>
        )}
      </FormField>
      <FormField label="Semester" error={errors.semester}>
        {(control) => (
          <Select {...control} {...bind('semester')}>
            <option value="">Any semester</option>
            <SemesterOptions />
          </Select>
        )}
      </FormField>
      <FormField label="Exam" error={errors.exam}>
        {(control) => (
          <Select {...control} {...bind('exam')}>
            <option value="">Any exam</option>
            {publicConfig.exams.map((exam) => (
              <option key={exam}>{exam}</option>
            ))}
          </Select>
        )}
      </FormField>
    </>
  );

  const sort = (
    <FormField label="Sort by" error={errors.sort}>
      {(control) => (
        <Select {...control} {...bind('sort')}>
          {values.q.trim() ? <option value={RELEVANCE_SORT}>Best match</option> : null}
          <option value="newest">Newest first</option>
          <option value="latest">Latest exam</option>
          <option value="downloads">Most downloaded</option>
        </Select>
      )}
    </FormField>
  );

  // Issue 35: a search's results narrowed to hits inside a question of a past paper.
  const questionsOnly = (
    <label className="flex min-h-11 cursor-pointer items-center gap-2 self-end rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 has-checked:border-brand-700 has-checked:bg-brand-50">
      <input
        type="checkbox"
        className="size-4 accent-brand-700"
        checked={values.questions === '1'}
        onChange={(event) => change({ questions: event.target.checked ? '1' : '' })}
      />
      Questions only
    </label>
  );
  const searching = values.q.trim() !== '';

  const search = (
    <FormField label="Search the library" className="col-span-2 lg:col-span-3" error={errors.q}>
      {(control) => (
        <SearchInput
          {...control}
          value={values.q}
          onChange={handleQueryChange}
          placeholder="Topics or words in papers"
          enterKeyHint="search"
        />
      )}
    </FormField>
  );

  if (!wide) {
    return (
      <form onSubmit={handleSubmit} aria-label="Filter resources" className="grid grid-cols-2 gap-x-3 gap-y-3">
        {search}
        {searching ? <div className="col-span-2 flex">{questionsOnly}</div> : null}
        {sort}
        <div className="flex items-end">
          <Button variant="secondary" className="min-h-11 w-full" aria-haspopup="dialog" onClick={() => setSheetOpen(true)}>
            <SlidersHorizontal aria-hidden="true" className="size-4" />
            Filters
            {setCount ? (
              <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs text-white" data-testid="filter-count">
                <span className="sr-only">, set: </span>
                {setCount}
              </span>
            ) : null}
          </Button>
        </div>
        <Dialog
          open={sheetOpen}
          onClose={() => setSheetOpen(false)}
          title="Filters"
          className="mb-0! max-h-[90dvh] w-full! max-w-none! rounded-b-none"
          body={<div className="mt-4 grid grid-cols-2 gap-x-3 gap-y-4">{fields}</div>}
        >
          <Button variant="secondary" onClick={clearFilters} className="min-h-11">
            Clear filters
          </Button>
          <Button onClick={() => setSheetOpen(false)} className="min-h-11">
            {total === undefined ? 'Show results' : total === 0 ? 'No matches: close' : `Show ${total} result${total === 1 ? '' : 's'}`}
          </Button>
        </Dialog>
      </form>
    );
  }

  return (
    <form onSubmit={handleSubmit} aria-label="Filter resources" className="grid grid-cols-2 gap-x-3 gap-y-4 sm:gap-x-4 lg:grid-cols-6">
      {fields}
      {sort}
      <div className="flex">{searching ? questionsOnly : null}</div>
      {search}
    </form>
  );
}
