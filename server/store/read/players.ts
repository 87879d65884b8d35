import type { ApiPlayer, ApiPlayerStatistics, ApiSquadEntry } from '../provider-types.ts';
import { QUERY_LIMITS } from '../../../contract/limits.ts';
import { foldAccents } from '../../../contract/text.ts';
import { parse, type ReadContext, type Row } from './context.ts';
import type { CompetitionReads } from './competitions.ts';

const PLAYERS_PAGE_SIZE = QUERY_LIMITS.playersPage;

/** The domestic league first: clients read the first entry (spec §3). */
const domesticFirst = (list: ApiPlayerStatistics[]) =>
  list.sort((a, b) => Number(b.league.id === 242 || b.league.id === 243) - Number(a.league.id === 242 || a.league.id === 243));

/** Statistics entries of many players in one query (of `season`, or of every season newest first). */
function statisticsOfPlayers(stmt: ReadContext['stmt'], playerIds: number[], season?: number): Map<number, ApiPlayerStatistics[]> {
  const out = new Map<number, ApiPlayerStatistics[]>(playerIds.map((id) => [id, []]));
  if (playerIds.length === 0) return out;
  const list = JSON.stringify(playerIds);
  const rows = (season === undefined
    ? stmt('SELECT player_id, data FROM player_stats WHERE player_id IN (SELECT value FROM json_each(?)) ORDER BY player_id, season DESC, league_id').all(list)
    : stmt('SELECT player_id, data FROM player_stats WHERE player_id IN (SELECT value FROM json_each(?)) AND season = ? ORDER BY player_id, league_id').all(
        list,
        season,
      )) as Row[];
  for (const r of rows) out.get(r.player_id as number)!.push(parse<ApiPlayerStatistics>(r));
  for (const entries of out.values()) domesticFirst(entries);
  return out;
}

/**
 * Provider `/players/squads` entries: one team's current squad, or every team of a league's season.
 * One query for the whole league.
 */
function squadsOf(stmt: ReadContext['stmt'], filter: { team: number } | { league: number; season: number }) {
  const where =
    'team' in filter
      ? 's.team_id = ? AND s.season = (SELECT MAX(season) FROM squads WHERE team_id = ?)'
      : 's.season = ? AND s.team_id IN (SELECT team_id FROM season_teams WHERE league_id = ? AND season = ?)';
  const args = 'team' in filter ? [filter.team, filter.team] : [filter.season, filter.league, filter.season];
  const rows = stmt(
    `SELECT s.team_id, t.name AS team_name, t.logo AS team_logo, s.number, s.position, p.data
     FROM squads s JOIN players p ON p.id = s.player_id JOIN teams t ON t.id = s.team_id
     WHERE ${where}
     ORDER BY t.name, s.team_id, CASE s.position WHEN 'Goalkeeper' THEN 0 WHEN 'Defender' THEN 1 WHEN 'Midfielder' THEN 2 ELSE 3 END, s.number, p.name`,
  ).all(...args) as Row[];
  const byTeam = new Map<number, ApiSquadEntry>();
  for (const r of rows) {
    const teamId = r.team_id as number;
    let entry = byTeam.get(teamId);
    if (!entry) byTeam.set(teamId, (entry = { team: { id: teamId, name: r.team_name as string, logo: r.team_logo as string }, players: [] }));
    const p = parse<ApiPlayer>(r);
    entry.players.push({
      id: p.id,
      name: p.name,
      age: p.age,
      number: (r.number as number | null) ?? null,
      position: (r.position as string | null) ?? null,
      photo: p.photo,
    });
  }
  return [...byTeam.values()];
}

