import { randomUUID } from 'node:crypto';
import type { SessionUser } from '../../../shared/account.js';
import {
  subjectKeyOf,
  type AskedQuestion,
  type QuestionGroupingRequest,
  type RelatedPapersResponse,
  type ResourceQuestionsResponse,
  type SubjectPageResponse,
  type SubjectQuery,
} from '../../../shared/questions.js';
import { RESOURCE_MESSAGES } from '../../../shared/resource.js';
import { badRequest, notFound } from '../../http/http-error.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { systemClock, type Clock } from '../../system/clock.js';
import { AuditLogRepository } from '../audit/audit-log.repository.js';
import { presentResource } from '../resources/resource.presenter.js';
import type { Viewer } from '../resources/viewer.js';
import { gatherAsked, regionsOf, type AskedGroup } from './asked.js';
import { QuestionRepository } from './question.repository.js';

export const QUESTION_MESSAGES = {
  notFound: 'That question is not in the library any more.',
  otherSubject: 'Only questions of the same subject can be grouped.',
  samePaper: 'Pick a question of another paper.',
} as const;

/** "Most asked" lists at most this many questions. */
const MOST_ASKED = 50;
/** "Asked once" (for grouping by hand) lists at most this many questions. */
const ASKED_ONCE = 200;
/** Each list of related papers holds at most this many. */
const RELATED = 10;
/** A paper is related by its questions when it asks at least this many of this paper's. */
const MIN_SHARED = 2;

/** A paper's questions, a subject's page, and the groupings CRs and admins make by hand. */
export class QuestionService {
  constructor(
    private readonly repository: QuestionRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock = systemClock,
  ) {}

  /** A paper's questions with how often each was asked in the subject; 404 for an unknown resource. */
  async ofResource(resourceId: string): Promise<ResourceQuestionsResponse> {
    const paper = await this.repository.splitOf(resourceId);
    if (!paper) throw notFound(QUESTION_MESSAGES.notFound);
    const rows = await this.repository.ofResource(resourceId);
    const subjectKey = rows[0]?.subject_key;
    const asked = subjectKey ? gatherAsked(await this.repository.ofSubject(subjectKey, [...new Set(rows.map((r) => r.group_key))])) : new Map();
    return {
      split: paper.question_split === 'split' ? 'split' : paper.question_split === 'none' ? 'none' : 'not-split',
      questions: rows.map((row) => ({
        id: row.id,
        label: row.label,
        number: row.number,
        part: row.part,
        text: row.text,
        stem: row.stem,
        marks: row.marks === null ? null : Number(row.marks),
        section: row.section,
        page: Number(row.page),
        regions: regionsOf(row.regions),
        alternativeTo: row.alternative_to,
        groupKey: row.group_key,
        asked: asked.get(row.group_key)?.asked ?? { count: 1, years: [] },
      })),
    };
  }

  /**
   * Every paper of a subject, latest exam first, and its questions asked in two papers or more;
   * for a user who may group questions (`forGrouping`) also those asked once, to merge by hand.
   */
  async subjectPage(viewer: Viewer, subject: string, query: SubjectQuery, forGrouping = false): Promise<SubjectPageResponse> {
    const aliased = (await this.repository.aliasedSubject(subject)) ?? subject;
    const subjectKey = subjectKeyOf(aliased);
    const papers = await this.repository.papersOfSubject(subjectKey, [subject, aliased], viewer.seesUploaderNames);
    const gathered = [...gatherAsked(await this.repository.ofSubject(subjectKey)).values()];
    const asked = gathered.filter((q) => q.asked.count >= 2);
    const matches = (q: AskedGroup) => (query.section === undefined || q.section === query.section) && (query.marks === undefined || q.marks === query.marks);
    const shown = asked
      .filter(matches)
      .sort((a, b) => b.asked.count - a.asked.count || (b.asked.years.at(-1) ?? 0) - (a.asked.years.at(-1) ?? 0) || a.groupKey.localeCompare(b.groupKey))
      .slice(0, MOST_ASKED);
    const once = forGrouping ? askedOnce(gathered.filter((q) => q.asked.count === 1 && matches(q))) : undefined;
    // Only the wording of the questions shown is read: a subject of 200 papers has thousands.
    const texts = await this.repository.textsOf([...shown, ...(once ?? [])].map((q) => q.latestId));
    const worded = ({ latestId, latestPosition: _, ...q }: AskedGroup): AskedQuestion => ({ ...q, text: texts.get(latestId) ?? '' });
    return {
      subject: papers[0]?.subject ?? aliased,
      papers: papers.map((row) => presentResource(row, viewer)),
      mostAsked: shown.map(worded),
      ...(once ? { askedOnce: once.map(worded) } : {}),
      sections: [...new Set(asked.flatMap((q) => (q.section ? [q.section] : [])))].sort(),
      marks: [...new Set(asked.flatMap((q) => (q.marks === null ? [] : [q.marks])))].sort((a, b) => a - b),
    };
  }

