import type { ApiFixtureFull } from '../../../contract/api-football.ts';
import { asBooleanOrNull, asId, asNumber, asNumberOrNull, asString, isRecord, parseListResponse, wire, type Parsed, type ParsedList } from '../http/read.ts';
import { competitionName } from '../config.ts';
import type { Match, MatchKind, MatchTeam, ScorePair } from './types.ts';
// The status groups are the contract's: a match the server calls finished, the site shows as a result.
import { isFinishedStatus, isLiveStatus } from '../../../contract/status.ts';

/** Spec §3 defaults for a fixture whose fields are missing. */
export const MATCH_DEFAULTS = {
  statusShort: 'NS',
  statusLong: 'Not Started',
  leagueId: 242,
  leagueName: 'Liga Pro Serie A',
  leagueCountry: 'Ecuador',
  homeName: 'Equipo Local',
  awayName: 'Equipo Visitante',
} as const;

/** A status code as the site keeps it: the provider's code, trimmed and upper-case. Done once, where a status arrives (a parsed answer, a pushed change). */
export function statusCode(raw: string): string {
  return raw.trim().toUpperCase();
}

/** Which kind of match a status code (as `statusCode` gives it) describes; unknown codes count as not played. */
export function kindOfStatus(code: string): MatchKind {
  // In play, pauses included (the score can still change); then finished or decided off the pitch.
  if (isLiveStatus(code)) return 'Live';
  if (isFinishedStatus(code)) return 'Result';
  return 'Fixture';
}

type Fixture = ApiFixtureFull;

function parseScorePair(value: unknown): ScorePair {
  const r = wire<Fixture['goals']>(value);
  return { home: asNumberOrNull(r.home), away: asNumberOrNull(r.away) };
}

function parseTeam(value: unknown, defaultName: string): MatchTeam {
  const r = wire<Fixture['teams']['home']>(value);
  return {
    id: asId(r.id) ?? 0,
    name: asString(r.name).trim() || defaultName,
    logo: asString(r.logo),
    winner: asBooleanOrNull(r.winner),
  };
}

/**
 * Parses one `/fixtures` item (`{fixture, league, teams, goals, score}`) into a tagged match.
 * Only a missing fixture id is an error (nothing could link to it); every other missing field
 * takes the spec's default.
 */
export function parseMatch(raw: unknown): Parsed<Match> {
  if (!isRecord(raw)) return { ok: false, error: 'Fixture is not an object' };
  const r = wire<Fixture>(raw);
  const fixture = wire<Fixture['fixture']>(r.fixture);
  const id = asId(fixture.id);
  if (id === null) return { ok: false, error: 'Fixture has no valid id' };

  const status = wire<Fixture['fixture']['status']>(fixture.status);
  const short = statusCode(asString(status.short)) || MATCH_DEFAULTS.statusShort;
  const venue = wire<Fixture['fixture']['venue']>(fixture.venue);
  const periods = wire<Fixture['fixture']['periods']>(fixture.periods);
  const league = wire<Fixture['league']>(r.league);
  const teams = wire<Fixture['teams']>(r.teams);
  const score = wire<Fixture['score']>(r.score);
  const date = asString(fixture.date);
  const timestamp = asNumber(fixture.timestamp, 0) || (date && !Number.isNaN(Date.parse(date)) ? Math.floor(Date.parse(date) / 1000) : 0);

  const common = {
    id,
    date,
    timestamp,
    referee: asString(fixture.referee),
    timezone: asString(fixture.timezone),
    venue: { id: asId(venue.id), name: asString(venue.name), city: asString(venue.city) },
    periods: { first: asNumberOrNull(periods.first), second: asNumberOrNull(periods.second) },
    status: {
      short,
      long: asString(status.long) || (short === MATCH_DEFAULTS.statusShort ? MATCH_DEFAULTS.statusLong : short),
      elapsed: asNumberOrNull(status.elapsed),
      extra: asNumberOrNull(status.extra),
    },
    league: {
      id: asId(league.id) ?? MATCH_DEFAULTS.leagueId,
      // Spanish where the provider's is English ('Friendlies' → 'Amistosos internacionales').
      name: competitionName(asId(league.id) ?? MATCH_DEFAULTS.leagueId, asString(league.name)) || MATCH_DEFAULTS.leagueName,
      country: asString(league.country) || MATCH_DEFAULTS.leagueCountry,
      logo: asString(league.logo),
      flag: asString(league.flag),
      season: asNumber(league.season, 0),
      round: asString(league.round),
    },
    home: parseTeam(teams.home, MATCH_DEFAULTS.homeName),
    away: parseTeam(teams.away, MATCH_DEFAULTS.awayName),
    goals: parseScorePair(r.goals),
    score: {
      halftime: parseScorePair(score.halftime),
      fulltime: parseScorePair(score.fulltime),
      extratime: parseScorePair(score.extratime),
      penalty: parseScorePair(score.penalty),
    },
  };
  return { ok: true, value: { kind: kindOfStatus(short), ...common } };
}

/** Parses a `/fixtures` response (envelope, `{data}`, `{fixtures}` or bare array). */
export function parseMatchList(body: unknown): ParsedList<Match> {
  return parseListResponse(body, parseMatch);
}
