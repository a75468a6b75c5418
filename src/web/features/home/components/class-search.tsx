import { CLASS_HOME_HEAD_CLASSES } from '@shared/class-home-head';
import { LibrarySearchForm } from '../../../components/ui/library-search-form';

/**
 * The home page's search box. Words search the whole library (a student's class is a filter they
 * can see and set there, never a silent scope); an empty box opens the library on the class.
 */
export function ClassSearch({ baseParams, label }: { baseParams: Record<string, string>; label: string }) {
  return (
    <LibrarySearchForm
      id="home-search"
      label={label}
      placeholder="Topics or words in papers"
      className={CLASS_HOME_HEAD_CLASSES.searchRow}
      buttonVariant="accent"
      emptyParams={baseParams}
    />
  );
}
