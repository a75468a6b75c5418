import { useLocation } from 'react-router';
import { MESSAGES } from '@shared/messages';
import { Spinner } from '../components/ui/spinner';
import { firstPaintHead } from './first-paint';

/** Shown while a lazily loaded page arrives (slow Wi-Fi makes this visible). */
export function RouteFallback() {
  const { pathname } = useLocation();
  // On the first page, its heading stays where the server painted it, with the spinner below.
  const head = firstPaintHead(pathname);
  return (
    <>
      {head ? <div dangerouslySetInnerHTML={{ __html: head }} /> : null}
      <div className={head ? 'flex justify-center px-4 py-8 text-brand-800' : 'flex min-h-[50vh] items-center justify-center px-4 py-16 text-brand-800'}>
        <Spinner label={MESSAGES.loading} showLabel className="text-base font-medium" />
      </div>
    </>
  );
}
