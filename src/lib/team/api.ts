import { BULK_PER_PAGE_PARAM } from '../../../contract/bulk.ts';
import { QUERY_LIMITS } from '../../../contract/limits.ts';
import { parseSquads } from './parse-squad.ts';
import { parseTeamList } from './parse.ts';
import { parseTeamStatisticsResponse } from './parse-statistics.ts';
import type { Squad, Team, TeamSeasonStatistics } from './types.ts';
import { asRecord, readList } from '../http/read.ts';
import { parseTransfers, type TransferMove } from './transfers.ts';
import { apiGet, type ApiResult, type RequestOptions } from '../http/client.ts';
import { getParsed } from '../match/api.ts';

/**
 * Clubs, squads, players, season statistics and transfers: the reads behind the team, player and
 * transfer pages. The league-wide ones are the build's bulk reads (contract/bulk.ts).
 */

/** One club by id (`/teams?id=`), for clubs outside the portal's competitions. */
export async function getTeam(id: number, options?: RequestOptions): Promise<ApiResult<Team | null>> {
  return getParsed('/api/football/teams', { id }, (body) => {
    const list = parseTeamList(body);
    return list.ok ? { ok: true, value: list.value[0] ?? null } : list;
  }, options);
}

/** The squads of every club of a competition (`/players/squads?league=`). */
export function getSquads(league: number, season?: number, options?: RequestOptions): Promise<ApiResult<Squad[]>> {
  return getParsed('/api/football/players/squads', { league, season }, parseSquads, options);
}

/** The season statistics of every club of a competition (`/teams/statistics?league=`, no team). */
export function getTeamStatisticsList(league: number, season?: number, options?: RequestOptions): Promise<ApiResult<TeamSeasonStatistics[]>> {
  return getParsed('/api/football/teams/statistics', { league, season }, parseTeamStatisticsResponse, options);
}

/** The moves of every player in a competition's squads (`/transfers?league=`), newest first. */
export function getLeagueTransfers(league: number, season?: number, options?: RequestOptions): Promise<ApiResult<TransferMove[]>> {
  return getParsed('/api/football/transfers', { league, season }, parseTransfers, options);
}

/**
 * Every player of a competition with every statistics entry of the season, as raw provider entries
 * (`{player, statistics[]}`): the caller merges players met in several competitions before parsing.
 * Read in pages of `playersPerPageMax`.
 */
export async function getLeaguePlayerEntries(league: number, season?: number, options?: RequestOptions): Promise<ApiResult<unknown[]>> {
  const entries: unknown[] = [];
  let status = 200;
  for (let page = 1, total = 1; page <= total; page++) {
    const result = await apiGet('/api/football/players', { league, season, page, [BULK_PER_PAGE_PARAM]: QUERY_LIMITS.playersPerPageMax }, options);
    if (!result.ok) return result;
    const list = readList(result.data);
    if (!list.ok) return { ok: false, status: result.status, error: list.error };
    entries.push(...list.value);
    status = result.status;
    total = Math.max(1, Math.min(50, Number(asRecord(asRecord(result.data).paging).total) || 1));
  }
  return { ok: true, status, data: entries };
}

/** Ecuadorian players at clubs outside the portal's competitions (`/players/abroad`), raw entries. */
export async function getPlayersAbroadEntries(options?: RequestOptions): Promise<ApiResult<unknown[]>> {
  const result = await apiGet('/api/football/players/abroad', {}, options);
  if (!result.ok) return result;
  const list = readList(result.data);
  return list.ok ? { ok: true, status: result.status, data: list.value } : { ok: false, status: result.status, error: list.error };
}

