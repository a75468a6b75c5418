import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ROUTES } from '@shared/routes';
import { Button, type ButtonVariant } from './button';
import { SearchInput } from './search-input';

interface LibrarySearchFormProps {
  /** The box's id; its label is `label`, read to screen readers. */
  id: string;
  label: string;
  placeholder: string;
  className?: string;
  buttonVariant?: ButtonVariant;
  /** Where an empty box leads: the library with these filters (none: the whole library). */
  emptyParams?: Record<string, string>;
}

/** A search box that opens the library's results for its words. */
export function LibrarySearchForm({ id, label, placeholder, className, buttonVariant, emptyParams = {} }: LibrarySearchFormProps) {
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const search = (event: FormEvent) => {
    event.preventDefault();
    const words = q.trim();
    const params = new URLSearchParams(words ? { q: words } : emptyParams).toString();
    void navigate(params ? `${ROUTES.filterResources}?${params}` : ROUTES.filterResources);
  };
  return (
    <form role="search" aria-label={label} onSubmit={search} className={className}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <SearchInput id={id} className="min-w-0 flex-1" value={q} onChange={(event) => setQ(event.target.value)} placeholder={placeholder} enterKeyHint="search" />
      <Button type="submit" variant={buttonVariant} className="min-h-11 shrink-0">
        Search
      </Button>
    </form>
  );
}
