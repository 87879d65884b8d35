import type { Db } from './db.ts';
import type {
  ApiFixtureEvent,
  ApiFixtureFull,
  ApiLeagueEntry,
  ApiLineup,
  ApiPlayer,
  ApiPlayerStatistics,
  ApiStandingRow,
  ApiTeamEntry,
  ApiTeamFixtureStatistics,
  ApiTransferEntry,
} from './provider-types.ts';
import { isFinishedStatus as isFinished, isLiveStatus as isLive, isUpcomingStatus as isUpcoming, LIVE_STATUSES } from '../../contract/status.ts';
import type { ArticleJson, TournamentJson } from '../../contract/shapes.ts';
import { fold, ftsQuery } from './text.ts';
import { QUERY_LIMITS } from '../../contract/limits.ts';

/** Reveals a clock-driven (demo) fixture as it stands at `nowMs`; see providers/demo/clock.ts. */
export type FixtureView = (plan: ApiFixtureFull, nowMs: number) => ApiFixtureFull;

export interface ReaderOptions {
  now: () => Date;
  viewFixture?: FixtureView;
}

export interface FixtureFilter {
  ids?: number[];
  league?: number;
  season?: number;
  team?: number;
  /** Matches between these two teams, either at home (`/fixtures/headtohead`). */
  h2h?: [number, number];
  round?: string;
  /** Epoch seconds, inclusive start and exclusive end. */
  fromTs?: number;
  toTs?: number;
  status?: string[];
  /** 'all', or only these leagues. */
  live?: 'all' | number[];
  next?: number;
  last?: number;
  /** Include events, lineups and statistics (single matches, and whole seasons for the build). */
  withDetails?: boolean;
}

export interface ArticleQuery {
  search?: string;
  keywords?: string[];
  sortByKeywords?: boolean;
  category?: string;
  page: number;
  limit: number;
  sort: 'createdAt' | 'views';
  order: 'asc' | 'desc';
  scheduledBefore?: string;
  targetWebsite?: string;
  /** List items carry `content` (the build's bulk read). */
  content?: boolean;
}

type Row = Record<string, unknown>;
const LIVE_SQL = LIVE_STATUSES.map((s) => `'${s}'`).join(',');
/** After this long past kickoff a synced match cannot still be in play (see `showsLive`). */
export const STALE_LIVE_SECONDS = 4 * 3600;
const parse = <T>(row: unknown): T => JSON.parse((row as { data: string }).data) as T;
const PLAYERS_PAGE_SIZE = QUERY_LIMITS.playersPage;

/** Provider `/players/squads` item. */
export interface ApiSquadEntry {
  team: { id: number; name: string; logo: string };
  players: Array<{ id: number; name: string; age: number | null; number: number | null; position: string | null; photo: string }>;
}

/**
 * Every read the data API makes. Answers are provider-shaped; clock-driven demo fixtures are
 * revealed as of `now()` so the same store shows a match going from kickoff to full time.
 */
