import { notFound } from '../resources/resource-errors.js';
import type { PageWordsRepository } from './page-words.repository.js';

/** The words OCR read on a resource's scanned pages, for the viewer's text layer. */
export class PageWordsService {
  constructor(private readonly repository: PageWordsRepository) {}

  /**
   * Every OCR page's words in page order (none for a born-digital file) as the JSON of
   * PageWordsResponse; 404 for an unknown resource. The stored JSON is spliced in as it is:
   * parsing and checking it on the way out would hold the event loop for a long scan, and
   * processing wrote it from the same types.
   */
  async pagesJson(resourceId: string): Promise<string> {
    const rows = await this.repository.pagesOf(resourceId);
    if (!rows) throw notFound();
    return `{"pages":[${rows.map((row) => `{"page":${Number(row.page)},"lines":${row.lines}}`).join(',')}]}`;
  }
}
