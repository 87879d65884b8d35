import { SITE } from '../config.ts';
import { parseMatchList } from './parse.ts';
import type { Parsed } from '../http/read.ts';
import type { Match } from './types.ts';
import { apiGet, type ApiResult, type RequestOptions } from '../http/client.ts';

/**
 * The fixtures resource of the data API, on its own: what every live island needs (the day's
 * scoreboard, a match, a competition's rounds), without the other resources' parsers.
 */

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
  /** YYYY-MM-DD in Guayaquil time (sent with `timezone=America/Guayaquil`, as are `from`/`to`). */
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

/**
 * The scoreboard's reading of the answer by default; a caller that shows events, line-ups or
 * statistics (a match page, the build's bulk read) passes `parseDetailedMatchList`
 * (parse-match-detail.ts), which the scoreboards' islands then never download.
 */
export function getFixtures(query: FixtureQuery, options?: RequestOptions, parse: (body: unknown) => Parsed<Match[]> = parseMatchList): Promise<ApiResult<Match[]>> {
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
      // The API, as the provider, reads days in `timezone` (UTC when absent): the site's days are Ecuador's.
      timezone: query.date || query.from || query.to ? SITE.timeZone : undefined,
      status: query.status?.length ? query.status.join('-') : undefined,
      live: query.live === undefined ? undefined : query.live === 'all' ? 'all' : query.live.join('-'),
      next: query.next,
      last: query.last,
      details: query.details || undefined,
    },
    parse,
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

