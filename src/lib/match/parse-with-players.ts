import { fixturePlayers, type FixtureForPlayers } from '../../../contract/fixture-players.ts';
import { parseMatchPlayers } from './players.ts';
import { parseDetailedMatch } from './parse-detail.ts';
import { parseListResponse, type Parsed, type ParsedList } from '../http/read.ts';
import type { Match } from './types.ts';

/** The build's read of a competition's fixtures with their details and players (src/lib/loaders/competitions.ts). */

/**
 * A fixture with details, its players attached: worked out from its line-ups and events exactly as the
 * API's `/fixtures/players` does, with the ratings of its `players` list.
 */
export function parseMatchWithPlayers(raw: unknown): Parsed<Match> {
  const parsed = parseDetailedMatch(raw);
  if (!parsed.ok || !parsed.value.details) return parsed;
  const players = parseMatchPlayers(fixturePlayers(raw as FixtureForPlayers));
  return { ok: true, value: { ...parsed.value, details: { ...parsed.value.details, players } } };
}

export function parseMatchWithPlayersList(body: unknown): ParsedList<Match> {
  return parseListResponse(body, parseMatchWithPlayers);
}
