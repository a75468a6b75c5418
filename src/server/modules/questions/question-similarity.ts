/**
 * Repeated questions of one subject (issue 35, decision 045): the same question asked again in
 * another year, maybe OCR-noisy, reworded a little, with other numbers or marks. Pure TypeScript,
 * so SQLite and PostgreSQL group alike: normalised text -> character shingles -> MinHash
 * signature -> LSH bands find candidates -> the similarity (Jaccard of the shingle sets, less
 * for words substituted) confirms them -> union-find makes the groups.
 */
import { questionWords, shingles, substitutions, wordShingles } from './question-words.js';

/** One question of a subject, as grouping reads it. Marks are not compared: they change between years. */
export interface QuestionText {
  id: string;
  text: string;
  marks: number | null;
}

/** Parameters chosen by measuring the labelled pairs (decision 045); stored signatures depend on them. */
export const REPEAT_PARAMETERS = {
  /** Characters per shingle, taken inside each word (padded with a space each side). */
  shingleSize: 3,
  /** MinHash functions: the length of a signature. */
  hashes: 128,
  /**
   * LSH bands of two rows each: two questions are candidates when one band agrees, which finds
   * 99.96% of pairs at Jaccard 0.34 (1 - (1 - 0.34^2)^64).
   */
  bands: 64,
  /** Each word substituted on both sides ("postfix" for "prefix") multiplies the similarity by this. */
  substitutionFactor: 0.4,
  /** The similarity (0..1) from which two questions are the same question. */
  threshold: 0.34,
  /** Seed of the hash functions: a fixed seed keeps stored signatures comparable. */
  seed: 0x5eed_0035,
} as const;

/** FNV-1a over the UTF-16 code units: a stable 32-bit hash of a shingle. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Murmur3's finaliser: mixes a shingle hash with one function's seed into a well-spread value. */
function mix(value: number): number {
  let h = value;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** One seed per hash function, drawn from mulberry32(seed): the same on every run and machine. */
function hashSeeds(count: number, seed: number): Uint32Array {
  const seeds = new Uint32Array(count);
  let state = seed >>> 0;
  for (let i = 0; i < count; i++) {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    seeds[i] = (t ^ (t >>> 14)) >>> 0;
  }
  return seeds;
}

/** Signature options; the defaults are REPEAT_PARAMETERS. */
export interface SignatureOptions {
  shingleSize?: number;
  hashes?: number;
  seed?: number;
}

const seedCache = new Map<string, Uint32Array>();
function seedsFor(hashes: number, seed: number): Uint32Array {
  const key = `${hashes}:${seed}`;
  let seeds = seedCache.get(key);
  if (!seeds) seedCache.set(key, (seeds = hashSeeds(hashes, seed)));
  return seeds;
}

function minHash(set: ReadonlySet<string>, hashes: number, seed: number): number[] {
  const seeds = seedsFor(hashes, seed);
  const mins = new Array<number>(hashes).fill(0xffffffff);
  for (const shingle of set) {
    const base = fnv1a(shingle);
    for (let i = 0; i < hashes; i++) {
      const value = mix(base ^ seeds[i]!);
      if (value < mins[i]!) mins[i] = value;
    }
  }
  return mins;
}

/**
 * The MinHash signature of a question's text: `hashes` unsigned 32-bit minima, storable per
 * question and comparable later with estimatedSimilarity. A text with no words has all minima at
 * 0xffffffff and is like nothing.
 */
export function signature(text: string, options: SignatureOptions = {}): number[] {
  const { shingleSize = REPEAT_PARAMETERS.shingleSize, hashes = REPEAT_PARAMETERS.hashes, seed = REPEAT_PARAMETERS.seed } = options;
  return minHash(shingles(text, shingleSize), hashes, seed);
}

/** The share of equal minima: an unbiased estimate of the Jaccard similarity of the shingle sets. */
export function estimatedSimilarity(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length || a.length === 0) throw new Error('signatures of different lengths cannot be compared');
  let equal = 0;
  for (let i = 0; i < a.length; i++) if (a[i] === b[i] && a[i] !== 0xffffffff) equal++;
  return equal / a.length;
}

/** Jaccard similarity of two sorted, distinct id lists, by one merge. */
function jaccard(a: Uint32Array, b: Uint32Array): number {
  if (a.length === 0 || b.length === 0) return 0;
  let common = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] === b[j]) {
      common++;
      i++;
      j++;
    } else if (a[i]! < b[j]!) i++;
    else j++;
  }
  return common / (a.length + b.length - common);
}

/** What similarity compares, computed once per question: its distinct words and shingles. */
interface Compared {
  words: string[];
  shingles: Set<string>;
  /** The shingles as ids of `ids` (one numbering per comparison run), sorted. */
  shingleIds: Uint32Array;
}

function compared(text: string, shingleSize: number, ids: Map<string, number>): Compared {
  const words = questionWords(text);
  const set = wordShingles(words, shingleSize);
  const shingleIds = Uint32Array.from(set, (shingle) => {
    let id = ids.get(shingle);
    if (id === undefined) ids.set(shingle, (id = ids.size));
    return id;
  }).sort();
  return { words: [...new Set(words)], shingles: set, shingleIds };
}

