import type { Language } from '@/lib/locale';
import { searchSynonyms, type SynonymEntry } from './search-synonyms';

/**
 * What a shopper's search asks for (decision 082), before any database: each typed word becomes one
 * group of alternatives (the word, the word it is most likely a typo of, and their synonyms); a
 * product matches when it has one alternative of every group.
 */
export type SearchGroup = {
  typed: string;
  alternatives: string[];
  /** not a known word: maybe the beginning of one */ unknown: boolean;
};

/** Most words a search looks for; further words are ignored. */
export const SEARCH_WORDS_MAX = 8;

export const normalise = (text: string) => text.normalize('NFKC').toLocaleLowerCase();

/** Chinese is written without spaces: its synonyms are looked for inside the typed text. */
const insideWords = (language: Language) => language === 'ZH';

/**
 * The typed words, with a dictionary phrase of two words ("sex toy", "seluar dalam") kept as one.
 */
function typedWords(language: Language, search: string): string[] {
  const tokens = normalise(search).split(/\s+/).filter(Boolean);
  const phrases = new Set(
    searchSynonyms[language].flatMap((entry) => entry.words).filter((word) => word.includes(' ')),
  );
  const words: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const pair = `${tokens[i]} ${tokens[i + 1] ?? ''}`;
    if (phrases.has(pair)) {
      words.push(pair);
      i++;
    } else words.push(tokens[i]!);
  }
  return words.slice(0, SEARCH_WORDS_MAX);
}

function entriesFor(language: Language, word: string): SynonymEntry[] {
  return searchSynonyms[language].filter((entry) =>
    entry.words.some((known) => known === word || (insideWords(language) && known.length > 1 && word.includes(known))),
  );
}

/**
 * Edit distance with a swap of two neighbours counted as one edit (optimal string alignment), the
 * commonest typo ("vibartor"). A few lines, so not a dependency: the maintained Levenshtein
 * packages count a swap as two.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = value;
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
  }
  return rows[a.length]![b.length]!;
}

/** Typos forgiven: none below 4 letters, one up to 7, two from 8. */
const typosAllowed = (word: string) => (word.length < 4 ? 0 : word.length < 8 ? 1 : 2);

/**
 * The words `word` is most likely a typo of: those of `vocabulary` (the shop's words and the
 * dictionary's) fewest edits away, or none when the word is known or begins a known word.
 */
export function corrections(word: string, vocabulary: ReadonlySet<string>): string[] {
  const allowed = typosAllowed(word);
  if (allowed === 0 || vocabulary.has(word)) return [];
  let best: string[] = [];
  let bestDistance = allowed + 1;
  for (const known of vocabulary) {
    if (known.startsWith(word)) return [];
    const distance = editDistance(word, known, Math.min(allowed, bestDistance));
    if (distance < bestDistance) [best, bestDistance] = [[known], distance];
    else if (distance === bestDistance && distance <= allowed) best.push(known);
  }
  return best.slice(0, 3);
}

/** The dictionary's words of `language`, which typos are corrected towards as well as the shop's. */
export const dictionaryWords = (language: Language) =>
  searchSynonyms[language]
    .flatMap((entry) => [...entry.words, ...(entry.related ?? [])])
    .filter((word) => !word.includes(' '));

/**
 * The groups a search asks for. `vocabulary`: the words of the shop's texts in `language` (lower
 * case), for typo correction; Chinese is not corrected (an input method writes real characters).
 */
export function searchGroups(language: Language, search: string, vocabulary: ReadonlySet<string>): SearchGroup[] {
  const known = new Set([...vocabulary, ...dictionaryWords(language)]);
  return typedWords(language, search).map((typed) => {
    const meant = insideWords(language) ? [typed] : [typed, ...corrections(typed, known)];
    const alternatives = new Set(meant);
    for (const word of meant)
      for (const entry of entriesFor(language, word))
        for (const other of [...entry.words, ...(entry.related ?? [])]) alternatives.add(other);
    return { typed, alternatives: [...alternatives], unknown: !known.has(typed) };
  });
}
