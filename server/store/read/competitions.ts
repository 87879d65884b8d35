import type { ApiLeagueEntry } from '../provider-types.ts';
import type { TournamentJson } from '../../../contract/shapes.ts';
import { foldAccents } from '../../../contract/text.ts';
import { parse, type ReadContext, type Row } from './context.ts';

/** Competitions and their seasons. */
export function competitionReads({ stmt }: ReadContext) {
  function currentSeason(leagueId: number): number | undefined {
    const row = stmt('SELECT year FROM seasons WHERE league_id = ? ORDER BY current DESC, year DESC LIMIT 1').get(leagueId) as
      | { year: number }
      | undefined;
    return row?.year;
  }

  function competitionExists(leagueId: number): boolean {
    return stmt('SELECT 1 FROM competitions WHERE id = ?').get(leagueId) !== undefined;
  }

  /** The seasons each competition has `teamId` in: its squad list, or a fixture it played (a cup draw). */
  function seasonsOfTeam(teamId: number): Map<number, Set<number>> {
    const rows = stmt(
      `SELECT league_id, season FROM season_teams WHERE team_id = ?
       UNION SELECT league_id, season FROM fixtures WHERE home_id = ? OR away_id = ?`,
    ).all(teamId, teamId, teamId) as Row[];
    const out = new Map<number, Set<number>>();
    for (const r of rows) {
      const set = out.get(r.league_id as number) ?? new Set<number>();
      set.add(r.season as number);
      out.set(r.league_id as number, set);
    }
    return out;
  }

  /**
   * The provider's `/leagues`: by id, country, season, current, type (league/cup, any case) and team (the
   * competitions the team plays or played in, each with only the seasons it took part in, as the provider answers).
   */
  function leagues(filter: { id?: number; country?: string; season?: number; current?: boolean; type?: string; team?: number }): ApiLeagueEntry[] {
    const rows = stmt('SELECT id, data FROM competitions ORDER BY id').all() as Row[];
    const wantCountry = filter.country ? foldAccents(filter.country) : undefined;
    const wantType = filter.type?.toLowerCase();
    const teamSeasons = filter.team === undefined ? undefined : seasonsOfTeam(filter.team);
    return rows
      .map((r) => parse<ApiLeagueEntry>(r))
      .filter((l) => filter.id === undefined || l.league.id === filter.id)
      .filter((l) => wantType === undefined || l.league.type.toLowerCase() === wantType)
      .map((l) => {
        if (!teamSeasons) return l;
        const years = teamSeasons.get(l.league.id);
        return years ? { ...l, seasons: l.seasons.filter((s) => years.has(s.year)) } : null;
      })
      .filter((l): l is ApiLeagueEntry => l !== null && l.seasons.length > 0)
      .filter((l) => wantCountry === undefined || foldAccents(l.country.name) === wantCountry)
      .filter((l) => filter.season === undefined || l.seasons.some((s) => s.year === filter.season))
      .filter((l) => !filter.current || l.seasons.some((s) => s.current));
  }

  function tournaments(): TournamentJson[] {
    const rows = stmt(
      `SELECT c.id, c.name, c.short_name, c.type, c.country, c.logo, s.year, s.start_date, s.end_date, s.current
       FROM competitions c JOIN seasons s ON s.league_id = c.id
       WHERE s.year = (SELECT year FROM seasons WHERE league_id = c.id ORDER BY current DESC, year DESC LIMIT 1)
       ORDER BY CASE c.id WHEN 242 THEN 0 WHEN 243 THEN 1 WHEN 13 THEN 2 WHEN 11 THEN 3 ELSE 4 END, c.id`,
    ).all() as Row[];
    return rows.map((r) => ({
      id: r.id as number,
      name: r.name as string,
      shortName: r.short_name as string,
      type: r.type as string,
      country: r.country as string,
      season: r.year as number,
      logo: r.logo as string,
      startDate: r.start_date as string,
      endDate: r.end_date as string,
      current: r.current === 1,
    }));
  }

  return { currentSeason, competitionExists, leagues, tournaments };
}

export type CompetitionReads = ReturnType<typeof competitionReads>;
