import { clubShortName } from '../../../contract/club-names.ts';
import type { MatchTeam } from './types.ts';

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
