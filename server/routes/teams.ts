import { HttpError } from '../http/envelope.ts';
import { ID_MESSAGES, optionalId, optionalSeason, optionalText } from '../http/validate.ts';
import type { Routes } from './context.ts';
import type { ApiTeamEntry } from '../../contract/api-football.ts';

/** Teams: /teams and their season statistics (/teams/statistics and its older aliases). */
export function registerTeamRoutes({ football, reader, leagueParam, teamParam, seasonFor, searchParam }: Routes): void {
  football('/teams', (q) => {
    const id = optionalId(q.id, 'id', ID_MESSAGES.team);
    if (id !== undefined) {
      const list = reader.teams({ id });
      if (list.length === 0) throw new HttpError(404, `Team with ID ${id} not found`, 'id');
      return { response: list satisfies ApiTeamEntry[], kind: 'tables' };
    }
    const league = leagueParam(q, false);
    return {
      response: reader.teams({ league, season: optionalSeason(q.season), search: searchParam(q.search), country: optionalText(q.country, 60) }) satisfies ApiTeamEntry[],
      kind: 'tables',
    };
  });

  const teamStatistics = (teamValue: string | undefined, leagueValue: string | undefined, seasonValue: string | undefined) => {
    const team = teamParam(teamValue);
    if (team === undefined) throw new HttpError(400, 'Missing required parameter: team', 'team');
    const league = optionalId(leagueValue, 'league', ID_MESSAGES.league) ?? reader.primaryLeague(team);
    if (league === undefined) throw new HttpError(404, `No statistics for team ${team}`, 'team');
    const season = seasonFor(league, optionalSeason(seasonValue));
    const stats = season === undefined ? undefined : reader.teamStatistics(team, league, season);
    if (!stats) throw new HttpError(404, `No statistics for team ${team} in league ${league}, season ${season ?? 'current'}`, 'team');
    return { response: stats, kind: 'tables' as const };
  };
  football('/team-statistics', (q) => teamStatistics(q.team, q.league, q.season));
  football('/statistics', (q) => teamStatistics(q.team, q.league, q.season));
  // Provider path: with `team` one object; without it (bulk, for the build) one per team of the league.
  football('/teams/statistics', (q) => {
    if (q.team !== undefined) return teamStatistics(q.team, q.league, q.season);
    const league = leagueParam(q, false);
    if (league === undefined) throw new HttpError(400, 'Missing required parameter: team or league', 'team');
    const season = seasonFor(league, optionalSeason(q.season));
    return { response: season === undefined ? [] : reader.leagueTeamStatistics(league, season), kind: 'tables' as const };
  });
  football('/teams/:id/statistics', (q, c) => teamStatistics(c.req.param('id'), q.leagueId ?? q.league, q.season));
}
