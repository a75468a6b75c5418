import { MESSAGES } from '@shared/messages';
import { Spinner } from '../components/ui/spinner';

/** Shown while a lazily loaded page arrives (slow Wi-Fi makes this visible). */
export function RouteFallback() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center px-4 py-16 text-brand-800">
      <Spinner label={MESSAGES.loading} showLabel className="text-base font-medium" />
    </div>
  );
}
