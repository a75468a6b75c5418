import { Eye } from 'lucide-react';
import type { Resource } from '@shared/resource';
import { Button } from '../../../../components/ui/button';
import { paperExamLabel } from '../../../../lib/resource-labels';

/** The subject's past papers, latest exam first: what each is, and Preview. */
export function SubjectPapers({ papers, onPreview }: { papers: readonly Resource[]; onPreview: (paper: Resource) => void }) {
  return (
    <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" aria-label="Papers">
      {papers.map((paper) => {
        const exam = paperExamLabel(paper);
        return (
          <li key={paper.id} className="flex items-center gap-3 px-4 py-3" data-testid="subject-paper">
            <div className="min-w-0 flex-1">
              <p className="line-clamp-2 font-medium text-slate-900">{paper.title}</p>
              <p className="text-sm text-slate-600">{[exam && !exam.missing ? exam.text : paper.academicYear, `${paper.branch.toUpperCase()} · sem${paper.semester}`].join(' · ')}</p>
            </div>
            <Button variant="secondary" onClick={() => onPreview(paper)} aria-label={`Preview ${paper.title}`}>
              <Eye aria-hidden="true" className="size-4" />
              Preview
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
