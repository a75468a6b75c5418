// Generated page text for the full-text search benchmark: English-like pages (about 180 words)
// drawn from a Zipf-distributed vocabulary of function words, general academic words, a topic
// vocabulary per subject area, and a long tail of rare terms (names, symbols, misspellings), so
// that common words match a large share of pages and rare ones only a few, as in real papers.

const FUNCTION_WORDS = `the of and to a in is that for it as with be on by this are or from at an which can not we
if its these their has have was were will also each all but than other into when two one there such may any
they more only used given where between then how what show find write explain answer following questions marks`
  .split(/\s+/);

const ACADEMIC = `system method value function process data structure model analysis design time number set
result problem example figure table equation order state input output case point form type level rate
control field signal energy power current voltage circuit network node edge graph tree list array stack queue
memory program code algorithm complexity search sort merge heap hash key record file database query relation
transaction schedule process thread kernel interrupt device protocol packet layer router address security
encryption matrix vector linear integral derivative series transform laplace fourier probability random
distribution mean variance sample theorem proof lemma definition property condition boundary flow pressure
temperature heat stress strain load beam column force moment velocity acceleration mass density material
concrete steel soil water cost estimate survey frequency amplitude phase filter sampling modulation antenna
transistor diode amplifier feedback gain stability response transfer machine motor generator transformer
induction synchronous compiler grammar parser token automaton language regular expression turing reduction
learning classification regression cluster neural training dataset feature gradient optimization loss
entropy information cloud virtual service storage block chain consensus mining pattern association rule
object class inheritance polymorphism interface pointer recursion iteration loop variable constant operator
shortest path spanning minimum maximum greedy dynamic programming divide conquer backtracking branch bound
dijkstra kruskal prim floyd bellman huffman quick insertion selection bubble binary balanced avl red black
normalization dependency key index btree deadlock semaphore mutex paging segmentation virtual cache
pipeline instruction register cpu bus microprocessor assembly embedded sensor actuator vlsi cmos logic gate
boolean karnaugh flip flop counter multiplexer decoder encoder adder thermodynamics cycle engine efficiency
reynolds viscosity bernoulli torsion bending shear deflection truss foundation settlement hydrology rainfall`
  .split(/\s+/);

/** Deterministic PRNG (mulberry32), so every run seeds the same text. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = 'ka lo mi ne ru sa ti vo ze pa ber con dis gra lin mor pet ral sen tor vel xan quo hy phi'.split(' ');

/** 20,000 rare pseudo-words: the long tail of a real index (names, symbols, OCR noise). */
function rareWords(random) {
  const words = new Set();
  while (words.size < 20_000) {
    const n = 2 + Math.floor(random() * 3);
    let word = '';
    for (let i = 0; i < n; i++) word += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
    words.add(word);
  }
  return [...words];
}

/** Index drawn from a Zipf(1) distribution over `n` ranks. */
function zipf(random, n) {
  // Inverse of the continuous approximation: rank ~ n^u.
  return Math.min(n - 1, Math.floor(Math.exp(random() * Math.log(n + 1))) - 1);
}

/**
 * A page generator: `page()` returns the text of one page. `topic` (an index) biases the content
 * words, so pages of one subject share their vocabulary.
 */
export function pageTextGenerator(seed = 13) {
  const random = prng(seed);
  const rare = rareWords(random);
  return (topic = 0, words = 180) => {
    const out = [];
    for (let i = 0; i < words; i++) {
      const r = random();
      if (r < 0.45) out.push(FUNCTION_WORDS[zipf(random, FUNCTION_WORDS.length)]);
      else if (r < 0.93) {
        // Rotate the academic list by topic so each subject has its own most frequent words.
        const k = zipf(random, ACADEMIC.length);
        out.push(ACADEMIC[(k + topic * 37) % ACADEMIC.length]);
      } else out.push(rare[zipf(random, rare.length)]);
      if (random() < 0.07) out[out.length - 1] += '.';
    }
    return out.join(' ');
  };
}

/** Queries the bench rotates through (distinct texts, so no cache can answer them all). */
export const ROTATING_QUERIES = ACADEMIC.slice(0, 200);

/** The words of a text as search_term holds them (src/server/modules/search/search-terms.ts). */
export function distinctTerms(text) {
  const terms = new Set();
  for (const word of text.toLowerCase().normalize('NFKD').replace(/\p{M}+/gu, '').split(/[^\p{L}\p{N}]+/u)) {
    if (word.length >= 2 && word.length <= 40) terms.add(word);
  }
  return terms;
}
