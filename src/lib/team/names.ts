import { clubShortName } from '../../../contract/club-names.ts';
import type { MatchTeam } from '../match/types.ts';

/**
 * Generic words of South American club names too long for half a phone's row, and how the
 * region's press shortens them ("U. de Chile", "Ind. Medellín"). Only a word followed by the
 * club's own name is shortened: "Independiente" alone is the club's name and stays whole.
 */
const LONG_WORDS: Readonly<Record<string, string>> = {
  independiente: 'Ind.',
  universidad: 'U.',
};

/**
 * The name a phone shows where the full one does not fit: the name fans use (contract/club-names.ts),
 * else the full name with its long generic words shortened as the press does, else the full name.
 * Never half a word and never a three-letter code fans do not say.
 */
export function phoneName(teamId: number, name: string): string {
  const fan = clubShortName(teamId, name);
  if (fan !== name) return fan;
  const words = name.trim().split(/\s+/);
  if (words.length < 2) return name;
  return words.map((word, i) => (i < words.length - 1 ? (LONG_WORDS[word.toLocaleLowerCase('es')] ?? word) : word)).join(' ');
}

/**
 * A match's clubs with their phone names, added at build time so the islands that redraw the row
 * carry no table of names: a refresh keeps the ones the page was built with (matches.ts).
 */
export function withPhoneNames<T extends { home: MatchTeam; away: MatchTeam }>(match: T): T {
  const home = phoneName(match.home.id, match.home.name);
  const away = phoneName(match.away.id, match.away.name);
  if (home === match.home.name && away === match.away.name) return match;
  return {
    ...match,
    home: home === match.home.name ? match.home : { ...match.home, shortName: home },
    away: away === match.away.name ? match.away : { ...match.away, shortName: away },
  };
}

/**
 * A player's name as one unit on a line: the initials bound to the surname with no-break spaces, so
 * a narrow line never reads "sale F." and then "Yépez" below ("A. É. Burbano" stays whole).
 */
export function personName(name: string): string {
  return name.trim().replace(/(\p{Lu}\.)\s+(?=\p{L})/gu, '$1\u00A0');
}

/**
 * The names a line-up drawing puts under the shirts: the surname alone ("Palacios" for "M. Palacios"),
 * as match graphics do, since five of them share a phone's row; the whole name (initials bound to
 * it) where two players of the side share the surname ("J. Rivas", "C. Rivas").
 */
export function pitchNames(names: readonly string[]): string[] {
  const surname = (name: string) => name.trim().replace(/^(\p{Lu}\.\s*)+/u, '') || name.trim();
  const count = new Map<string, number>();
  for (const name of names) count.set(surname(name), (count.get(surname(name)) ?? 0) + 1);
  return names.map((name) => (count.get(surname(name))! > 1 ? personName(name) : surname(name)));
}
