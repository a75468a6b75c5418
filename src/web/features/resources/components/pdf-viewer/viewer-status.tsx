import { RotateCw } from 'lucide-react';
import { RESOURCE_MESSAGES } from '@shared/resource';
import { Button } from '../../../../components/ui/button';
import { cn } from '../../../../components/ui/cn';
import { Spinner } from '../../../../components/ui/spinner';
import type { LoadProgress } from './use-pdf-viewer';
import type { ThemeClasses } from './viewer-theme';

const overlay = 'absolute inset-0 z-10 flex flex-col items-center justify-center gap-4 p-6 text-center';

/** "1.2 MB" */
function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

// Below this size the file is there before a bar could be read: the spinner alone says enough.
const PROGRESS_MIN_BYTES = 1_048_576;

/**
 * Covers the pages while the first one is on its way. The pages render underneath it (pdf.js
 * draws only into visible containers), so it must cover them, not replace them. For a large file
 * a progress bar shows the bytes received of the file's size (pdf.js asks for ranges: page 1 may
 * show long before the bar is full); without a known size, the received amount alone.
 */
export function LoadingOverlay({ theme, progress }: { theme: ThemeClasses; progress?: LoadProgress | null }) {
  const large = progress && Math.max(progress.total, progress.loaded) >= PROGRESS_MIN_BYTES;
  const percent = large && progress.total > 0 ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : null;
  return (
    <div className={cn(overlay, theme.pages)}>
      <Spinner label={RESOURCE_MESSAGES.pdfLoading} showLabel className="text-base" />
      {large ? (
        <div className="flex w-full max-w-64 flex-col items-center gap-2">
          {percent !== null ? (
            <div
              role="progressbar"
              aria-label="File received"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              aria-valuetext={`${megabytes(progress.loaded)} of ${megabytes(progress.total)}`}
              className="h-2 w-full overflow-hidden rounded-full bg-current/20"
            >
              <div className="h-full rounded-full bg-blue-500 transition-[width]" style={{ width: `${percent}%` }} />
            </div>
          ) : null}
          <p className={cn('text-xs tabular-nums', theme.muted)}>
            {percent !== null ? `${megabytes(progress.loaded)} of ${megabytes(progress.total)}` : `${megabytes(progress.loaded)} received`}
          </p>
        </div>
      ) : null}
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
