import type { Role } from '@shared/account';
import { Badge } from '../../../components/ui/badge';

export const ROLE_LABELS: Record<Role, string> = { ADMIN: 'Admin', CR: 'CR', STUDENT: 'Student' };

// SPEC.md §2: admin red, CR orange, student blue.
const TONES = { ADMIN: 'red', CR: 'orange', STUDENT: 'blue' } as const;

export function RoleBadge({ role }: { role: Role }) {
  return <Badge tone={TONES[role]}>{ROLE_LABELS[role]}</Badge>;
}
