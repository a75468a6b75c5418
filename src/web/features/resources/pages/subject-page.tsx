import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { PAGE_HEADING_CLASS } from '@shared/page-frame';
import { can } from '@shared/permissions';
import type { AskedQuestion } from '@shared/questions';
import type { Resource } from '@shared/resource';
import { ROUTES } from '@shared/routes';
import { CardListSkeleton } from '../../../components/ui/card-list-skeleton';
import { Container } from '../../../components/ui/container';
import { lazyComponent } from '../../../components/ui/lazy-component';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { Select } from '../../../components/ui/select';
import { TextLink } from '../../../components/ui/text-link';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useSubjectPage } from '../api/get-questions';
import { AskedOnceList } from '../components/subject/asked-once-list';
import { MostAskedList } from '../components/subject/most-asked-list';
import { SeparateQuestionDialog, type SeparateTarget } from '../components/subject/separate-question-dialog';
import { SubjectPapers } from '../components/subject/subject-papers';
import { useDownload } from '../hooks/use-download';
import { useLinkedPreview } from '../hooks/use-linked-preview';
import { useQuestionGrouping } from '../hooks/use-question-grouping';

const PreviewDialog = lazyComponent(() => import('../components/preview-dialog'), (m) => m.PreviewDialog);

/**
 * /subjects/:subject: every past paper of a subject, latest exam first, and the questions its
 * papers ask again and again ("Most asked"), each opening on its page with the question outlined.
 */
export function SubjectPage() {
  const { subject = '' } = useParams();
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const section = params.get('section') ?? undefined;
  const marksParam = Number.parseInt(params.get('marks') ?? '', 10);
  const marks = Number.isFinite(marksParam) ? marksParam : undefined;
  const page = useSubjectPage(subject, { section, marks });
  const preview = useLinkedPreview();
  const download = useDownload();
  const grouping = useQuestionGrouping(subject);
  const groups = can(user?.role, 'groupQuestions');
  // The paper's question whose separation waits for a yes in the dialog.
  const [separating, setSeparating] = useState<SeparateTarget | null>(null);

  const setFilter = (key: 'section' | 'marks', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true, preventScrollReset: true });
  };
  const data = page.data;
  const filtered = section !== undefined || marks !== undefined;
  const openOccurrence = (o: AskedQuestion['occurrences'][number]) => {
    const paper = data?.papers.find((p) => p.id === o.resourceId);
    if (paper) preview.open(paper, { page: o.page, terms: [], question: o.questionId });
  };

  return (
    <Container className="py-6 sm:py-10">
      <p className="text-sm font-medium text-brand-700">Subject</p>
      <h1 className={PAGE_HEADING_CLASS}>{data?.subject ?? subject}</h1>
      <p className="mt-2 text-slate-700">
        {data ? (
          <>
            {/* On a phone the papers come after the questions: this jumps to them. */}
            <a href="#papers" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600">
              {count(data.papers.length, 'past paper')}
            </a>
            {` · ${count(data.mostAsked.length, 'question')} asked more than once`}
          </>
        ) : (
          'Past papers and the questions they ask again'
        )}
      </p>
      {page.isError ? (
        <div className="mt-6">
          <RetryAlert message={errorMessage(page.error, 'This subject could not be loaded.', [401])} onRetry={() => void page.refetch()} />
        </div>
      ) : !data ? (
        <div className="mt-6">
          <CardListSkeleton label="Loading the subject" count={3} cardClassName="h-40" />
        </div>
      ) : (
        <div className="mt-6 grid gap-8 lg:grid-cols-[3fr_2fr]">
          <div>
            <section aria-labelledby="most-asked">
              <h2 id="most-asked" className="text-xl font-semibold text-slate-900">Most asked</h2>
              {data.sections.length || data.marks.length ? (
                <div className="mt-3 grid grid-cols-2 gap-3 sm:max-w-md">
                  {data.sections.length ? (
                    <label className="text-sm text-slate-700">
                      Section
                      <Select value={section ?? ''} onChange={(e) => setFilter('section', e.target.value)}>
                        <option value="">All sections</option>
                        {data.sections.map((s) => <option key={s} value={s}>{s}</option>)}
                      </Select>
                    </label>
                  ) : null}
                  {data.marks.length ? (
                    <label className="text-sm text-slate-700">
                      Marks
                      <Select value={marks === undefined ? '' : String(marks)} onChange={(e) => setFilter('marks', e.target.value)}>
                        <option value="">Any marks</option>
                        {data.marks.map((m) => <option key={m} value={m}>{`${m} marks`}</option>)}
                      </Select>
                    </label>
                  ) : null}
                </div>
              ) : null}
              {data.mostAsked.length ? (
                <MostAskedList
                  // Another filter starts again at the first ten.
                  key={`${section ?? ''}|${marks ?? ''}`}
                  questions={data.mostAsked}
                  onOpen={openOccurrence}
                  onSeparate={groups ? (occurrence, question) => setSeparating({ occurrence, question }) : undefined}
                  pending={grouping.pending}
                />
              ) : (
                <p className="mt-4 rounded-xl border border-dashed border-slate-300 p-4 text-slate-700">
                  {filtered
                    ? 'No question asked more than once matches these filters.'
                    : data.papers.length < 2
                      ? 'Once two papers of this subject are in the library, the questions they share are listed here.'
                      : 'No question of these papers has been asked twice yet.'}
                </p>
              )}
            </section>
            {groups && data.askedOnce?.length ? (
              <AskedOnceList
                questions={data.askedOnce}
                groups={data.mostAsked}
                pending={grouping.pending}
                onOpen={openOccurrence}
                onMerge={grouping.merge}
              />
            ) : null}
          </div>
          <section aria-labelledby="papers">
            <h2 id="papers" className="text-xl font-semibold text-slate-900">Papers</h2>
            {data.papers.length ? (
              <SubjectPapers papers={data.papers} onPreview={(paper: Resource) => preview.open(paper)} />
            ) : (
              <p className="mt-4 text-slate-700">
                No past paper of this subject yet. <TextLink to={ROUTES.requestResources}>Request one</TextLink>
              </p>
            )}
          </section>
        </div>
      )}
      <SeparateQuestionDialog
        target={separating}
        busy={grouping.pending}
        onCancel={() => setSeparating(null)}
        onConfirm={(target) => grouping.separate(target.occurrence, target.question, () => setSeparating(null))}
      />
      <PreviewDialog
        target={preview.target}
        onClose={preview.close}
        onPageChange={preview.showPage}
        onOpenRelated={preview.open}
        signedIn={user !== null}
        canDelete={false}
        onDownload={download}
        onDelete={() => undefined}
      />
    </Container>
  );
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
