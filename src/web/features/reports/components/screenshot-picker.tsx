import { ImageUp } from 'lucide-react';
import { SCREENSHOT_FIELD } from '@shared/report';
import { FileDropField } from '../../../components/ui/file-drop-field';
import { formatSize } from '../../../lib/format-size';
import { useObjectUrl } from '../hooks/use-object-url';

interface ScreenshotPickerProps {
  file: File | null;
  error?: string;
  disabled?: boolean;
  onChange: (file: File | null) => void;
}

/**
 * The optional screenshot: PNG, JPEG or WebP up to 5MB. The chosen file shows as a thumbnail
 * (a blob: address, allowed by our CSP) with its name and size, and can be removed.
 */
export function ScreenshotPicker({ file, error, disabled, onChange }: ScreenshotPickerProps) {
  const preview = useObjectUrl(file);
  return (
    <FileDropField
      label="Screenshot (optional)"
      hint="PNG, JPEG or WebP, up to 5MB."
      accept="image/png,image/jpeg,image/webp"
      name={SCREENSHOT_FIELD}
      file={file}
      error={error}
      disabled={disabled}
      onChange={onChange}
      layout="row"
      chosenTestId="chosen-screenshot"
      chosen={
        file ? (
          <>
            {preview ? (
              <img src={preview} alt="Preview of the chosen screenshot" className="size-16 shrink-0 rounded-md border border-slate-200 bg-white object-cover" />
            ) : null}
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-slate-900">{file.name}</p>
              <p className="text-sm text-slate-600">{formatSize(file.size, 2)}</p>
            </div>
          </>
        ) : null
      }
      prompt={
        <>
          <ImageUp aria-hidden="true" className="size-7 shrink-0 text-brand-700" />
          <span className="text-sm">
            <span className="font-semibold text-brand-800">Choose an image</span>
            <span className="text-slate-600"> or drop it here</span>
          </span>
        </>
      }
    />
  );
}
