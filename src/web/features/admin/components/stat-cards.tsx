import { GitBranch, GraduationCap, UserCheck, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AdminStats } from '@shared/admin';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';

interface StatCardsProps {
  stats: AdminStats | undefined;
  isPending: boolean;
}

/** SPEC.md §2: Total Users, CRs, Students, Branches. */
export function StatCards({ stats, isPending }: StatCardsProps) {
  const cards: { label: string; value: number | undefined; icon: ReactNode }[] = [
    { label: 'Total Users', value: stats?.totalUsers, icon: <Users className="size-5" /> },
    { label: 'CRs', value: stats?.totalCRs, icon: <UserCheck className="size-5" /> },
    { label: 'Students', value: stats?.totalStudents, icon: <GraduationCap className="size-5" /> },
    { label: 'Branches', value: stats?.branches, icon: <GitBranch className="size-5" /> },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-label="User statistics" aria-busy={isPending}>
      {cards.map((card) => (
        <li key={card.label}>
          <Card className="flex items-center gap-3 p-4 sm:p-5">
            <span aria-hidden="true" className="hidden rounded-lg bg-brand-50 p-2.5 text-brand-700 sm:block">
              {card.icon}
            </span>
            <div className="min-w-0">
              <p className="text-sm font-medium text-slate-600">{card.label}</p>
              {card.value === undefined ? (
                isPending ? (
                  <Skeleton className="mt-1 h-7 w-12" />
                ) : (
                  <p className="text-2xl font-bold text-slate-400">–</p>
                )
              ) : (
                <p className="text-2xl font-bold text-slate-900 tabular-nums">{card.value.toLocaleString()}</p>
              )}
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