export function createReader(db: Db, options: ReaderOptions) {
  const nowMs = () => options.now().getTime();
  const stmt = (() => {
    const cache = new Map<string, ReturnType<Db['prepare']>>();
    return (sql: string) => {
      let s = cache.get(sql);
      if (!s) {
        s = db.prepare(sql);
        cache.set(sql, s);
      }
      return s;
    };
  })();

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

  /**
   * Events, lineups and statistics of many fixtures in one query per table (a whole season for the
   * build). Lineups and statistics keep the provider's order (home team first): rowid is insertion order.
   */
  function detailsOf(ids: number[]): Map<number, Required<Pick<ApiFixtureFull, 'events' | 'lineups' | 'statistics'>>> {
    const out = new Map<number, Required<Pick<ApiFixtureFull, 'events' | 'lineups' | 'statistics'>>>();
    if (ids.length === 0) return out;
    for (const id of ids) out.set(id, { events: [], lineups: [], statistics: [] });
    const list = JSON.stringify(ids);
    // The provider lists lineups and statistics home team first; so do we, whatever the team ids.
    const read = (table: string, order: string) =>
      stmt(
        `SELECT d.fixture_id, d.data FROM ${table} d JOIN fixtures f ON f.id = d.fixture_id
         WHERE d.fixture_id IN (SELECT value FROM json_each(?)) ORDER BY d.fixture_id, ${order}`,
      ).all(list) as Row[];
    for (const r of read('fixture_events', 'd.seq')) out.get(r.fixture_id as number)!.events.push(parse<ApiFixtureEvent>(r));
    const homeFirst = 'd.team_id <> f.home_id, d.rowid';
    for (const r of read('fixture_lineups', homeFirst)) out.get(r.fixture_id as number)!.lineups.push(parse<ApiLineup>(r));
    for (const r of read('fixture_statistics', homeFirst)) out.get(r.fixture_id as number)!.statistics.push(parse<ApiTeamFixtureStatistics>(r));
    return out;
  }

  /** When the sync last wrote a league (epoch seconds), or undefined for data it never wrote. */
  function lastSync(leagueId: number): number | undefined {
    const row = stmt('SELECT value FROM meta WHERE key = ?').get(`sync.lastSuccess.${leagueId}`) as { value: string } | undefined;
    const ms = row ? Date.parse(row.value) : NaN;
    return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000);
  }

  /**
   * Whether a fixture is presented as in play. A synced match still marked live more than
   * STALE_LIVE_SECONDS after kickoff, with no sync of its league since that point, has surely ended
   * and the provider's update was missed: it keeps its last known state (status, minute, score) but
   * is left out of live lists and live cache ages. A sync after that point that still says live
   * (a long suspension) is believed.
   */
  function showsLive(f: ApiFixtureFull): boolean {
    if (!isLive(f.fixture.status.short)) return false;
    const deadline = f.fixture.timestamp + STALE_LIVE_SECONDS;
    if (nowMs() / 1000 <= deadline) return true;
    const synced = lastSync(f.league.id);
    return synced !== undefined && synced >= deadline;
  }

  function fixtures(filter: FixtureFilter): ApiFixtureFull[] {
    const where: string[] = [];
    const args: Array<string | number> = [];
    const t = Math.floor(nowMs() / 1000);
    if (filter.ids) {
      where.push(`id IN (${filter.ids.map(() => '?').join(',')})`);
      args.push(...filter.ids);
    }
    if (filter.league !== undefined) (where.push('league_id = ?'), args.push(filter.league));
    if (filter.season !== undefined) (where.push('season = ?'), args.push(filter.season));
    if (filter.team !== undefined) (where.push('(home_id = ? OR away_id = ?)'), args.push(filter.team, filter.team));
    if (filter.h2h) {
      const [a, b] = filter.h2h;
      (where.push('((home_id = ? AND away_id = ?) OR (home_id = ? AND away_id = ?))'), args.push(a, b, b, a));
    }
    if (filter.round !== undefined) (where.push('round = ?'), args.push(filter.round));
    if (filter.fromTs !== undefined) (where.push('timestamp >= ?'), args.push(filter.fromTs));
    if (filter.toTs !== undefined) (where.push('timestamp < ?'), args.push(filter.toTs));
    if (Array.isArray(filter.live)) {
      where.push(`league_id IN (${filter.live.map(() => '?').join(',')})`);
      args.push(...filter.live);
    }
    // Stored status is stale for clock-driven fixtures, so they stay candidates for status filters.
    if (filter.live) where.push(`(scripted = 1 OR status_short IN (${LIVE_SQL}))`);
    if (filter.next !== undefined) (where.push('timestamp >= ?'), args.push(t - 4 * 3600));
    if (filter.last !== undefined) (where.push('timestamp <= ?'), args.push(t));
    const order = filter.last !== undefined ? 'timestamp DESC, id DESC' : 'timestamp ASC, id ASC';
    const sql = `SELECT id, scripted, data FROM fixtures ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY ${order}`;
    const rows = db.prepare(sql).all(...args) as Row[];

    const view = options.viewFixture;
    // Live lists carry their events, as the provider's do.
    const needDetails = rows.filter((r) => filter.withDetails || filter.live || (r.scripted === 1 && view)).map((r) => r.id as number);
    const detailed = detailsOf(needDetails);
    let list: ApiFixtureFull[] = rows.map((r) => {
      const core = parse<ApiFixtureFull>(r);
      const scripted = r.scripted === 1 && view;
      if (!scripted && !filter.withDetails && !filter.live) return core;
      const full: ApiFixtureFull = { ...core, ...detailed.get(r.id as number) };
      const shown = scripted ? view(full, nowMs()) : full;
      if (filter.withDetails) return { ...shown, events: shown.events ?? [], lineups: shown.lineups ?? [], statistics: shown.statistics ?? [] };
      const { events, lineups: _l, statistics: _s, ...summary } = shown;
      return filter.live ? { ...summary, events: events ?? [] } : summary;
    });

    const statusOf = (f: ApiFixtureFull) => f.fixture.status.short;
    if (filter.status) list = list.filter((f) => filter.status!.includes(statusOf(f)));
    if (filter.live) list = list.filter(showsLive);
    if (filter.next !== undefined) list = list.filter((f) => isUpcoming(statusOf(f))).slice(0, filter.next);
    if (filter.last !== undefined) list = list.filter((f) => isFinished(statusOf(f))).slice(0, filter.last);
    return list;
  }

  function teamEntries(where: string, args: Array<string | number>): ApiTeamEntry[] {
    const rows = db
      .prepare(
        `SELECT t.id, t.name, t.code, t.country, t.founded, t.national, t.logo,
                v.id AS venue_id, v.name AS venue_name, v.address, v.city, v.capacity, v.surface, v.image
         FROM teams t LEFT JOIN venues v ON v.id = t.venue_id ${where} ORDER BY t.name`,
      )
      .all(...args) as Row[];
    return rows.map((r) => ({
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
    }));
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
      const q = fold(filter.search);
      list = list.filter((e) => fold(e.team.name).includes(q) || (e.team.code && fold(e.team.code) === q));
    }
    if (filter.country) {
      const c = fold(filter.country);
      list = list.filter((e) => fold(e.team.country ?? '') === c);
    }
    return list;
  }

  function teamExists(id: number): boolean {
    return stmt('SELECT 1 FROM teams WHERE id = ?').get(id) !== undefined;
  }

  /** The domestic league first: clients read the first entry (spec §3). */
  const domesticFirst = (list: ApiPlayerStatistics[]) =>
    list.sort((a, b) => Number(b.league.id === 242 || b.league.id === 243) - Number(a.league.id === 242 || a.league.id === 243));

  /** Statistics entries of many players in one query (of `season`, or of every season newest first). */
  function statisticsOf(playerIds: number[], season?: number): Map<number, ApiPlayerStatistics[]> {
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

  function statisticsFor(playerId: number, season?: number): ApiPlayerStatistics[] {
    return statisticsOf([playerId], season).get(playerId)!;
  }

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
      const q = fold(filter.search);
      rows = rows.filter((r) => fold(`${r.name} ${r.firstname ?? ''} ${r.lastname ?? ''}`).includes(q));
    }
    return pagedEntries(rows, filter.page, perPage, season);
  }

  /**
   * Provider `/players/squads` entries: one team's current squad, or every team of a league's season.
   * One query for the whole league.
   */
  function squads(filter: { team: number } | { league: number; season: number }) {
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
    return rows.map((r) => ({
      player: parse<ApiPlayer>(r),
      team: { id: r.team_id as number, name: r.team_name as string, logo: r.team_logo as string, country: r.team_country as string },
      statistics: statisticsFor(r.id as number),
    }));
  }

  function transfers(filter: { player?: number; team?: number; league?: number; season?: number }): ApiTransferEntry[] {
    if (filter.player !== undefined) {
      return (stmt('SELECT data FROM transfers WHERE player_id = ?').all(filter.player) as Row[]).map((r) => parse<ApiTransferEntry>(r));
    }
    if (filter.league !== undefined) {
      // Every player in the league's squads that season, in one query.
      const rows = stmt(
        `SELECT data FROM transfers WHERE player_id IN (
           SELECT s.player_id FROM squads s JOIN season_teams st ON st.team_id = s.team_id AND st.season = s.season
           WHERE st.league_id = ? AND st.season = ?)
         ORDER BY updated DESC, player_id`,
      ).all(filter.league, filter.season ?? currentSeason(filter.league) ?? 0) as Row[];
      return rows.map((r) => parse<ApiTransferEntry>(r));
    }
    const all = (stmt('SELECT data FROM transfers ORDER BY updated DESC').all() as Row[]).map((r) => parse<ApiTransferEntry>(r));
    if (filter.team === undefined) return all;
    return all.filter((e) => e.transfers.some((t) => t.teams.in.id === filter.team || t.teams.out.id === filter.team));
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

  function tournament(id: number) {
    const t = tournaments().find((x) => x.id === id);
    if (!t) return undefined;
    const matches = fixtures({ league: id, season: t.season });
    const phaseOf = (round: string) => round.replace(/\s*-\s*\d+$/, '');
    const phases: Array<{ name: string; rounds: string[] }> = [];
    const matchdays = new Map<string, { round: string; phase: string; startDate: string; endDate: string; matches: number }>();
    for (const m of matches) {
      const round = m.league.round;
      const phase = phaseOf(round);
      let p = phases.find((x) => x.name === phase);
      if (!p) phases.push((p = { name: phase, rounds: [] }));
      if (!p.rounds.includes(round)) p.rounds.push(round);
      const day = matchdays.get(round);
      if (!day) matchdays.set(round, { round, phase, startDate: m.fixture.date, endDate: m.fixture.date, matches: 1 });
      else {
        day.matches += 1;
        if (m.fixture.date < day.startDate) day.startDate = m.fixture.date;
        if (m.fixture.date > day.endDate) day.endDate = m.fixture.date;
      }
    }
    const upcoming = matches.find((m) => !isFinished(m.fixture.status.short));
    const currentRound = upcoming?.league.round ?? matches.at(-1)?.league.round ?? null;
    const groups = standingGroups(id, t.season).map((rows) => ({ name: rows[0]?.group ?? '', standings: rows }));
    return { ...t, currentRound, phases, groups, matchdays: [...matchdays.values()], matches };
  }

  // ---- news ----------------------------------------------------------------------------------

  function articleJson(r: Row, withContent: boolean): ArticleJson {
    const a: ArticleJson = {
      _id: r.id as string,
      title: r.title as string,
      slug: r.slug as string,
      summary: r.summary as string,
      description: r.summary as string,
      imageUrls: JSON.parse(r.image_urls as string) as string[],
      keywords: JSON.parse(r.keywords as string) as string[],
      category: r.category as string,
      createdAt: r.created_at as string,
      scheduledAt: r.scheduled_at as string,
      targetWebsite: r.target_website as string,
      views: r.views as number,
    };
    if (withContent) a.content = r.body_html as string;
    return a;
  }

  /** Articles scheduled after now are invisible, whatever `scheduledBefore` a client sends. */
  function visibleBefore(scheduledBefore?: string): string {
    const serverNow = options.now().toISOString();
    return scheduledBefore && scheduledBefore < serverNow ? scheduledBefore : serverNow;
  }

  const ARTICLE_COLUMNS = 'a.rowid, a.id, a.slug, a.title, a.summary, a.image_urls, a.keywords, a.category, a.created_at, a.scheduled_at, a.target_website, a.views';

  function articles(q: ArticleQuery): { data: ArticleJson[]; meta: { page: number; limit: number; total: number; totalPages: number } } {
    const where = ['a.scheduled_at <= ?'];
    const args: Array<string | number> = [visibleBefore(q.scheduledBefore)];
    if (q.targetWebsite) (where.push('a.target_website = ?'), args.push(q.targetWebsite));
    if (q.category) (where.push('a.category = ?'), args.push(q.category));
    let from = 'articles a';
    if (q.search !== undefined) {
      const match = ftsQuery(q.search);
      if (!match) return { data: [], meta: { page: q.page, limit: q.limit, total: 0, totalPages: 0 } };
      from = 'articles_fts f JOIN articles a ON a.rowid = f.rowid';
      where.push('articles_fts MATCH ?');
      args.push(match);
    }
    const column = q.sort === 'views' ? 'a.views' : 'a.created_at';
    const direction = q.order === 'asc' ? 'ASC' : 'DESC';
    let rows = db.prepare(`SELECT ${ARTICLE_COLUMNS}${q.content ? ', a.body_html' : ''} FROM ${from} WHERE ${where.join(' AND ')} ORDER BY ${column} ${direction}, a.id`).all(...args) as Row[];

    if (q.keywords?.length) {
      const wanted = new Set(q.keywords.map(fold));
      const score = (r: Row) => (JSON.parse(r.keywords as string) as string[]).filter((k) => wanted.has(fold(k))).length;
      const scored = rows.map((r) => ({ r, s: score(r) })).filter((x) => x.s > 0);
      // Stable sort keeps the requested order among articles sharing as many keywords.
      if (q.sortByKeywords) scored.sort((a, b) => b.s - a.s);
      rows = scored.map((x) => x.r);
    }
    const total = rows.length;
    const page = rows.slice((q.page - 1) * q.limit, q.page * q.limit);
    return {
      data: page.map((r) => articleJson(r, q.content === true)),
      meta: { page: q.page, limit: q.limit, total, totalPages: Math.ceil(total / q.limit) },
    };
  }

  function articleBySlug(slug: string, filter: { scheduledBefore?: string; targetWebsite?: string }): ArticleJson | undefined {
    const row = stmt(`SELECT ${ARTICLE_COLUMNS}, a.body_html FROM articles a WHERE a.slug = ? AND a.scheduled_at <= ?`).get(
      slug,
      visibleBefore(filter.scheduledBefore),
    ) as Row | undefined;
    if (!row || (filter.targetWebsite && row.target_website !== filter.targetWebsite)) return undefined;
    return articleJson(row, true);
  }

  /** One search for the /search page: news, teams and players. */
  function search(query: string, limit = 8) {
    const news = articles({ search: query, page: 1, limit, sort: 'createdAt', order: 'desc' }).data;
    const q = fold(query);
    const teamList = teams({}).filter((e) => fold(e.team.name).includes(q)).slice(0, limit);
    const playerRows = (stmt('SELECT id, name, firstname, lastname, data FROM players ORDER BY name').all() as Row[])
      .filter((r) => fold(`${r.name} ${r.firstname ?? ''} ${r.lastname ?? ''}`).includes(q))
      .slice(0, limit);
    return { query, news, teams: teamList, players: playerEntries(playerRows) };
  }

  return {
    currentSeason,
    competitionExists,
    leagues,
    tournaments,
    standings,
    standingGroups,
    fixtures,
    showsLive,
    teams,
    teamExists,
    players,
    squads,
    playerExists,
    leaders,
    playersAbroad,
    transfers,
    teamStatistics,
    leagueTeamStatistics,
    primaryLeague,
    tournament,
    articles,
    articleBySlug,
    search,
  };
}

export type Reader = ReturnType<typeof createReader>;
