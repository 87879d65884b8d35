import { parsePlayerList, parseTopScorers } from '../player/parse.ts';
import { parseTeamList } from '../team/parse.ts';
import { parseTournament } from './parse.ts';
import type { Player, TopScorer } from '../player/types.ts';
import type { Team } from '../team/types.ts';
import type { Tournament } from './types.ts';
import { readList } from '../http/read.ts';
import { apiGet, type ApiResult, type RequestOptions } from '../http/client.ts';

/** The portal's competitions, for the Torneos menu and the tournament list. */
export async function getTournaments(options?: RequestOptions): Promise<ApiResult<Tournament[]>> {
  const result = await apiGet('/api/football/tournaments', {}, options);
  if (!result.ok) return result;
  const list = readList(result.data);
  const tournaments = (list.ok ? list.value : []).map(parseTournament).filter((t): t is Tournament => t !== null);
  return { ok: true, status: result.status, data: tournaments };
}

import { getParsed } from '../match/api.ts';


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
