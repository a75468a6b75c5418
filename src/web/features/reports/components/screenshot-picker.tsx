import { ImageUp, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { cn } from '../../../components/ui/cn';
import { useObjectUrl } from '../hooks/use-object-url';
import { formatSize } from '../../../lib/format-size';

interface ScreenshotPickerProps {
  file: File | null;
  error?: string;
  disabled?: boolean;
  onChange: (file: File | null) => void;
}

/**
 * The optional screenshot: PNG, JPEG or WebP up to 5MB. The chosen file shows as a thumbnail
 * (a blob: address, allowed by our CSP) with its name and size, and can be removed. A real file
 * input, visually restyled, keeps keyboard and screen-reader use.
 */
export function ScreenshotPicker({ file, error, disabled, onChange }: ScreenshotPickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const preview = useObjectUrl(file);
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  const choose = (next: File | null) => {
    onChange(next);
    // Choosing the same file again after a removal or a refusal must fire "change" again.
    if (inputRef.current) inputRef.current.value = '';
  };

  return (
    <div className="space-y-1.5">
      <span className="block text-sm font-medium text-slate-800" id={`${id}-label`}>
        Screenshot (optional)
      </span>
      {file ? (
        <div className="flex items-center gap-3 rounded-lg border border-slate-300 bg-slate-50 p-3" data-testid="chosen-screenshot">
          {preview ? (
            <img src={preview} alt="Preview of the chosen screenshot" className="size-16 shrink-0 rounded-md border border-slate-200 bg-white object-cover" />
          ) : null}
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-slate-900">{file.name}</p>
            <p className="text-sm text-slate-600">{formatSize(file.size, 2)}</p>
          </div>
          <button
            type="button"
            onClick={() => choose(null)}
            disabled={disabled}
            aria-label={`Remove ${file.name}`}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-200 hover:text-slate-900 disabled:opacity-50"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
      ) : (
        <label
          htmlFor={id}
          onDragOver={(event) => event.preventDefault()}
          onDrop={(event) => {
            event.preventDefault();
            const dropped = event.dataTransfer.files[0];
            if (dropped && !disabled) onChange(dropped);
          }}
          className={cn(
            'flex cursor-pointer items-center gap-3 rounded-lg border-2 border-dashed px-4 py-4',
            'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
            error ? 'border-red-400 bg-red-50' : 'border-slate-300 bg-white hover:border-brand-600 hover:bg-brand-50',
          )}
        >
          <ImageUp aria-hidden="true" className="size-7 shrink-0 text-brand-700" />
          <span className="text-sm">
            <span className="font-semibold text-brand-800">Choose an image</span>
            <span className="text-slate-600"> or drop it here</span>
          </span>
          <input
            ref={inputRef}
            id={id}
            name="screenshot"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className="sr-only"
            disabled={disabled}
            aria-labelledby={`${id}-label`}
            aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
            aria-invalid={!!error}
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
          />
        </label>
      )}
      <p id={hintId} className="text-sm text-slate-600">
        PNG, JPEG or WebP, up to 5MB.
      </p>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
