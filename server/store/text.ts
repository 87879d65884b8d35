/** Case- and accent-insensitive form of a name, for matching what readers type ('tecnico' finds 'Técnico'). */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
}

/**
 * Turns reader input into a safe FTS5 query: only letters and digits survive, each word becomes a
 * quoted prefix term, all required. Quotes, '*', 'OR', 'NEAR', parentheses or emoji can therefore
 * never reach FTS5 as syntax. Returns null when nothing searchable is left.
 */
export function ftsQuery(input: string, maxTerms = 8): string | null {
  const words = input.normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? [];
  const terms = words.slice(0, maxTerms).map((w) => `"${w.slice(0, 40)}"*`);
  return terms.length ? terms.join(' ') : null;
}
