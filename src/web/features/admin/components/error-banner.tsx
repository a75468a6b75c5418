import { Alert } from '../../../components/ui/alert';

interface ErrorBannerProps {
  message: string | null;
  onDismiss: () => void;
}

/** SPEC.md §2: the dashboard's error banner, with a Dismiss link. */
export function ErrorBanner({ message, onDismiss }: ErrorBannerProps) {
  if (!message) return null;
  return (
    <Alert tone="error">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <p className="min-w-0 break-words">{message}</p>
        <button
          type="button"
          onClick={onDismiss}
          className="font-semibold underline underline-offset-2 hover:text-red-950"
        >
          Dismiss
        </button>
      </div>
    </Alert>
  );
}
