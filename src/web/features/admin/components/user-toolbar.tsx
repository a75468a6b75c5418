import { useEffect, useId, useState } from 'react';
import type { Branch } from '@shared/catalogue';
import { SearchInput } from '../../../components/ui/search-input';
import { Select } from '../../../components/ui/select';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

interface UserToolbarProps {
  branch: string | undefined;
  q: string | undefined;
  branches: readonly Branch[];
  /** Users per branch id under the role and search filters. */
  branchCounts: Record<string, number> | undefined;
  onBranchChange: (branch: string | undefined) => void;
  onSearch: (q: string | undefined, options: { replace: boolean }) => void;
}

const SEARCH_PAUSE_MS = 300;

/** The branch dropdown (with counts) and the "Search users..." box. */
export function UserToolbar({ branch, q, branches, branchCounts, onBranchChange, onSearch }: UserToolbarProps) {
  const branchId = useId();
  const searchId = useId();
  const [text, setText] = useState(q ?? '');
  const debounced = useDebouncedValue(text, SEARCH_PAUSE_MS);

  // Back and Forward change the address: show what it now searches for.
  useEffect(() => {
    setText((current) => (current.trim() === (q ?? '') ? current : (q ?? '')));
  }, [q]);

  useEffect(() => {
    if (debounced.trim() !== (q ?? '')) onSearch(debounced.trim() || undefined, { replace: true });
    // Only a pause in typing searches; q changing from the address must not search again.
  }, [debounced]);

  const count = (id: string) => (branchCounts ? ` (${branchCounts[id] ?? 0})` : '');
  // A user's branch may no longer be in the catalogue; they must still be findable.
  const extra = Object.keys(branchCounts ?? {}).filter((id) => id && !branches.some((b) => b.id === id));

  return (
    <div className="grid gap-3 sm:grid-cols-[minmax(0,16rem)_minmax(0,1fr)]">
      <div>
        <label htmlFor={branchId} className="sr-only">
          Branch
        </label>
        <Select id={branchId} value={branch ?? ''} onChange={(event) => onBranchChange(event.target.value || undefined)}>
          <option value="">All Branches</option>
          {branches.map((b) => (
            <option key={b.id} value={b.id}>
              {`${b.shortName} - ${b.name}${count(b.id)}`}
            </option>
          ))}
          {extra.map((id) => (
            <option key={id} value={id}>{`${id.toUpperCase()}${count(id)}`}</option>
          ))}
        </Select>
      </div>
      <form
        role="search"
        className="relative"
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(text.trim() || undefined, { replace: false });
        }}
      >
        <label htmlFor={searchId} className="sr-only">
          Search users by name or e-mail
        </label>
        <SearchInput id={searchId} value={text} onChange={(event) => setText(event.target.value)} placeholder="Search users..." />
      </form>
    </div>
  );
}
