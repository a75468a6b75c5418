import { LogOut, Trash2 } from 'lucide-react';
import { COURSES, semesterLabel } from '@shared/catalogue';
import { ADMIN_MESSAGES, type AdminUser } from '@shared/admin';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { RoleBadge } from './role-badge';

interface UserTableProps {
  users: readonly AdminUser[] | undefined;
  isPending: boolean;
  currentUserId: string;
  onChangeRole: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
  onEndSessions: (user: AdminUser) => void;
}

const courseName = (id: string) => COURSES.find((course) => course.id === id)?.name ?? (id || '—');
const semesterText = (semester: number | null) => (semester === null ? '—' : semesterLabel(semester));
const headerClasses = 'px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase';
// Phones show name, role and actions; the class details move under the name.
const wideOnly = 'hidden md:table-cell';

/** SPEC.md §2 user table: User, Role, Branch, Course, Semester, Session, Actions. */
export function UserTable({ users, isPending, currentUserId, onChangeRole, onDelete, onEndSessions }: UserTableProps) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-0 divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={headerClasses}>User</th>
            <th scope="col" className={`${headerClasses} hidden sm:table-cell`}>Role</th>
            <th scope="col" className={`${headerClasses} ${wideOnly}`}>Branch</th>
            <th scope="col" className={`${headerClasses} ${wideOnly}`}>Course</th>
            <th scope="col" className={`${headerClasses} ${wideOnly}`}>Semester</th>
            <th scope="col" className={`${headerClasses} ${wideOnly}`}>Session</th>
            <th scope="col" className={`${headerClasses} text-right`}>Actions</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {users === undefined && isPending ? <SkeletonRows /> : null}
          {users?.length === 0 ? (
            <tr>
              <td colSpan={7} className="px-4 py-12 text-center text-slate-600">
                {ADMIN_MESSAGES.noUsersFound}
              </td>
            </tr>
          ) : null}
          {users?.map((user) => (
            <tr key={user.id} className="align-top">
              <td className="px-4 py-3">
                <p className="font-semibold break-words text-slate-900">{user.name}</p>
                <p className="text-slate-600 [overflow-wrap:anywhere]">{user.email}</p>
                <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600 md:hidden">
                  <span className="sm:hidden">
                    <RoleBadge role={user.role} />
                  </span>
                  <span>
                    {[user.branch.toUpperCase(), semesterText(user.semester), user.academicSession].filter(Boolean).join(' · ')}
                  </span>
                </p>
              </td>
              <td className="hidden px-4 py-3 sm:table-cell">
                <RoleBadge role={user.role} />
              </td>
              <td className={`px-4 py-3 text-slate-800 ${wideOnly}`}>{user.branch.toUpperCase() || '—'}</td>
              <td className={`px-4 py-3 text-slate-800 ${wideOnly}`}>{courseName(user.course)}</td>
              <td className={`px-4 py-3 text-slate-800 ${wideOnly}`}>{semesterText(user.semester)}</td>
              <td className={`px-4 py-3 text-slate-800 ${wideOnly}`}>{user.academicSession || '—'}</td>
              <td className="px-4 py-3">
                <RowActions user={user} isSelf={user.id === currentUserId} onChangeRole={onChangeRole} onDelete={onDelete} onEndSessions={onEndSessions} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RowActions({
  user,
  isSelf,
  onChangeRole,
  onDelete,
  onEndSessions,
}: {
  user: AdminUser;
  isSelf: boolean;
  onChangeRole: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
  onEndSessions: (user: AdminUser) => void;
}) {
  if (isSelf) return <span className="sr-only">No actions</span>;
  const endSessions = (
    <Button
      variant="secondary"
      className="min-h-9 px-2.5"
      onClick={() => onEndSessions(user)}
      aria-label={`Sign ${user.name} out everywhere`}
      title="Sign out everywhere"
    >
      <LogOut aria-hidden="true" className="size-4" />
    </Button>
  );
  // SPEC.md §2: admin rows have no role or delete controls; an admin may still be signed out.
  if (user.role === 'ADMIN') return <div className="flex justify-end">{endSessions}</div>;
  return (
    <div className="flex flex-col items-end gap-2 sm:flex-row sm:justify-end">
      {endSessions}
      <Button variant="secondary" className="min-h-9 px-3 whitespace-nowrap" onClick={() => onChangeRole(user)}>
        {user.role === 'CR' ? 'Make Student' : 'Make CR'}
      </Button>
      <Button
        variant="secondary"
        className="min-h-9 px-2.5 text-red-700 hover:bg-red-50"
        onClick={() => onDelete(user)}
        aria-label={`Delete ${user.name}`}
        title="Delete user"
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </Button>
    </div>
  );
}

function SkeletonRows() {
  return (
    <>
      {Array.from({ length: 5 }, (_, index) => (
        <tr key={index}>
          <td className="px-4 py-3">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="mt-2 h-3 w-44" />
          </td>
          <td className="hidden px-4 py-3 sm:table-cell">
            <Skeleton className="h-5 w-16" />
          </td>
          {Array.from({ length: 4 }, (_, cell) => (
            <td key={cell} className={`px-4 py-3 ${wideOnly}`}>
              <Skeleton className="h-4 w-12" />
            </td>
          ))}
          <td className="px-4 py-3" />
        </tr>
      ))}
    </>
  );
}
