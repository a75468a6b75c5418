import { serializePdf } from '../../support/pdf-fixture';

/**
 * A PDF whose pages carry different text (makePdf repeats one text on every page): a search
 * word that only one page holds shows which page a hit points to. Each entry is one page; a
 * page's lines are drawn top to bottom in Helvetica.
 */
export function makePdfWithPages(pages: readonly (readonly string[])[]): Buffer {
  const objects: Buffer[] = [];
  const pageIds = pages.map((_, i) => 4 + i * 2);
  objects[1] = Buffer.from('<< /Type /Catalog /Pages 2 0 R >>');
  objects[2] = Buffer.from(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`);
  objects[3] = Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  pages.forEach((lines, i) => {
    const id = pageIds[i]!;
    const shown = lines.map((line, n) => `BT /F1 ${n === 0 ? 22 : 14} Tf 72 ${740 - n * 28} Td (${line.replace(/[()\\]/g, '')}) Tj ET`);
    const content = shown.join('\n');
    objects[id] = Buffer.from(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${id + 1} 0 R >>`,
    );
    objects[id + 1] = Buffer.from(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  });
  return serializePdf(objects);
}
