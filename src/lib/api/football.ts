import { parseTournament } from '../football/parse-tournament.ts';
import type { Tournament } from '../football/types.ts';
import { apiGet, unwrap, type ApiResult, type RequestOptions } from './client.ts';

/** The portal's competitions, for the Torneos menu and the tournament list. */
export async function getTournaments(options?: RequestOptions): Promise<ApiResult<Tournament[]>> {
  const result = await apiGet('/api/football/tournaments', {}, options);
  if (!result.ok) return result;
  const list = unwrap<unknown>(result.data);
  const tournaments = (Array.isArray(list) ? list : []).map(parseTournament).filter((t): t is Tournament => t !== null);
  return { ok: true, status: result.status, data: tournaments };
}
