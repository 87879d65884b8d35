import { ID_MESSAGES, optionalEnum, optionalId, optionalSeason, optionalText } from '../http/validate.ts';
import type { Routes } from './context.ts';
import type { ApiLeagueEntry, ApiStandingsEntry } from '../../contract/api-football.ts';
import type { TournamentJson } from '../../contract/shapes.ts';

/** Competitions and their tables: /leagues, /tournaments, /standings, /positions. */
export function registerCompetitionRoutes({ football, reader, leagueParam, teamParam, seasonFor }: Routes): void {
  football('/leagues', (q) => ({
    response: reader.leagues({
      id: optionalId(q.id, 'id', ID_MESSAGES.league),
      country: optionalText(q.country, 60),
      season: optionalSeason(q.season),
      current: q.current === 'true',
      // The provider's values are lower case; any case is accepted, anything else is a 400.
      type: optionalEnum(q.type?.toLowerCase(), 'type', ['league', 'cup'] as const),
      team: teamParam(q.team),
    }) satisfies ApiLeagueEntry[],
    kind: 'reference',
  }));

  football('/tournaments', () => ({ response: reader.tournaments() satisfies TournamentJson[], kind: 'tables' }));

  football('/standings', (q) => {
    const league = leagueParam(q, true)!;
    const season = seasonFor(league, optionalSeason(q.season));
    return { response: (season === undefined ? [] : reader.standings(league, season)) satisfies ApiStandingsEntry[], kind: 'tables' };
  });

  football('/positions', (q) => {
    const league = leagueParam(q, true)!;
    const season = seasonFor(league, optionalSeason(q.season));
    const groups = season === undefined ? [] : reader.standingGroups(league, season);
    return { response: groups.map((rows) => ({ group: rows[0]?.group ?? '', standings: rows })), kind: 'tables' };
  });
}
