/*
 * The words of a question as repeat grouping compares them (decision 045): normalised against
 * OCR noise, changed numbers and the verbs papers swap between years.
 */

/**
 * Words that say nothing of what is asked, in English and Hindi: function words (a Hindi
 * rewording swaps its postpositions), and the verbs that frame a question ("explain", "state",
 * "find"; "स्पष्ट कीजिए", "वर्णन कीजिए"), which papers swap freely between years. Verbs that name the task
 * ("define", "insert", "compare") stay: they tell "Define a B-tree" from "Insert keys into a B-tree".
 */
const STOP_WORDS = new Set(
  `a an the of in on at to for from by with and or as is are be been was were this that these those its it
  into using use used any each every all following given below above what which how why when where whose
  explain describe discuss illustrate write give find obtain show list draw check test whether perform
  compute calculate determine suitable example examples briefly brief neat marks mark your
  का के की को में से पर ने और या है हैं था थी थे हो एक इस उस यह वह ये वे किसी कोई क्या किन कौन कैसे क्यों
  तथा एवं भी तो ही द्वारा लिए साथ जो निम्न निम्नलिखित कीजिए कीजिये करें करिए लिखिए लिखिये लिखें बताइए
  बताइये बताएँ समझाइए समझाइये समझाएँ स्पष्ट वर्णन विवेचन टिप्पणी उदाहरण सहित संक्षेप संक्षिप्त प्रकाश
  अंक`
    .normalize('NFKD')
    .split(/\s+/),
);

/** OCR reads l as 1, o as 0, s as 5 inside words; such a digit is a letter when beside letters. */
const OCR_DIGITS: Record<string, string> = { '0': 'o', '1': 'l', '5': 's' };

/** A light suffix stripper: "inserting", "inserted", "inserts" all read "insert", "keys" "key". */
function stem(word: string): string {
  for (const suffix of ['ing', 'ed', 'es']) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 4) return word.slice(0, -suffix.length);
  }
  return word.endsWith('s') && !word.endsWith('ss') && word.length >= 4 ? word.slice(0, -1) : word;
}

/**
 * The words a question is compared by: lower case, accents, marks ("[5 marks]") and numbers
 * dropped (papers change them every year), OCR digit confusions inside words mended, stop words
 * removed, suffixes stripped, one-letter names ("n", "x") dropped.
 */
export function questionWords(text: string): string[] {
  const lower = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[[(]\s*\d+\s*marks?\s*[\])]/g, ' ')
    // "B-tree", "B+ tree" are one word: the letter alone would be dropped as a variable name.
    .replace(/\b([a-z])\s*\+\s*-?\s*tree/g, '$1plustree')
    .replace(/\b([a-z])-(?=[a-z]{2})/g, '$1')
    // OCR reads "m" as "rn": read every "rn" as "m", on both sides alike.
    .replace(/rn/g, 'm');
  const words: string[] = [];
  // Letters of any script make words (a Hindi paper groups too); its vowel signs are marks (\p{M}).
  for (const token of lower.split(/[^\p{L}\p{M}\p{N}]+/u)) {
    const letters = token.replace(/[^\p{L}]/gu, '').length;
    const mended = letters >= 2 ? token.replace(/(?<=[a-z])[015]|[015](?=[a-z])/g, (d) => OCR_DIGITS[d]!) : token;
    for (const word of mended.split(/\p{N}+/u)) {
      if (word.length < 2 || STOP_WORDS.has(word)) continue;
      const stemmed = stem(word);
      // OCR reads "I" as "l" ("AClD"): after the stop words are known, every "l" reads "i".
      if (!STOP_WORDS.has(stemmed)) words.push(stemmed.replace(/l/g, 'i'));
    }
  }
  return words;
}

/** The set of character shingles of a question: order-free across words, so reordering costs nothing. */
export function shingles(text: string, size: number): Set<string> {
  return wordShingles(questionWords(text), size);
}

/** The shingles of words already read by questionWords. */
export function wordShingles(words: readonly string[], size: number): Set<string> {
  const set = new Set<string>();
  for (const word of words) {
    const padded = ` ${word} `;
    if (padded.length <= size) set.add(padded);
    for (let i = 0; i + size <= padded.length; i++) set.add(padded.slice(i, i + size));
  }
  return set;
}

/** Edit distance of two words, for telling an OCR misreading ("ordcr") from another word. */
function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(above + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

/** A misreading of the same word: words of five letters or more may differ in a third of their letters. */
function misread(a: string, b: string): boolean {
  const longer = Math.max(a.length, b.length);
  const allowed = Math.floor(longer / 3);
  return longer >= 5 && Math.abs(a.length - b.length) <= allowed && editDistance(a, b) <= allowed;
}

/**
 * Words substituted between two questions: of the words only one side has, the smaller count of
 * those that are no misreading of a word of the other side. A repeat adds or drops words ("...
 * and state its properties"); another question on the same topic swaps one ("congestion" for
 * "flow", "postfix" for "prefix").
 */
export function substitutions(a: readonly string[], b: readonly string[]): number {
  const onlyA = a.filter((word) => !b.includes(word));
  const onlyB = b.filter((word) => !a.includes(word));
  if (onlyA.length === 0 || onlyB.length === 0) return 0;
  const unmatched = (words: string[], others: string[]) => words.filter((word) => !others.some((other) => misread(word, other))).length;
  return Math.min(unmatched(onlyA, onlyB), unmatched(onlyB, onlyA));
}
