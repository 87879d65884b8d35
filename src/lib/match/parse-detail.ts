import type { ApiFixtureEvent, ApiFixtureFull, ApiLineup, ApiLineupPlayer, ApiTeamFixtureStatistics } from '../../../contract/api-football.ts';
import { eventKind } from '../../../contract/events.ts';
import { parseMatch } from './parse.ts';
import { asId, asList, asNumberOrNull, asString, parseListResponse, wire, type Parsed, type ParsedList } from '../http/read.ts';
import type { Lineup, LineupPlayer, Match, MatchDetail, MatchEvent, PersonRef, TeamMatchStatistics } from './types.ts';

/**
 * The detail of a fixture (`events`, `lineups`, `statistics` of `/fixtures?id=` and of the build's
 * bulk read) in the project's own types. Missing lists stay empty (the page shows 'Sin datos
 * disponibles'); nothing is filled in. A person without an id keeps its name and is shown unlinked.
 */

function personRef(value: unknown): PersonRef | null {
  const r = wire<ApiFixtureEvent['player']>(value);
  const name = asString(r.name).trim();
  const id = asId(r.id);
  if (!name) return null;
  return { id, name };
}

export function parseMatchEvent(raw: unknown): MatchEvent {
  const r = wire<ApiFixtureEvent>(raw);
  const time = wire<ApiFixtureEvent['time']>(r.time);
  const team = wire<ApiFixtureEvent['team']>(r.team);
  const type = asString(r.type);
  const detail = asString(r.detail);
  return {
    minute: asNumberOrNull(time.elapsed),
    extra: asNumberOrNull(time.extra),
    teamId: asId(team.id),
    teamName: asString(team.name),
    player: personRef(r.player),
    assist: personRef(r.assist),
    kind: eventKind(type, detail),
    detail,
    comments: asString(r.comments),
  };
}

/** "2:4" → {row 2, col 4}; anything else is no grid. */
export function parseGrid(value: unknown): LineupPlayer['grid'] {
  const match = /^\s*(\d+)\s*:\s*(\d+)\s*$/.exec(asString(value));
  if (!match) return null;
  const row = Number(match[1]);
  const col = Number(match[2]);
  return row > 0 && col > 0 ? { row, col } : null;
}

function lineupPlayer(raw: unknown): LineupPlayer | null {
  const entry = wire<ApiLineupPlayer>(raw);
  const p = wire<ApiLineupPlayer['player']>(entry.player ?? raw);
  const name = asString(p.name).trim();
  if (!name) return null;
  return { id: asId(p.id), name, number: asNumberOrNull(p.number), pos: asString(p.pos).trim().toUpperCase(), grid: parseGrid(p.grid) };
}

function players(value: unknown): LineupPlayer[] {
  return asList(value)
    .map(lineupPlayer)
    .filter((p): p is LineupPlayer => p !== null);
}

function teamRef(value: unknown): Lineup['team'] {
  const r = wire<ApiLineup['team']>(value);
  return { id: asId(r.id), name: asString(r.name).trim(), logo: asString(r.logo) };
}

export function parseLineup(raw: unknown): Lineup | null {
  const r = wire<ApiLineup>(raw);
  const startXI = players(r.startXI);
  const substitutes = players(r.substitutes);
  if (!startXI.length && !substitutes.length) return null;
  return { team: teamRef(r.team), formation: asString(r.formation).trim(), coach: personRef(r.coach), startXI, substitutes };
}

export function parseTeamMatchStatistics(raw: unknown): TeamMatchStatistics | null {
  const r = wire<ApiTeamFixtureStatistics>(raw);
  const values = asList(r.statistics)
    .map((item) => {
      const s = wire<ApiTeamFixtureStatistics['statistics'][number]>(item);
      const type = asString(s.type).trim();
      const value = typeof s.value === 'number' || typeof s.value === 'string' ? s.value : null;
      return type ? { type, value } : null;
    })
    .filter((v): v is TeamMatchStatistics['values'][number] => v !== null);
  return values.length ? { team: teamRef(r.team), values } : null;
}

/**
 * A fixture's events (after `before`, already read) in the order the page shows them. Provider order is by minute already; sorted
 * again (stable) so a late-arriving event lands in place. A pushed change's events go through here
 * too (src/lib/match/live-store.ts), so they read exactly as a refetch would.
 */
export function parseMatchEvents(raw: unknown, before: readonly MatchEvent[] = []): MatchEvent[] {
  const events = [...before, ...asList(raw).map(parseMatchEvent)];
  return events.sort((a, b) => (a.minute ?? 0) - (b.minute ?? 0) || (a.extra ?? 0) - (b.extra ?? 0));
}

/** Reads the detail lists of one fixture item; null when the item carries none of them. */
export function parseMatchDetail(raw: unknown): MatchDetail | null {
  const r = wire<ApiFixtureFull>(raw);
  if (!Array.isArray(r.events) && !Array.isArray(r.lineups) && !Array.isArray(r.statistics)) return null;
  return {
    events: parseMatchEvents(r.events),
    lineups: asList(r.lineups)
      .map(parseLineup)
      .filter((l): l is Lineup => l !== null),
    statistics: asList(r.statistics)
      .map(parseTeamMatchStatistics)
      .filter((s): s is TeamMatchStatistics => s !== null),
  };
}

/**
 * A fixture with its detail lists attached (a fixture asked for by id, the build's bulk read). Kept
 * apart from parseMatch so the scoreboards' islands, which never show events, do not ship this parser.
 */
export function parseDetailedMatch(raw: unknown): Parsed<Match> {
  const parsed = parseMatch(raw);
  if (!parsed.ok) return parsed;
  const details = parseMatchDetail(raw);
  return details ? { ok: true, value: { ...parsed.value, details } } : parsed;
}

export function parseDetailedMatchList(body: unknown): ParsedList<Match> {
  return parseListResponse(body, parseDetailedMatch);
}

export { eventMinute } from '../../../contract/events.ts';
