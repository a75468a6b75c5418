import type { Branch } from '@shared/catalogue';

/** The `<option>`s of a branch select, "CSE - Computer Science", as every form shows them. */
export function BranchOptions({ branches }: { branches: readonly Branch[] }) {
  return branches.map((b) => (
    <option key={b.id} value={b.id}>
      {`${b.shortName} - ${b.name}`}
    </option>
  ));
}
