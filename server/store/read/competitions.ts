import type { ApiLeagueEntry } from '../provider-types.ts';
import type { TournamentJson } from '../../../contract/shapes.ts';
import { fold } from '../text.ts';
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

  function leagues(filter: { id?: number; country?: string; season?: number; current?: boolean }): ApiLeagueEntry[] {
    const rows = stmt('SELECT id, data FROM competitions ORDER BY id').all() as Row[];
    const wantCountry = filter.country ? fold(filter.country) : undefined;
    return rows
      .map((r) => parse<ApiLeagueEntry>(r))
      .filter((l) => filter.id === undefined || l.league.id === filter.id)
      .filter((l) => wantCountry === undefined || fold(l.country.name) === wantCountry)
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
