import { aliasKey } from './club-aliases.ts';

/**
 * How the search reads what a reader typed when it looks for a competition or a match (issue 33),
 * on the same folding as the rest of search (aliasKey: accents, case and punctuation aside).
 */

/** How well a name answers what was typed (lower is better), or null when it does not. */
export type NameTier = 0 | 1 | 2;

/** The folded words of a text (aliasKey): what typed text and names are compared as. */
export const foldedWords = (text: string): string[] => aliasKey(text).split(' ').filter(Boolean);

/** Names seen (competitions: a few dozen at most), folded once rather than at every search. */
const namesFolded = new Map<string, string[]>();
function nameWordsOf(name: string): string[] {
  let words = namesFolded.get(name);
  if (!words) {
    if (namesFolded.size >= 1_000) namesFolded.clear();
    namesFolded.set(name, (words = foldedWords(name)));
  }
  return words;
}

/**
 * "libertadores" is the name itself (0: equal, accents and case aside), "copa li" starts it (1: its
 * words in order, the last one possibly still being typed), "sudamericana" is one of the words of
 * "Eliminatorias Sudamericanas" (2: every word typed starts a word of the name, in any order).
 * `typed` as foldedWords gives it.
 */
export function nameTier(typed: readonly string[], name: string): NameTier | null {
  const nameWords = nameWordsOf(name);
  if (typed.length === 0 || nameWords.length === 0) return null;
  const last = typed.length - 1;
  if (typed.length === nameWords.length && typed.every((w, i) => nameWords[i] === w)) return 0;
  if (typed.length <= nameWords.length && typed.every((w, i) => (i < last ? nameWords[i] === w : nameWords[i]!.startsWith(w)))) return 1;
  return typed.every((w) => nameWords.some((n) => n.startsWith(w))) ? 2 : null;
}

/** The best tier of any of a thing's names (a competition's Spanish name, short name, the provider's). */
export function bestTier(typed: readonly string[], names: readonly string[]): NameTier | null {
  let best: NameTier | null = null;
  for (const name of names) {
    const tier = nameTier(typed, name);
    if (tier !== null && (best === null || tier < best)) best = tier;
  }
  return best;
}

/** Words that stand between two clubs: "emelec vs barcelona", "liga v. aucas". */
const VERSUS = new Set(['vs', 'v']);

/**
 * What a match search asks for, read from the text: `sides` are the words naming each club, one side
 * ("emelec vs": any match of Emelec's) or two ("liga - aucas"). `explicit` when the reader wrote the
 * separator ("vs", "v", or a dash with a space beside it: "Colo-Colo" stays one club); otherwise
 * every word is one side, for the search to try splitting ("emelec barcelona"). Null when the text
 * names no side, or more than two.
 */
export function matchSides(text: string, maxTerms = 8): { sides: string[][]; explicit: boolean } | null {
  const tokens = text.normalize('NFKC').match(/[\p{L}\p{N}]+|(?:^|(?<=\s))[-–—]+|[-–—]+(?=\s|$)/gu) ?? [];
  const groups: string[][] = [[]];
  let explicit = false;
  let words = 0;
  for (const token of tokens) {
    if (/^[-–—]+$/.test(token) || VERSUS.has(aliasKey(token))) {
      explicit = true;
      groups.push([]);
    } else if (/[\p{L}\p{N}]/u.test(token) && words++ < maxTerms) {
      groups.at(-1)!.push(token.slice(0, 40));
    }
  }
  const sides = groups.filter((g) => g.length > 0);
  if (sides.length === 0 || sides.length > 2) return null;
  return { sides, explicit };
}
