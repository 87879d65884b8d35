/**
 * Turns reader input into a safe FTS5 query: only letters and digits survive, each word becomes a
 * quoted prefix term, all required. Quotes, '*', 'OR', 'NEAR', parentheses or emoji can therefore
 * never reach FTS5 as syntax. Returns null when nothing searchable is left.
 */
export function ftsQuery(input: string, maxTerms = 8): string | null {
  const terms = ftsWords(input, maxTerms).map((w) => `"${w}"*`);
  return terms.length ? terms.join(' ') : null;
}

/** The searchable words of reader input (letters and digits only, at most `maxTerms`, 40 characters each). */
export function ftsWords(input: string, maxTerms = 8): string[] {
  const words = input.normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.slice(0, maxTerms).map((w) => w.slice(0, 40));
}

/**
 * FTS5 query for a `column` that starts with `words` in order, the last one possibly still being typed.
 * Same safety as ftsQuery: only letters and digits inside one quoted phrase.
 */
export function ftsStartsWith(column: string, words: string[]): string {
  return `${column} : ^"${words.join(' ')}"*`;
}
