import type { SnippetPart } from '../../../shared/search.js';
import { unspaceCjk } from './search-terms.js';
import { MATCH_END, MATCH_START } from './search.repository.js';

/**
 * A database snippet with matched words between MATCH_START and MATCH_END, as parts: plain text
 * the screens render as text (never HTML), with the matched parts flagged. Runs of white space
 * (line breaks of the PDF) become one space, CJK text loses the spaces the index put between its
 * characters; adjacent parts of the same kind are merged.
 */
export function snippetParts(marked: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  const push = (text: string, match: boolean) => {
    if (!text) return;
    const previous = parts[parts.length - 1];
    if (previous && previous.match === match) previous.text += text;
    else parts.push({ text, match });
  };
  const flat = unspaceCjk(marked.replace(/\s+/g, ' ').trim());
  let match = false;
  for (const piece of flat.split(new RegExp(`([${MATCH_START}${MATCH_END}])`, 'u'))) {
    if (piece === MATCH_START) match = true;
    else if (piece === MATCH_END) match = false;
    else push(piece, match);
  }
  return parts;
}
