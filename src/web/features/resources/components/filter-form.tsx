import { zodResolver } from '@hookform/resolvers/zod';
import { SlidersHorizontal } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Resolver } from 'react-hook-form';
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
import { useMediaQuery } from '../../../lib/use-media-query';
import { useStringForm } from '../../../lib/use-string-form';

/** Pause after the last key before the results follow the search box. */
const SEARCH_DEBOUNCE_MS = 300;
/** One letter matches nearly everything; the results follow from two letters on (or an empty box). */
const MIN_LIVE_QUERY = 2;

/** The fields that narrow the results, counted on the phone's Filters button. */
const NARROWING = ['branch', 'resourceType', 'academicYear', 'semester'] as const;

/** Wide enough for the whole form above the results; narrower, the filters fold into a sheet. */
const WIDE = '(min-width: 640px)';
/**
 * The phone's sheet, out of the page's first load (DESIGN.md §5): it is rendered closed, so its
 * code arrives right after the page, before a thumb reaches the Filters button.
 */
const Dialog = lazyComponent(() => import('../../../components/ui/dialog'), (m) => m.Dialog);

/**
 * The query schema the server checks the address's filters with; the form's values (strings, as
 * the address holds them) are what is sent, so the resolver only checks them.
 */
const resolver = zodResolver(resourceListQuerySchema, undefined, { raw: true }) as unknown as Resolver<FilterValues, unknown, FilterValues>;

/** What the address will hold for these values (the address trims the search). */
const sentKey = (values: FilterValues) => JSON.stringify({ ...values, q: values.q.trim() });

interface FilterFormProps {
  initial: FilterValues;
  branches: readonly Branch[];
  busy: boolean;
  onSubmit: (values: FilterValues) => void;
  /** The search box changed and paused: show its results without a submit. */
  onSearch: (values: FilterValues) => void;
}

/**
 * SPEC.md's five fields in its order, each also allowing "Any" (DESIGN.md §1), plus a sort order
 * and a search of subjects, titles, file names and the text inside the papers. On a phone only
 * the search, the sort and a "Filters" button (with the number set) are shown, so the results
 * start on the first screen; the five fields open in a sheet. The branch gets a double column on
 * desktop for its full name. The results follow the search box as one types; the selects wait for the
 * button (SPEC.md §2). When the address changes otherwise (Back, a link), the form follows it.
 */
export function FilterForm({ initial, branches, busy, onSubmit, onSearch }: FilterFormProps) {
  const { form, values, errors, bind } = useStringForm(initial, resolver);
  const wide = useMediaQuery(WIDE);
  const [sheetOpen, setSheetOpen] = useState(false);
  const setCount = NARROWING.filter((key) => values[key]).length + (values.course && values.course !== 'btech' ? 1 : 0);
  const setFields = (next: Partial<FilterValues>) => {
    for (const [key, value] of Object.entries(next)) form.setValue(key as keyof FilterValues, value);
    form.clearErrors();
  };
  // What this form last put in the address: that change coming back must not reset the fields.
  const sent = useRef(sentKey(initial));
  const initialKey = sentKey(initial);
  useEffect(() => {
    if (initialKey === sent.current) return;
    sent.current = initialKey;
    form.reset(initial);
    // initialKey stands for initial, whose object changes on every render of the page.
  }, [initialKey]);

  const send = (next: FilterValues, handler: (values: FilterValues) => void) => {
    const trimmed = { ...next, q: next.q.trim() };
    sent.current = sentKey(trimmed);
    handler(trimmed);
  };

  const typed = useDebouncedValue(values.q.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (typed === initial.q || (typed.length > 0 && typed.length < MIN_LIVE_QUERY)) return;
    send({ ...values, q: typed }, onSearch);
    // Only a pause in typing sends; the other fields go with it as they stand.
  }, [typed]);

  const handleQueryChange = (event: { target: { value: string } }) => {
    const q = event.target.value;
    const current = form.getValues();
    setFields({ q, sort: sortAfterTyping(current.sort, current.q, q) });
  };

  // A value the server would refuse (only an edited address can hold one) shows under its field.
  const handleSubmit = (event: FormEvent) => {
    setSheetOpen(false);
    void form.handleSubmit(
      (checked) => send(checked, onSubmit),
      () => setSheetOpen(!wide),
    )(event);
  };

  // Closed without applying: the fields go back to what the results show.
  const closeSheet = () => {
    setSheetOpen(false);
    const { course, branch, resourceType, academicYear, semester } = initial;
    setFields({ course, branch, resourceType, academicYear, semester });
  };

  const clearFilters = () => setFields({ course: 'btech', branch: '', resourceType: '', academicYear: '', semester: '' });

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
    </>
  );

  const sort = (
    <FormField label="Sort by" error={errors.sort}>
      {(control) => (
        <Select {...control} {...bind('sort')}>
          {values.q.trim() ? <option value={RELEVANCE_SORT}>Best match</option> : null}
          <option value="newest">Newest first</option>
          <option value="downloads">Most downloaded</option>
        </Select>
      )}
    </FormField>
  );

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

  const submitLabel = busy ? 'Filtering...' : 'Filter Resources';
  if (!wide) {
    return (
      <form onSubmit={handleSubmit} aria-label="Filter resources" className="grid grid-cols-2 gap-x-3 gap-y-3">
        {search}
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
          onClose={closeSheet}
          title="Filters"
          className="mb-0! max-h-[90dvh] w-full! max-w-none! rounded-b-none"
          body={<div className="mt-4 grid grid-cols-2 gap-x-3 gap-y-4">{fields}</div>}
        >
          <Button variant="secondary" onClick={clearFilters} className="min-h-11">
            Clear filters
          </Button>
          <Button type="submit" disabled={busy} className="min-h-11">
            {submitLabel}
          </Button>
        </Dialog>
      </form>
    );
  }

  return (
    <form onSubmit={handleSubmit} aria-label="Filter resources" className="grid grid-cols-2 gap-x-3 gap-y-4 sm:gap-x-4 lg:grid-cols-6">
      {fields}
      {sort}
      {search}
      <div className="col-span-2 flex items-end">
        <Button type="submit" disabled={busy} className="w-full min-h-11">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
