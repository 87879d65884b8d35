import { parseMatchList } from '../football/parse-match.ts';
import { parsePlayerList, parseTopScorers } from '../football/parse-player.ts';
import { parseTeamList } from '../football/parse-team.ts';
import { parseStandings } from '../football/parse-standings.ts';
import { parseTournament } from '../football/parse-tournament.ts';
import type { Parsed } from '../football/read.ts';
import type { LeagueStandings, Match, Player, Team, TopScorer, Tournament } from '../football/types.ts';
import { apiGet, unwrap, type ApiResult, type RequestOptions } from './client.ts';

/** The portal's competitions, for the Torneos menu and the tournament list. */
export async function getTournaments(options?: RequestOptions): Promise<ApiResult<Tournament[]>> {
  const result = await apiGet('/api/football/tournaments', {}, options);
  if (!result.ok) return result;
  const list = unwrap<unknown>(result.data);
  const tournaments = (Array.isArray(list) ? list : []).map(parseTournament).filter((t): t is Tournament => t !== null);
  return { ok: true, status: result.status, data: tournaments };
}

export type Params = Record<string, string | number | boolean | undefined | null>;

/** GET + parse: a response that does not parse is a failure like any transport error. */
export async function getParsed<T>(path: string, params: Params, parse: (body: unknown) => Parsed<T>, options?: RequestOptions): Promise<ApiResult<T>> {
  const result = await apiGet(path, params, options);
  if (!result.ok) return result;
  const parsed = parse(result.data);
  return parsed.ok ? { ok: true, status: result.status, data: parsed.value } : { ok: false, status: result.status, error: parsed.error };
}

/** `/fixtures` filters (docs/API.md). A missing season means the competition's current one. */
export interface FixtureQuery {
  id?: number;
  ids?: number[];
  league?: number;
  season?: number;
  round?: string;
  team?: number;
  /** YYYY-MM-DD in Guayaquil time. */
  date?: string;
  from?: string;
  to?: string;
  /** Status codes, e.g. ['FT', 'AET', 'PEN']. */
  status?: string[];
  /** 'all', or only these competitions. */
  live?: 'all' | number[];
  next?: number;
  last?: number;
  /** Each fixture with its events, lineups and statistics (the build's bulk read, contract/bulk.ts). */
  details?: boolean;
}

export function getFixtures(query: FixtureQuery, options?: RequestOptions): Promise<ApiResult<Match[]>> {
  return getParsed<Match[]>(
    '/api/football/fixtures',
    {
      id: query.id,
      ids: query.ids?.length ? query.ids.join('-') : undefined,
      league: query.league,
      season: query.season,
      round: query.round,
      team: query.team,
      date: query.date,
      from: query.from,
      to: query.to,
      status: query.status?.length ? query.status.join('-') : undefined,
      live: query.live === undefined ? undefined : query.live === 'all' ? 'all' : query.live.join('-'),
      next: query.next,
      last: query.last,
      details: query.details || undefined,
    },
    parseMatchList,
    options,
  );
}

/** Every match of one day (Guayaquil time) across competitions. */
export function getFixturesByDate(date: string, options?: RequestOptions): Promise<ApiResult<Match[]>> {
  return getFixtures({ date }, options);
}

/** Matches being played now, in every competition or only in the given ones. */
export function getLiveFixtures(leagues: 'all' | number[] = 'all', options?: RequestOptions): Promise<ApiResult<Match[]>> {
  return getFixtures({ live: leagues }, options);
}

/** A competition's fixtures: a season or round, or its last / next N matches. */
export function getLeagueFixtures(
  league: number,
  query: Omit<FixtureQuery, 'league' | 'id' | 'ids'> = {},
  options?: RequestOptions,
): Promise<ApiResult<Match[]>> {
  return getFixtures({ ...query, league }, options);
}

/** A competition's standings, every group of it. */
export function getStandings(league: number, season?: number, options?: RequestOptions): Promise<ApiResult<LeagueStandings>> {
  return getParsed<LeagueStandings>('/api/football/standings', { league, season }, parseStandings, options);
}

/** A competition's top scorers, ranked by goals then assists. */
export function getTopScorers(league: number, season?: number, options?: RequestOptions): Promise<ApiResult<TopScorer[]>> {
  return getParsed<TopScorer[]>('/api/football/topscorers', { league, season }, (body) => parseTopScorers(body, { leagueId: league }), options);
}

export interface ServerTime {
  /** The API's current instant, epoch ms (frozen by `MARCADOR_NOW` in tests). */
  now: number;
  /** The API's current day in Guayaquil, YYYY-MM-DD: what "today's matches" means. */
  today: string;
  timeZone: string;
}

/**
 * The data API's clock. Pages ask it what "today" is instead of trusting the machine they are
 * built on, so the day shown and the matches fetched always agree with the API.
 */
export async function getServerTime(options?: RequestOptions): Promise<ApiResult<ServerTime>> {
  const result = await apiGet<unknown>('/api/time', {}, options);
  if (!result.ok) return result;
  const body = (result.data && typeof result.data === 'object' ? result.data : {}) as Record<string, unknown>;
  const now = typeof body.now === 'string' ? Date.parse(body.now) : Number.NaN;
  const today = typeof body.today === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(body.today) ? body.today : '';
  if (Number.isNaN(now) || !today) return { ok: false, status: result.status, error: 'Malformed /api/time answer' };
  return { ok: true, status: result.status, data: { now, today, timeZone: typeof body.timeZone === 'string' ? body.timeZone : '' } };
}

/** A competition's teams (crests, codes for short names, venues). */
export function getLeagueTeams(league: number, season?: number, options?: RequestOptions): Promise<ApiResult<Team[]>> {
  return getParsed<Team[]>('/api/football/teams', { league, season }, (body) => parseTeamList(body, { leagueId: league }), options);
}

/** One page (20) of a team's players with their season statistics; `leagueId` picks the statistics entry. */
export function getTeamPlayers(team: number, page = 1, leagueId?: number, options?: RequestOptions): Promise<ApiResult<{ players: Player[]; totalPages: number }>> {
  return getParsed<{ players: Player[]; totalPages: number }>(
    '/api/football/players',
    { team, page },
    (body) => {
      const parsed = parsePlayerList(body, { leagueId });
      if (!parsed.ok) return parsed;
      const paging = body && typeof body === 'object' ? (body as { paging?: { total?: unknown } }).paging : undefined;
      const total = typeof paging?.total === 'number' && paging.total > 0 ? paging.total : 1;
      return { ok: true, value: { players: parsed.value, totalPages: total } };
    },
    options,
  );
}
