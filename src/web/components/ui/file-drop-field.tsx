import { X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { cn } from './cn';

interface FileDropFieldProps {
  label: string;
  hint: string;
  /** The input's accept list; the caller still checks what it gets (a drop ignores accept). */
  accept: string;
  name?: string;
  file: File | null;
  error?: string;
  disabled?: boolean;
  onChange: (file: File | null) => void;
  /** Given, several files may be chosen or dropped at once, and they come here (one still goes to onChange). */
  onChooseMany?: (files: File[]) => void;
  /** What the chosen file looks like (an icon or thumbnail, its name and size). */
  chosen: ReactNode;
  /** The empty drop zone's text and icon. */
  prompt: ReactNode;
  /** Layout of the empty drop zone: a tall centred block, or one compact row. */
  layout?: 'block' | 'row';
  chosenTestId?: string;
}

/**
 * A file field: a real file input (visually restyled, so keyboard and screen readers work as
 * usual) inside a drop zone, then the chosen file with a Remove button, a hint and an error.
 */
export function FileDropField({
  label,
  hint,
  accept,
  name,
  file,
  error,
  disabled,
  onChange,
  onChooseMany,
  chosen,
  prompt,
  layout = 'block',
  chosenTestId,
}: FileDropFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  // Remove unmounts the focused button: hand the focus to the file input that takes its place.
  const refocus = useRef(false);
  useEffect(() => {
    if (file || !refocus.current) return;
    refocus.current = false;
    inputRef.current?.focus();
  }, [file]);

  const choose = (next: File | null) => {
    onChange(next);
    // Choosing the same file again after a removal or a refusal must fire "change" again.
    if (inputRef.current) inputRef.current.value = '';
  };

  const take = (files: FileList | null) => {
    const all = [...(files ?? [])];
    if (all.length > 1 && onChooseMany) onChooseMany(all);
    else if (all[0]) onChange(all[0]);
  };

  return (
    <div className="space-y-1.5">
      <span className="block text-sm font-medium text-slate-800" id={`${id}-label`}>
        {label}
      </span>
      {file ? (
        <div className="flex items-center gap-3 rounded-lg border border-slate-300 bg-slate-50 px-4 py-3" data-testid={chosenTestId}>
          {chosen}
          <button
            type="button"
            onClick={() => {
              refocus.current = true;
              choose(null);
            }}
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
            if (!disabled) take(event.dataTransfer.files);
          }}
          className={cn(
            'flex cursor-pointer rounded-lg border-2 border-dashed px-4 transition-colors',
            layout === 'block' ? 'flex-col items-center justify-center gap-2 py-8 text-center' : 'items-center gap-3 py-4',
            'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
            error ? 'border-red-400 bg-red-50' : 'border-slate-300 bg-white hover:border-brand-600 hover:bg-brand-50',
          )}
        >
          {prompt}
          <input
            ref={inputRef}
            id={id}
            name={name}
            type="file"
            accept={accept}
            className="sr-only"
            disabled={disabled}
            aria-labelledby={`${id}-label`}
            aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
            aria-invalid={!!error}
            multiple={Boolean(onChooseMany)}
            onChange={(event) => {
              take(event.target.files);
              // Choosing the same file again after a removal or a refusal must fire "change" again.
              event.target.value = '';
            }}
          />
        </label>
      )}
      <p id={hintId} className="text-sm text-slate-600">
        {hint}
      </p>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
