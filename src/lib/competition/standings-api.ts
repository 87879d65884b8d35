import { parseStandings } from './parse-standings.ts';
import { shownTables, type TableGroup } from './standings.ts';
import type { LeagueStandings } from './types.ts';
import type { ApiResult, RequestOptions } from '../http/client.ts';
import { getParsed } from '../match/api.ts';

/**
 * A competition's standings, every group of it. In a module of its own so a standings page's island
 * loads the parser with its first refresh of the tables (src/lib/competition/live-store.ts), not with the page.
 */
export function getStandings(league: number, season?: number, options?: RequestOptions): Promise<ApiResult<LeagueStandings>> {
  return getParsed<LeagueStandings>('/api/football/standings', { league, season }, parseStandings, options);
}

/** A live standings page's tables from fresh standings, in its order and without its settled ones (shownTables). */
export async function getShownTables(league: number, shownOrder: readonly string[], settled: readonly string[] | undefined, options?: RequestOptions): Promise<ApiResult<TableGroup[]>> {
  const answer = await getStandings(league, undefined, options);
  return answer.ok ? { ...answer, data: shownTables(answer.data.groups, shownOrder, settled) } : answer;
}
