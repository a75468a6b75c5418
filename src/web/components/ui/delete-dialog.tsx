import { TriangleAlert } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { ConfirmDialog } from './confirm-dialog';

/** One line of what is about to go: a term and its value (`className` on the value, e.g. break-all). */
export interface DeleteFact {
  term: string;
  value: ReactNode;
  className?: string;
}

interface DeleteDialogProps<T> {
  /** What is about to be deleted; null keeps the dialog closed. */
  item: T | null;
  /** The dialog's name, and the label of its red button ("Delete User"). */
  title: string;
  question: string;
  facts: (item: T) => DeleteFact[];
  /** What else happens, shown between the facts and the warning. */
  consequences?: ReactNode;
  busy?: boolean;
  busyLabel?: string;
  onCancel: () => void;
  onConfirm: (item: T) => void;
}

/**
 * A deletion to confirm: the question, the facts that say which record it is, and that it cannot
 * be undone (SPEC.md §2's delete confirmation, used for users and resources alike).
 */
export function DeleteDialog<T>({ item, title, question, facts, consequences, busy, busyLabel, onCancel, onConfirm }: DeleteDialogProps<T>) {
  return (
    <ConfirmDialog
      open={item !== null}
      tone="danger"
      onCancel={onCancel}
      onConfirm={() => item !== null && onConfirm(item)}
      title={title}
      confirmLabel={title}
      busyLabel={busyLabel}
      busy={busy}
      description={
        item !== null ? (
          <>
            <p>{question}</p>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-lg bg-slate-50 p-3 text-slate-800">
              {facts(item).map((fact) => (
                <Fragment key={fact.term}>
                  <dt className="font-medium">{fact.term}</dt>
                  <dd className={fact.className}>{fact.value}</dd>
                </Fragment>
              ))}
            </dl>
            {consequences}
            <p className="mt-3 flex items-center gap-2 font-medium text-red-700">
              <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
              This action cannot be undone
            </p>
          </>
        ) : undefined
      }
    />
  );
}
