import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn';

type AlertTone = 'error' | 'success' | 'info';

const tones: Record<AlertTone, { box: string; icon: ReactNode }> = {
  error: {
    box: 'border-red-200 bg-red-50 text-red-800',
    icon: <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />,
  },
  success: {
    box: 'border-green-200 bg-green-50 text-green-800',
    icon: <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />,
  },
  info: {
    box: 'border-brand-100 bg-brand-50 text-brand-900',
    icon: <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0" />,
  },
};

interface AlertProps {
  tone: AlertTone;
  children: ReactNode;
  className?: string;
}

/**
 * A message box inside a page. Errors are role="alert" so they are read at once; other tones are
 * role="status" and wait for the reader to finish.
 */
export function Alert({ tone, children, className }: AlertProps) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex items-start gap-3 rounded-lg border px-4 py-3 text-sm', tones[tone].box, className)}
    >
      {tones[tone].icon}
      <div className="min-w-0 flex-1 space-y-2">{children}</div>
    </div>
  );
}
