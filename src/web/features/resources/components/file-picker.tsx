import { FileUp, FileText, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { formatMegabytes } from '@shared/resource';
import { cn } from '../../../components/ui/cn';

interface FilePickerProps {
  file: File | null;
  maxUploadMb: number;
  error?: string;
  disabled?: boolean;
  onChange: (file: File | null) => void;
}

/**
 * The PDF picker of SPEC.md §2: .pdf only, the limit stated, the chosen file's size in MB with
 * two decimals, and a way to remove it. A real file input (visually restyled) keeps keyboard
 * and screen-reader use, and drag-and-drop works on desktops.
 */
export function FilePicker({ file, maxUploadMb, error, disabled, onChange }: FilePickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  const remove = () => {
    onChange(null);
    if (inputRef.current) inputRef.current.value = '';
  };

  return (
    <div className="space-y-1.5">
      <span className="block text-sm font-medium text-slate-800" id={`${id}-label`}>
        PDF File
      </span>
      {file ? (
        <div className="flex items-center gap-3 rounded-lg border border-slate-300 bg-slate-50 px-4 py-3" data-testid="chosen-file">
          <FileText aria-hidden="true" className="size-8 shrink-0 text-red-700" />
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-slate-900">{file.name}</p>
            <p className="text-sm text-slate-600">{formatMegabytes(file.size)}</p>
          </div>
          <button
            type="button"
            onClick={remove}
            disabled={disabled}
            aria-label={`Remove ${file.name}`}
            className="inline-flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-200 hover:text-slate-900 disabled:opacity-50"
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
            'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors',
            'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
            error ? 'border-red-400 bg-red-50' : 'border-slate-300 bg-white hover:border-brand-600 hover:bg-brand-50',
          )}
        >
          <FileUp aria-hidden="true" className="size-8 text-brand-700" />
          <span className="font-semibold text-brand-800">Choose a PDF</span>
          <span className="text-sm text-slate-600">or drop it here</span>
          <input
            ref={inputRef}
            id={id}
            type="file"
            accept=".pdf,application/pdf"
            className="sr-only"
            disabled={disabled}
            aria-labelledby={`${id}-label`}
            aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
            aria-invalid={!!error}
            onChange={(event) => onChange(event.target.files?.[0] ?? null)}
          />
        </label>
      )}
      <p id={hintId} className="text-sm text-slate-600">{`Maximum file size: ${maxUploadMb}MB`}</p>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
