import { pageWordsResponseSchema, pageWordsUrl, type PageWordLine } from '@shared/page-words';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/resources/:id/page-words: the words OCR read on a scan's pages, by page number, for
 * the viewer's text layer. Imported by the viewer only, so its schema stays in the viewer's lazy
 * chunk.
 */
export async function fetchPageWords(resourceId: string, signal?: AbortSignal): Promise<Map<number, PageWordLine[]>> {
  const { pages } = await apiRequest(pageWordsUrl(resourceId), pageWordsResponseSchema, { signal });
  return new Map(pages.map((page) => [page.page, page.lines]));
}