/** Players with their statistics, squads, leaders. */
export function playerReads({ stmt }: ReadContext, { currentSeason }: Pick<CompetitionReads, 'currentSeason'>) {
  const statisticsOf = (playerIds: number[], season?: number) => statisticsOfPlayers(stmt, playerIds, season);

  function playerEntries(rows: Row[], season?: number) {
    const stats = statisticsOf(rows.map((r) => r.id as number), season);
    return rows.map((r) => ({ player: parse<ApiPlayer>(r), statistics: stats.get(r.id as number)! }));
  }

  /** Pages `list` and reads statistics only for the page shown. */
  function pagedEntries(rows: Row[], page: number, perPage: number, season?: number) {
    const total = Math.max(1, Math.ceil(rows.length / perPage));
    return { items: playerEntries(rows.slice((page - 1) * perPage, page * perPage), season), paging: { current: page, total } };
  }

  function players(filter: { id?: number; team?: number; season?: number; search?: string; league?: number; page: number; perPage?: number }) {
    const perPage = filter.perPage ?? PLAYERS_PAGE_SIZE;
    if (filter.id !== undefined) {
      const rows = stmt('SELECT id, data FROM players WHERE id = ?').all(filter.id) as Row[];
      return { items: playerEntries(rows, filter.season), paging: { current: 1, total: 1 } };
    }
    if (filter.team !== undefined) {
      const season = filter.season ?? latestSquadSeason(filter.team);
      const rows = stmt(
        `SELECT p.id, p.data FROM squads s JOIN players p ON p.id = s.player_id WHERE s.team_id = ? AND s.season = ?
         ORDER BY CASE s.position WHEN 'Goalkeeper' THEN 0 WHEN 'Defender' THEN 1 WHEN 'Midfielder' THEN 2 ELSE 3 END, s.number`,
      ).all(filter.team, season ?? 0) as Row[];
      return pagedEntries(rows, filter.page, perPage, season);
    }
    let rows: Row[];
    let season = filter.season;
    if (filter.league !== undefined) {
      season ??= currentSeason(filter.league) ?? 0;
      rows = stmt(
        'SELECT p.id, p.name, p.firstname, p.lastname, p.data FROM players p WHERE p.id IN (SELECT player_id FROM player_stats WHERE league_id = ? AND season = ?) ORDER BY p.name',
      ).all(filter.league, season) as Row[];
    } else {
      rows = stmt('SELECT id, name, firstname, lastname, data FROM players ORDER BY name').all() as Row[];
    }
    if (filter.search) {
      const q = foldAccents(filter.search);
      rows = rows.filter((r) => foldAccents(`${r.name} ${r.firstname ?? ''} ${r.lastname ?? ''}`).includes(q));
    }
    return pagedEntries(rows, filter.page, perPage, season);
  }

  function latestSquadSeason(teamId: number): number | undefined {
    const row = stmt('SELECT MAX(season) AS season FROM squads WHERE team_id = ?').get(teamId) as { season: number | null } | undefined;
    return row?.season ?? undefined;
  }

  function playerExists(id: number): boolean {
    return stmt('SELECT 1 FROM players WHERE id = ?').get(id) !== undefined;
  }

  function leaders(leagueId: number, season: number, by: 'goals' | 'assists', limit = 20) {
    const order = by === 'goals' ? 'ps.goals DESC, ps.assists DESC' : 'ps.assists DESC, ps.goals DESC';
    const rows = stmt(
      `SELECT p.data AS player, ps.data AS stats FROM player_stats ps JOIN players p ON p.id = ps.player_id
       WHERE ps.league_id = ? AND ps.season = ? AND ps.${by} > 0 ORDER BY ${order}, p.name LIMIT ?`,
    ).all(leagueId, season, limit) as Row[];
    return rows.map((r) => ({
      player: JSON.parse(r.player as string) as ApiPlayer,
      statistics: [JSON.parse(r.stats as string) as ApiPlayerStatistics],
    }));
  }

  /** Ecuadorians at clubs outside the portal's own competitions (for /extranjero). */
  function playersAbroad() {
    const rows = stmt(
      `SELECT p.id, p.data, t.id AS team_id, t.name AS team_name, t.logo AS team_logo, t.country AS team_country
       FROM players p JOIN teams t ON t.id = p.team_id
       WHERE p.nationality = 'Ecuador' AND t.national = 0 AND COALESCE(t.country, '') <> 'Ecuador'
       ORDER BY t.country, t.name, p.name`,
    ).all() as Row[];
    const stats = statisticsOf(rows.map((r) => r.id as number));
    return rows.map((r) => ({
      player: parse<ApiPlayer>(r),
      team: { id: r.team_id as number, name: r.team_name as string, logo: r.team_logo as string, country: r.team_country as string },
      statistics: stats.get(r.id as number)!,
    }));
  }

  /** Photos of many players in one query (for answers that name players but carry no profile: `/fixtures/players`). */
  function playerPhotos(playerIds: number[]): Map<number, string> {
    if (playerIds.length === 0) return new Map();
    const rows = stmt("SELECT id, json_extract(data, '$.photo') AS photo FROM players WHERE id IN (SELECT value FROM json_each(?))").all(JSON.stringify(playerIds)) as Row[];
    return new Map(rows.map((r) => [r.id as number, typeof r.photo === 'string' ? r.photo : '']));
  }

  const squads = (filter: Parameters<typeof squadsOf>[1]) => squadsOf(stmt, filter);

  return { players, playerEntries, squads, playerExists, leaders, playersAbroad, playerPhotos };
}
