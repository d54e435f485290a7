// How the store's search reads what a farmer types (issue 13): first the synonym list (trade names and common
// misspellings, kept as data by the server), then, for a word the catalogue does not know, the catalogue word
// within a small edit distance ("atrazeen" → "atrazine"). Pure rules; the server supplies the list and the words.

/** A query as the rules compare it: lower case, single spaces, no surrounding blanks. */
export function normalizeSearchQuery(q: string): string {
  return q.toLowerCase().replace(/\s+/g, ' ').trim();
}

export type QueryRewrite = {
  /** The query to search for. */
  query: string;
  /** The catalogue terms that replaced what was typed, in order (empty when nothing changed). */
  replaced: { typed: string; term: string }[];
};

/**
 * Replaces every typed phrase found in the synonym list (`term` → catalogue term, keys lower case) by its
 * catalogue term, longest phrase first ("round up" before "round"). Words not in the list stay as typed.
 */
export function applySynonyms(q: string, synonyms: ReadonlyMap<string, string>, maxWords = 3): QueryRewrite {
  const words = normalizeSearchQuery(q).split(' ').filter(Boolean);
  const out: string[] = [];
  const replaced: QueryRewrite['replaced'] = [];
  for (let i = 0; i < words.length;) {
    let matched = false;
    for (let n = Math.min(maxWords, words.length - i); n >= 1 && !matched; n--) {
      const typed = words.slice(i, i + n).join(' ');
      const term = synonyms.get(typed);
      if (term !== undefined) {
        out.push(term);
        replaced.push({ typed, term });
        i += n;
        matched = true;
      }
    }
    if (!matched) out.push(words[i++]!);
  }
  return { query: out.join(' '), replaced };
}

/** A phrase must be this long before the suggestions complete it from the synonym list ("roun" → roundup). */
const SYNONYM_COMPLETION_MIN_LETTERS = 4;

/**
 * While a farmer is still typing: the end of the query read as the start of a listed phrase ("roun", "round u" →
 * "roundup" → glyphosate; "dicm" → "dicmaba" → dicamba), the shortest such phrase, then the first alphabetically.
 * Null when the end is already a whole listed phrase (applySynonyms reads it), too short, or starts none.
 */
export function completeSynonym(q: string, synonyms: ReadonlyMap<string, string>, maxWords = 3): QueryRewrite | null {
  const words = normalizeSearchQuery(q).split(' ').filter(Boolean);
  for (let n = Math.min(maxWords, words.length); n >= 1; n--) {
    const typed = words.slice(words.length - n).join(' ');
    if (typed.length < SYNONYM_COMPLETION_MIN_LETTERS || synonyms.has(typed)) continue;
    let best: string | null = null;
    for (const phrase of synonyms.keys())
      if (
        phrase.startsWith(typed) &&
        (best === null || phrase.length < best.length || (phrase.length === best.length && phrase < best))
      )
        best = phrase;
    if (best !== null) {
      const term = synonyms.get(best)!;
      return { query: [...words.slice(0, words.length - n), term].join(' '), replaced: [{ typed, term }] };
    }
  }
  return null;
}

/** Optimal-string-alignment distance: insertions, deletions, substitutions and swaps of neighbours cost one. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  return d[a.length]![b.length]!;
}

/** How far a typed word may be from a catalogue word: none under 5 letters, one up to 7, two from 8. */
export function allowedTypos(word: string): number {
  return word.length < 5 ? 0 : word.length < 8 ? 1 : 2;
}

/**
 * The catalogue word nearest to a typed word within its allowed typos; the nearest wins, then the one sharing the
 * first letter, then the vocabulary's order. Null when the word is already a catalogue word or none is near.
 */
export function nearestCatalogueWord(word: string, vocabulary: readonly string[]): string | null {
  const allowed = allowedTypos(word);
  if (allowed === 0 || vocabulary.includes(word)) return null;
  let best: { word: string; distance: number; sameStart: boolean } | null = null;
  for (const candidate of vocabulary) {
    if (Math.abs(candidate.length - word.length) > allowed) continue;
    const distance = editDistance(word, candidate);
    if (distance > allowed) continue;
    const sameStart = candidate[0] === word[0];
    if (!best || distance < best.distance || (distance === best.distance && sameStart && !best.sameStart))
      best = { word: candidate, distance, sameStart };
  }
  return best?.word ?? null;
}

/** Replaces each word the catalogue does not know by its nearest catalogue word, where one is near enough. */
export function correctTypos(q: string, vocabulary: readonly string[]): QueryRewrite {
  const replaced: QueryRewrite['replaced'] = [];
  const words = normalizeSearchQuery(q)
    .split(' ')
    .filter(Boolean)
    .map((typed) => {
      const term = nearestCatalogueWord(typed, vocabulary);
      if (term === null) return typed;
      replaced.push({ typed, term });
      return term;
    });
  return { query: words.join(' '), replaced };
}

/** The words of catalogue names a typo may be corrected to: lower case, letters only, four letters or more. */
export function catalogueWords(names: readonly string[]): string[] {
  const words = new Set<string>();
  for (const name of names) for (const w of name.toLowerCase().split(/[^a-z]+/)) if (w.length >= 4) words.add(w);
  return [...words].sort();
}