  /**
   * Papers to read after this one: the subject's other papers of the same exam (aliases
   * resolved), and papers sharing at least MIN_SHARED questions with it. A paper in the first
   * list is left out of the second, so the preview shows each paper once. 404 for an unknown resource.
   */
  async related(viewer: Viewer, resourceId: string): Promise<RelatedPapersResponse> {
    const paper = await this.repository.relatedFacts(resourceId);
    if (!paper) throw notFound(RESOURCE_MESSAGES.notFound);
    const aliased = (await this.repository.aliasedSubject(paper.subject)) ?? paper.subject;
    const subjectKey = subjectKeyOf(aliased);
    const withUploaderName = viewer.seesUploaderNames;
    const otherYears = paper.exam
      ? await this.repository.otherYears({ id: resourceId, exam: paper.exam }, subjectKey, [paper.subject, aliased], withUploaderName, RELATED)
      : [];
    const sharing = await this.repository.sharingQuestions(resourceId, subjectKey, {
      except: otherYears.map((row) => row.id),
      minShared: MIN_SHARED,
      limit: RELATED,
      withUploaderName,
    });
    return {
      otherYears: otherYears.map((row) => presentResource(row, viewer)),
      sharingQuestions: sharing.map((row) => ({ resource: presentResource(row, viewer), sharedQuestions: Number(row.shared) })),
    };
  }

  /**
   * Says by hand that two questions are the same (their groups become one) or are not (the
   * question leaves the other's group). The choice is kept by paper and label, so it holds when
   * either paper is processed again; audited.
   */
  async group(actor: SessionUser, questionId: string, choice: QuestionGroupingRequest): Promise<{ groupKey: string }> {
    return this.unitOfWork(async (tx) => {
      const repository = new QuestionRepository(tx);
      const [question, other] = await Promise.all([repository.byId(questionId), repository.byId(choice.with)]);
      if (!question || !other) throw notFound(QUESTION_MESSAGES.notFound);
      if (question.subject_key !== other.subject_key) throw badRequest(QUESTION_MESSAGES.otherSubject);
      if (question.resource_id === other.resource_id) throw badRequest(QUESTION_MESSAGES.samePaper);
      await repository.saveGrouping({
        subject_key: question.subject_key,
        resource_a: question.resource_id,
        label_a: question.label,
        resource_b: other.resource_id,
        label_b: other.label,
        same: choice.same ? 1 : 0,
        made_by: actor.id,
        made_at: this.clock().toISOString(),
      });
      let groupKey = question.group_key;
      if (choice.same) {
        const members = await repository.ofSubject(question.subject_key, [other.group_key]);
        await repository.regroup(members.map((m) => m.id), groupKey);
      } else if (question.group_key === other.group_key) {
        groupKey = randomUUID();
        await repository.regroup([question.id], groupKey);
      }
      await new AuditLogRepository(tx).insert({
        actor: { id: actor.id, name: actor.name },
        action: choice.same ? 'question.merge' : 'question.separate',
        targetType: 'question',
        targetId: question.id,
        summary: `${choice.same ? 'Grouped' : 'Separated'} ${question.label} and ${other.label} of ${question.subject_key}`,
        before: { group: question.group_key, otherGroup: other.group_key },
        after: { group: groupKey },
      });
      return { groupKey };
    });
  }
}

/** Questions asked once, latest paper first, each paper's in its printed order (the rows' order). */
function askedOnce(questions: AskedGroup[]): AskedGroup[] {
  // Newest paper first, each paper's questions in the order they are printed.
  const paperOf = (q: AskedGroup) => q.occurrences[0]?.resourceId ?? '';
  return questions
    .sort((a, b) => (b.occurrences[0]?.year ?? 0) - (a.occurrences[0]?.year ?? 0) || paperOf(a).localeCompare(paperOf(b)) || a.latestPosition - b.latestPosition)
    .slice(0, ASKED_ONCE);
}
