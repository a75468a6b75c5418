import { FileText, FileUp } from 'lucide-react';
import { formatMegabytes } from '@shared/resource';
import { FileDropField } from '../../../components/ui/file-drop-field';

interface FilePickerProps {
  file: File | null;
  maxUploadMb: number;
  error?: string;
  disabled?: boolean;
  onChange: (file: File | null) => void;
  /** Several PDFs chosen or dropped at once (batch upload). */
  onChooseMany?: (files: File[]) => void;
}

/**
 * The PDF picker of SPEC.md §2: .pdf only, the limit stated, the chosen file's size in MB with
 * two decimals, and a way to remove it; drag-and-drop works on desktops.
 */
export function FilePicker({ file, maxUploadMb, error, disabled, onChange, onChooseMany }: FilePickerProps) {
  return (
    <FileDropField
      label="PDF File"
      hint={`Maximum file size: ${maxUploadMb}MB`}
      accept=".pdf,application/pdf"
      file={file}
      error={error}
      disabled={disabled}
      onChange={onChange}
      onChooseMany={onChooseMany}
      chosenTestId="chosen-file"
      chosen={
        file ? (
          <>
            <FileText aria-hidden="true" className="size-8 shrink-0 text-red-700" />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-slate-900">{file.name}</p>
              <p className="text-sm text-slate-600">{formatMegabytes(file.size)}</p>
            </div>
          </>
        ) : null
      }
      prompt={
        <>
          <FileUp aria-hidden="true" className="size-8 text-brand-700" />
          <span className="font-semibold text-brand-800">Choose a PDF</span>
          <span className="text-sm text-slate-600">or drop it here</span>
          {onChooseMany ? <span className="text-sm text-slate-600">Several papers? Choose or drop them all at once.</span> : null}
        </>
      }
    />
  );
}
