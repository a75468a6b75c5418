import type { Page } from '@playwright/test';
import { makeQuestionPaper, type PaperQuestion } from '../../support/question-paper';
import type { E2eAccount } from './accounts';
import { expect } from '../fixtures';

/** One past paper to upload: its exam and year, and its questions. */
export interface PaperToUpload {
  year: number;
  questions: readonly PaperQuestion[];
  exam?: string;
  title?: string;
}

/**
 * Uploads past papers of one subject to the CR's class as the page's signed-in CR, and waits until
 * processing has split each one into its questions. Returns their ids, in order.
 */
export async function uploadQuestionPapers(page: Page, cr: E2eAccount, subject: string, papers: readonly PaperToUpload[]): Promise<string[]> {
  const ids: string[] = [];
  for (const { year, questions, exam = 'End-sem', title } of papers) {
    const res = await page.request.post('/api/resources', {
      multipart: {
        course: 'btech',
        branch: cr.place!.branch,
        semester: String(cr.place!.semester),
        subject,
        resourceType: 'PYQ',
        academicYear: `${year}-${(year + 1) % 100}`,
        exam,
        examMonth: exam === 'End-sem' ? '12' : '9',
        examYear: String(year),
        title: title ?? `${subject} ${exam} Dec ${year}`,
        file: { name: `${exam}-${year}.pdf`, mimeType: 'application/pdf', buffer: makeQuestionPaper({ subject, year, questions }) },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push(((await res.json()) as { resource: { id: string } }).resource.id);
  }
  for (const id of ids) {
    await expect
      .poll(async () => ((await (await page.request.get(`/api/resources/${id}/questions`)).json()) as { split: string }).split, { timeout: 90_000 })
      .toBe('split');
  }
  return ids;
}
