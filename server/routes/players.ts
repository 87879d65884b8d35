import { BULK_PER_PAGE_PARAM, QUERY_LIMITS } from '../../contract/index.ts';
import { HttpError } from '../http/envelope.ts';
import { ID_MESSAGES, optionalCount, optionalId, optionalSeason } from '../http/validate.ts';
import type { Routes } from './context.ts';
import type { ApiPlayerEntry, ApiSquadEntry } from '../../contract/api-football.ts';

/** Players: /players (paged, per_page for the build), /players/squads, /players/abroad, leaders. */
export function registerPlayerRoutes({ football, reader, leagueParam, teamParam, seasonFor, searchParam }: Routes): void {
  football('/players', (q) => {
    const page = optionalCount(q.page, 'page', 1000) ?? 1;
    const perPage = optionalCount(q[BULK_PER_PAGE_PARAM], BULK_PER_PAGE_PARAM, QUERY_LIMITS.playersPerPageMax);
    const id = optionalId(q.id, 'id', ID_MESSAGES.player);
    const season = optionalSeason(q.season);
    if (id !== undefined) {
      if (!reader.playerExists(id)) throw new HttpError(404, 'Player not found', 'id');
      return { response: reader.players({ id, season, page }).items satisfies ApiPlayerEntry[], kind: 'tables' };
    }
    const team = teamParam(q.team);
    const league = leagueParam(q, false);
    const search = searchParam(q.search);
    if (team === undefined && league === undefined && search === undefined) {
      throw new HttpError(400, 'At least one of id, team, league or search is required', 'players');
    }
    const { items, paging } = reader.players({ team, league, season, search, page, perPage });
    return { response: items satisfies ApiPlayerEntry[], paging, kind: 'tables' };
  });

  // Provider /players/squads: one team's current squad, or (bulk, for the build) every team of a league.
  football('/players/squads', (q) => {
    const team = teamParam(q.team);
    if (team !== undefined) return { response: reader.squads({ team }) satisfies ApiSquadEntry[], kind: 'tables' };
    const league = leagueParam(q, false);
    if (league === undefined) throw new HttpError(400, 'Missing required parameter: team or league', 'team');
    const season = seasonFor(league, optionalSeason(q.season));
    return { response: (season === undefined ? [] : reader.squads({ league, season })) satisfies ApiSquadEntry[], kind: 'tables' };
  });

  football('/players/abroad', () => ({ response: reader.playersAbroad(), kind: 'tables' }));

  // `/players/topscorers` and `/players/topassists` are the provider's paths; the short ones came first.
  for (const [path, by] of [
    ['/topscorers', 'goals'], ['/topassists', 'assists'], ['/players/topscorers', 'goals'], ['/players/topassists', 'assists'],
  ] as const) {
    football(path, (q) => {
      const league = leagueParam(q, true)!;
      const season = seasonFor(league, optionalSeason(q.season));
      return { response: (season === undefined ? [] : reader.leaders(league, season, by)) satisfies ApiPlayerEntry[], kind: 'tables' };
    });
  }
}
