import { Alert } from './alert';
import { Button } from './button';

/** Something could not be loaded: why, and a button that fetches it again. */
export function RetryAlert({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert tone="error">
      <p>{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
