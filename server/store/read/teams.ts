import type { ApiTeamEntry } from '../provider-types.ts';
import { foldAccents } from '../../../contract/text.ts';
import { parse, type ReadContext, type Row } from './context.ts';
import type { CompetitionReads } from './competitions.ts';

/** A provider `/teams` entry from a row of teams joined with venues (venue columns prefixed where they clash). */
function teamEntry(r: Row): ApiTeamEntry {
  return {
    team: {
      id: r.id as number,
      name: r.name as string,
      code: (r.code as string | null) ?? null,
      country: (r.country as string | null) ?? null,
      founded: (r.founded as number | null) ?? null,
      national: r.national === 1,
      logo: r.logo as string,
    },
    venue: {
      id: (r.venue_id as number | null) ?? null,
      name: (r.venue_name as string | null) ?? null,
      address: (r.address as string | null) ?? null,
      city: (r.city as string | null) ?? null,
      capacity: (r.capacity as number | null) ?? null,
      surface: (r.surface as string | null) ?? null,
      image: (r.image as string | null) ?? null,
    },
  };
}

/** Clubs and national teams with their venues, and their season statistics. */
export function teamReads({ db, stmt }: ReadContext, { currentSeason }: Pick<CompetitionReads, 'currentSeason'>) {
  function teamEntries(where: string, args: Array<string | number>): ApiTeamEntry[] {
    const rows = db
      .prepare(
        `SELECT t.id, t.name, t.code, t.country, t.founded, t.national, t.logo,
                v.id AS venue_id, v.name AS venue_name, v.address, v.city, v.capacity, v.surface, v.image
         FROM teams t LEFT JOIN venues v ON v.id = t.venue_id ${where} ORDER BY t.name`,
      )
      .all(...args) as Row[];
    return rows.map(teamEntry);
  }

  function teams(filter: { id?: number; league?: number; season?: number; search?: string; country?: string }): ApiTeamEntry[] {
    if (filter.id !== undefined) return teamEntries('WHERE t.id = ?', [filter.id]);
    let list: ApiTeamEntry[];
    if (filter.league !== undefined) {
      const season = filter.season ?? currentSeason(filter.league);
      if (season === undefined) return [];
      list = teamEntries('WHERE t.id IN (SELECT team_id FROM season_teams WHERE league_id = ? AND season = ?)', [filter.league, season]);
    } else {
      list = teamEntries('', []);
    }
    if (filter.search) {
      const q = foldAccents(filter.search);
      list = list.filter((e) => foldAccents(e.team.name).includes(q) || (e.team.code && foldAccents(e.team.code) === q));
    }
    if (filter.country) {
      const c = foldAccents(filter.country);
      list = list.filter((e) => foldAccents(e.team.country ?? '') === c);
    }
    return list;
  }

  function teamExists(id: number): boolean {
    return stmt('SELECT 1 FROM teams WHERE id = ?').get(id) !== undefined;
  }

  /** Provider `/teams/statistics` objects of every team of a league's season (the build's bulk read). */
  function leagueTeamStatistics(leagueId: number, season: number): unknown[] {
    const rows = stmt(
      `SELECT s.data FROM team_statistics s JOIN teams t ON t.id = s.team_id WHERE s.league_id = ? AND s.season = ? ORDER BY t.name, s.team_id`,
    ).all(leagueId, season) as Row[];
    return rows.map((r) => parse<unknown>(r));
  }

  function teamStatistics(teamId: number, leagueId: number, season: number): unknown | undefined {
    const row = stmt('SELECT data FROM team_statistics WHERE team_id = ? AND league_id = ? AND season = ?').get(teamId, leagueId, season);
    return row ? parse<unknown>(row) : undefined;
  }

  /** The league a team plays its domestic season in (for statistics without `league`). */
  function primaryLeague(teamId: number): number | undefined {
    const row = stmt(
      `SELECT league_id FROM season_teams WHERE team_id = ?
       ORDER BY CASE league_id WHEN 242 THEN 0 WHEN 243 THEN 1 WHEN 34 THEN 2 ELSE 3 END, season DESC LIMIT 1`,
    ).get(teamId) as { league_id: number } | undefined;
    return row?.league_id;
  }

  return { teams, teamEntry, teamExists, teamStatistics, leagueTeamStatistics, primaryLeague };
}

export type TeamReads = ReturnType<typeof teamReads>;
