import { fixturePlayers, type FixtureForPlayers, type FixturePlayersTeam } from '../../../contract/fixture-players.ts';
import { parseMatchPlayers } from './players.ts';
import { parseDetailedMatch } from './parse-detail.ts';
import { parseListResponse, wire, type Parsed, type ParsedList } from '../http/read.ts';
import type { Match } from './types.ts';

/** The build's read of a competition's fixtures with their details and players (src/lib/loaders/competitions.ts). */

/**
 * A fixture with details, its players attached: the provider's own `players` list when the item has
 * one, else worked out from its line-ups and events exactly as the API's `/fixtures/players` does.
 */
export function parseMatchWithPlayers(raw: unknown): Parsed<Match> {
  const parsed = parseDetailedMatch(raw);
  if (!parsed.ok || !parsed.value.details) return parsed;
  const item = wire<FixtureForPlayers & { players: FixturePlayersTeam[] }>(raw);
  const players = parseMatchPlayers(Array.isArray(item.players) ? item.players : fixturePlayers(item as FixtureForPlayers));
  return { ok: true, value: { ...parsed.value, details: { ...parsed.value.details, players } } };
}

export function parseMatchWithPlayersList(body: unknown): ParsedList<Match> {
  return parseListResponse(body, parseMatchWithPlayers);
}