/** The similarity of two questions, or 0 as soon as it cannot reach `floor` (words compared last: they cost most). */
function score(a: Compared, b: Compared, factor: number, floor = 0): number {
  const overlap = jaccard(a.shingleIds, b.shingleIds);
  if (overlap === 0 || overlap < floor) return 0;
  return overlap * factor ** substitutions(a.words, b.words);
}

/**
 * How alike two questions are, 0..1: the Jaccard similarity of their shingle sets, multiplied by
 * substitutionFactor for every word substituted on both sides. Never above the Jaccard
 * similarity, so LSH candidates drawn for that Jaccard hold every pair that can pass.
 */
export function similarity(a: string, b: string, options: { shingleSize?: number; substitutionFactor?: number } = {}): number {
  const size = options.shingleSize ?? REPEAT_PARAMETERS.shingleSize;
  const ids = new Map<string, number>();
  return score(compared(a, size, ids), compared(b, size, ids), options.substitutionFactor ?? REPEAT_PARAMETERS.substitutionFactor);
}

/**
 * `similarity` for many comparisons in one run (a paper against its subject): each distinct text's
 * words and shingles are read once, and a pair whose shingles overlap less than `floor` scores 0
 * before its words are compared.
 */
export function textScorer(options: { shingleSize?: number; substitutionFactor?: number } = {}): (a: string, b: string, floor?: number) => number {
  const size = options.shingleSize ?? REPEAT_PARAMETERS.shingleSize;
  const factor = options.substitutionFactor ?? REPEAT_PARAMETERS.substitutionFactor;
  const ids = new Map<string, number>();
  const read = new Map<string, Compared>();
  const of = (text: string) => read.get(text) ?? read.set(text, compared(text, size, ids)).get(text)!;
  return (a, b, floor = 0) => score(of(a), of(b), factor, floor);
}

/**
 * The LSH band keys of a signature (the band and its rows' hash in one number): two questions
 * sharing a key are candidates.
 */
export function bandKeys(sig: readonly number[], bands: number = REPEAT_PARAMETERS.bands): number[] {
  const rows = Math.floor(sig.length / bands);
  if (rows < 1) throw new Error(`a signature of ${sig.length} hashes cannot make ${bands} bands`);
  const keys: number[] = [];
  for (let band = 0; band < bands; band++) {
    let hash = 0x811c9dc5 ^ band;
    for (let i = band * rows; i < (band + 1) * rows; i++) hash = mix(Math.imul(hash, 0x01000193) ^ sig[i]!);
    keys.push(band * 2 ** 32 + (hash >>> 0));
  }
  return keys;
}

/** Grouping options; the defaults are REPEAT_PARAMETERS. */
export interface GroupOptions extends SignatureOptions {
  bands?: number;
  threshold?: number;
  substitutionFactor?: number;
}

/**
 * Groups the questions of one subject that ask the same thing. Every question is in exactly one
 * group (a question asked once is a group of one); groups keep the input order, by their first
 * question, and so do the ids inside them. Deterministic for the same input.
 */
export function groupRepeats(questions: readonly QuestionText[], options: GroupOptions = {}): string[][] {
  const shingleSize = options.shingleSize ?? REPEAT_PARAMETERS.shingleSize;
  const hashes = options.hashes ?? REPEAT_PARAMETERS.hashes;
  const seed = options.seed ?? REPEAT_PARAMETERS.seed;
  const bands = options.bands ?? REPEAT_PARAMETERS.bands;
  const threshold = options.threshold ?? REPEAT_PARAMETERS.threshold;
  const factor = options.substitutionFactor ?? REPEAT_PARAMETERS.substitutionFactor;

  const ids = new Map<string, number>();
  const texts = questions.map((question) => compared(question.text, shingleSize, ids));
  const parent = questions.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };

  const keysOf = texts.map((text) => (text.shingles.size === 0 ? [] : bandKeys(minHash(text.shingles, hashes, seed), bands)));
  const buckets = new Map<number, number[]>();
  keysOf.forEach((keys, i) => {
    for (const key of keys) {
      const bucket = buckets.get(key);
      if (bucket) bucket.push(i);
      else buckets.set(key, [i]);
    }
  });

  // Each question meets its later candidates once: `seenBy[j] === i` marks j as done for i.
  const seenBy = new Int32Array(questions.length).fill(-1);
  keysOf.forEach((keys, i) => {
    for (const key of keys) {
      for (const j of buckets.get(key)!) {
        if (j <= i || seenBy[j] === i) continue;
        seenBy[j] = i;
        const [ri, rj] = [find(i), find(j)];
        if (ri !== rj && score(texts[i]!, texts[j]!, factor, threshold) >= threshold) parent[Math.max(ri, rj)] = Math.min(ri, rj);
      }
    }
  });

  const groups = new Map<number, string[]>();
  questions.forEach((question, i) => {
    const root = find(i);
    const group = groups.get(root);
    if (group) group.push(question.id);
    else groups.set(root, [question.id]);
  });
  return [...groups.values()];
}
