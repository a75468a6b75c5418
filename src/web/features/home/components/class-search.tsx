import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { CLASS_HOME_HEAD_CLASSES } from '@shared/class-home-head';
import { Button } from '../../../components/ui/button';
import { SearchInput } from '../../../components/ui/search-input';

/**
 * The home page's search box. Words search the whole library (a student's class is a filter they
 * can see and set there, never a silent scope); an empty box opens the library on the class.
 */
export function ClassSearch({ baseParams, label }: { baseParams: Record<string, string>; label: string }) {
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const params = new URLSearchParams(q.trim() ? { q: q.trim() } : baseParams);
    void navigate(`/filter-resources?${params.toString()}`);
  };
  return (
    <form role="search" onSubmit={handleSubmit} className={CLASS_HOME_HEAD_CLASSES.searchRow}>
      <label htmlFor="home-search" className="sr-only">
        {label}
      </label>
      <SearchInput
        id="home-search"
        className="min-w-0 flex-1"
        value={q}
        onChange={(event) => setQ(event.target.value)}
        placeholder="Topics or words in papers"
        enterKeyHint="search"
      />
      <Button type="submit" variant="accent" className="min-h-11 shrink-0">
        Search
      </Button>
    </form>
  );
}
