import type { ApiStandingRow } from '../provider-types.ts';
import { parse, type ReadContext, type Row } from './context.ts';
import type { CompetitionReads } from './competitions.ts';

/** League tables: a season's groups, in the provider's `/standings` shape. */
export function standingReads({ stmt }: ReadContext, { leagues }: Pick<CompetitionReads, 'leagues'>) {
  function standingGroups(leagueId: number, season: number): ApiStandingRow[][] {
    const rows = stmt('SELECT group_index, data FROM standings WHERE league_id = ? AND season = ? ORDER BY group_index, rank').all(
      leagueId,
      season,
    ) as Row[];
    const groups: ApiStandingRow[][] = [];
    for (const r of rows) (groups[r.group_index as number] ??= []).push(parse<ApiStandingRow>(r));
    return groups.filter(Boolean);
  }

  function standings(leagueId: number, season: number) {
    const league = leagues({ id: leagueId })[0];
    const groups = standingGroups(leagueId, season);
    if (!league || groups.length === 0) return [];
    return [
      {
        league: {
          id: league.league.id,
          name: league.league.name,
          country: league.country.name,
          logo: league.league.logo,
          flag: league.country.flag,
          season,
          standings: groups,
        },
      },
    ];
  }

  return { standingGroups, standings };
}

export type StandingReads = ReturnType<typeof standingReads>;
