import type { PageWordLine, PageWordsResponse } from '../../../shared/page-words.js';
import { notFound } from '../resources/resource-errors.js';
import type { PageWordsRepository } from './page-words.repository.js';

/** The words OCR read on a resource's scanned pages, for the viewer's text layer. */
export class PageWordsService {
  constructor(private readonly repository: PageWordsRepository) {}

  /** Every OCR page's words in page order (none for a born-digital file); 404 for an unknown resource. */
  async pagesOf(resourceId: string): Promise<PageWordsResponse> {
    const rows = await this.repository.pagesOf(resourceId);
    if (!rows) throw notFound();
    return { pages: rows.map((row) => ({ page: row.page, lines: JSON.parse(row.lines) as PageWordLine[] })) };
  }
}
