/**
 * How much of two papers' text is the same (issue 35, decision 047): another scan or a
 * re-export of a paper in the library. Words are normalised as repeat grouping reads them
 * (questions/question-words.ts: OCR confusions mended, numbers and stop words dropped), then
 * compared as sets of word pairs: order matters within a pair, so two papers of one subject
 * sharing vocabulary stay apart, while OCR noise costs only the pairs of the misread word.
 */
import { questionWords } from '../questions/question-words.js';

export const NEAR_DUPLICATE = {
  /** Pages of each paper compared: the same bound at upload (pdf.js) and after processing. */
  pages: 3,
  /** Characters of text kept per paper; a paper's first pages are far shorter. */
  maxChars: 20_000,
  /** Word pairs a paper needs before it can be compared: a cover page says too little. */
  minPairs: 12,
  /**
   * From this score (0..1) two papers are the same paper. The demo library's papers of one exam
   * in other years, which repeat many questions by design, score up to 0.68; copies 0.96+.
   */
  threshold: 0.75,
} as const;

/** The distinct consecutive word pairs of a text, after normalisation. */
export function wordPairs(text: string): Set<string> {
  const words = questionWords(text.slice(0, NEAR_DUPLICATE.maxChars));
  const pairs = new Set<string>();
  for (let i = 0; i + 1 < words.length; i++) pairs.add(`${words[i]} ${words[i + 1]}`);
  return pairs;
}

/**
 * The share of the two papers' word pairs they have in common, 0..1: |A ∩ B| / min(|A|, |B|)
 * blended with the Jaccard similarity, so a cropped copy (a subset) still scores high but a
 * short paper inside a long one does not score 1. 0 when either has too few pairs to tell.
 */
export function paperSimilarity(a: string | ReadonlySet<string>, b: string | ReadonlySet<string>): number {
  const pa = typeof a === 'string' ? wordPairs(a) : a;
  const pb = typeof b === 'string' ? wordPairs(b) : b;
  if (pa.size < NEAR_DUPLICATE.minPairs || pb.size < NEAR_DUPLICATE.minPairs) return 0;
  const [small, large] = pa.size <= pb.size ? [pa, pb] : [pb, pa];
  let common = 0;
  for (const pair of small) if (large.has(pair)) common++;
  const containment = common / small.size;
  const jaccard = common / (pa.size + pb.size - common);
  return (containment + jaccard) / 2;
}

/** One paper of the library, by the text of its first pages. */
export interface LibraryPaper {
  id: string;
  title: string;
  text: string;
}

export interface NearDuplicateMatch {
  id: string;
  title: string;
  /** Whole percent, as the uploader reads it ("94% the same text"). */
  percent: number;
}

/** The papers at or above the threshold, most similar first. */
export function similarPapers(text: string, library: readonly LibraryPaper[], threshold: number = NEAR_DUPLICATE.threshold): NearDuplicateMatch[] {
  const pairs = wordPairs(text);
  return library
    .map((paper) => ({ paper, score: paperSimilarity(pairs, paper.text) }))
    .filter(({ score }) => score >= threshold)
    .sort((a, b) => b.score - a.score)
    .map(({ paper, score }) => ({ id: paper.id, title: paper.title, percent: Math.floor(score * 100) }));
}

/** The most similar paper at or above the threshold, or undefined. */
export function closestPaper(text: string, library: readonly LibraryPaper[], threshold: number = NEAR_DUPLICATE.threshold): NearDuplicateMatch | undefined {
  return similarPapers(text, library, threshold)[0];
}
