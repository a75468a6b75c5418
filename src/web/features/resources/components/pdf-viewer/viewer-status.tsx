import { RotateCw } from 'lucide-react';
import { RESOURCE_MESSAGES } from '@shared/resource';
import { Button } from '../../../../components/ui/button';
import { cn } from '../../../../components/ui/cn';
import { Spinner } from '../../../../components/ui/spinner';
import type { ThemeClasses } from './viewer-theme';

const overlay = 'absolute inset-0 z-10 flex flex-col items-center justify-center gap-4 p-6 text-center';

/**
 * Covers the pages while the first one is on its way. The pages render underneath it (pdf.js
 * draws only into visible containers), so it must cover them, not replace them.
 */
export function LoadingOverlay({ theme }: { theme: ThemeClasses }) {
  return (
    <div className={cn(overlay, theme.pages)}>
      <Spinner label={RESOURCE_MESSAGES.pdfLoading} showLabel className="text-base" />
    </div>
  );
}

/** The failure text and a Retry button that loads the document again. */
export function ErrorOverlay({ theme, onRetry }: { theme: ThemeClasses; onRetry: () => void }) {
  return (
    <div className={cn(overlay, theme.pages)}>
      <p role="alert" className="text-base font-medium">
        {RESOURCE_MESSAGES.pdfLoadFailed}
      </p>
      <Button onClick={onRetry}>
        <RotateCw aria-hidden="true" className="size-4" />
        Retry
      </Button>
    </div>
  );
}
