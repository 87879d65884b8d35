import type { ApiFixtureCore, ApiFixtureEvent, ApiFixtureFull, ApiLineup, ApiTeamFixtureStatistics } from '../provider-types.ts';
import { isFinishedStatus as isFinished, isLiveStatus as isLive, isUpcomingStatus as isUpcoming, LIVE_STATUSES } from '../../../contract/status.ts';
import type { HeadToHeadPairEntry } from '../../../contract/bulk.ts';
import { parse, type ReadContext, type Row } from './context.ts';

export interface FixtureFilter {
  ids?: number[];
  league?: number;
  season?: number;
  team?: number;
  /**
   * Matches between these two teams, either at home (`/fixtures/headtohead`): the stored seasons' and the
   * meetings of earlier seasons the ingest asked the provider for (table `head_to_head`, read only here).
   */
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
  /** Include events, lineups, statistics and players' ratings (single matches, and whole seasons for the build). */
  withDetails?: boolean;
}

/** What a fixture with details adds to its core: the lists of `/fixtures?ids=`. */
type Details = Required<Pick<ApiFixtureFull, 'events' | 'lineups' | 'statistics' | 'players'>>;

/** The columns `fixtures` and `head_to_head` share (schema v6). */
const COLUMNS = 'id, league_id, season, round, timestamp, status_short, home_id, away_id, data';

const LIVE_SQL = LIVE_STATUSES.map((s) => `'${s}'`).join(',');
/** After this long past kickoff a synced match cannot still be in play (see `showsLive`). */
export const STALE_LIVE_SECONDS = 4 * 3600;

/**
 * The `players` list of each fixture as far as the store knows it: who was rated, for how long he
 * played, the rating; names and teams as the line-ups (already read) give them, home team first.
 */
function addRatings(stmt: ReadContext['stmt'], idsJson: string, out: Map<number, Details>): void {
  const ratings = stmt(
    `SELECT fixture_id, team_id, player_id, minutes, rating FROM fixture_player_ratings
     WHERE fixture_id IN (SELECT value FROM json_each(?)) ORDER BY fixture_id, rowid`,
  ).all(idsJson) as Array<{ fixture_id: number; team_id: number; player_id: number; minutes: number | null; rating: string }>;
  for (const r of ratings) {
    const details = out.get(r.fixture_id)!;
    const lineup = details.lineups.find((l) => l.team.id === r.team_id);
    if (!lineup) continue;
    let side = details.players.find((s) => s.team.id === r.team_id);
    if (!side) details.players.push((side = { team: lineup.team, players: [] }));
    const name = [...lineup.startXI, ...lineup.substitutes].find((e) => e.player.id === r.player_id)?.player.name ?? '';
    side.players.push({ player: { id: r.player_id, name }, statistics: [{ games: { minutes: r.minutes, rating: r.rating } }] });
  }
  const lineupIndex = (details: Details, teamId: number) => details.lineups.findIndex((l) => l.team.id === teamId);
  for (const details of out.values()) details.players.sort((a, b) => lineupIndex(details, a.team.id) - lineupIndex(details, b.team.id));
}

/** Fixtures as the store holds them (the ingest keeps them current), with their details. */
export function fixtureReads({ db, stmt, nowMs }: ReadContext) {
  /**
   * Events, lineups and statistics of many fixtures in one query per table (a whole season for the
   * build). Lineups and statistics keep the provider's order (home team first): rowid is insertion order.
   */
  function detailsOf(ids: number[]): Map<number, Details> {
    const out = new Map<number, Details>();
    if (ids.length === 0) return out;
    for (const id of ids) out.set(id, { events: [], lineups: [], statistics: [], players: [] });
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
    addRatings(stmt, list, out);
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
    /** One condition of the query, with its values, when the filter asks for it. */
    const when = (asked: boolean, condition: string, ...values: Array<string | number>) => {
      if (!asked) return;
      where.push(condition);
      args.push(...values);
    };
    const marks = (list: readonly unknown[]) => list.map(() => '?').join(',');
    const t = Math.floor(nowMs() / 1000);
    const [a, b] = filter.h2h ?? [];
    const liveLeagues = Array.isArray(filter.live) ? filter.live : null;
    when(Boolean(filter.ids), `id IN (${marks(filter.ids ?? [])})`, ...(filter.ids ?? []));
    when(filter.league !== undefined, 'league_id = ?', filter.league!);
    when(filter.season !== undefined, 'season = ?', filter.season!);
    when(filter.team !== undefined, '(home_id = ? OR away_id = ?)', filter.team!, filter.team!);
    when(Boolean(filter.h2h), '((home_id = ? AND away_id = ?) OR (home_id = ? AND away_id = ?))', a!, b!, b!, a!);
    when(filter.round !== undefined, 'round = ?', filter.round!);
    when(filter.fromTs !== undefined, 'timestamp >= ?', filter.fromTs!);
    when(filter.toTs !== undefined, 'timestamp < ?', filter.toTs!);
    when(liveLeagues !== null, `league_id IN (${marks(liveLeagues ?? [])})`, ...(liveLeagues ?? []));
    when(Boolean(filter.live), `status_short IN (${LIVE_SQL})`);
    when(filter.next !== undefined, 'timestamp >= ?', t - 4 * 3600);
    when(filter.last !== undefined, 'timestamp <= ?', t);
    const order = filter.last !== undefined ? 'timestamp DESC, id DESC' : 'timestamp ASC, id ASC';
    // Only a head-to-head reads the meetings of earlier seasons; a fixture in both tables is the season's.
    const from = filter.h2h ? `(SELECT ${COLUMNS} FROM fixtures UNION ALL SELECT ${COLUMNS} FROM head_to_head WHERE id NOT IN (SELECT id FROM fixtures))` : 'fixtures';
    const sql = `SELECT id, data FROM ${from} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY ${order}`;
    const rows = db.prepare(sql).all(...args) as Row[];

    // Live lists carry their events, as the provider's do.
    const needDetails = filter.withDetails || filter.live ? rows.map((r) => r.id as number) : [];
    const detailed = detailsOf(needDetails);
    let list: ApiFixtureFull[] = rows.map((r) => {
      const core = parse<ApiFixtureFull>(r);
      if (!filter.withDetails && !filter.live) return core;
      const details = detailed.get(r.id as number)!;
      return filter.withDetails ? { ...core, ...details } : { ...core, events: details.events };
    });

    const statusOf = (f: ApiFixtureFull) => f.fixture.status.short;
    if (filter.status) list = list.filter((f) => filter.status!.includes(statusOf(f)));
    if (filter.live) list = list.filter(showsLive);
    if (filter.next !== undefined) list = list.filter((f) => isUpcoming(statusOf(f))).slice(0, filter.next);
    if (filter.last !== undefined) list = list.filter((f) => isFinished(statusOf(f))).slice(0, filter.last);
    return list;
  }

  return { fixtures, showsLive };
}

export type FixtureReads = ReturnType<typeof fixtureReads>;

/** The meetings of earlier seasons by pair (schema v6), for the build. */
export function headToHeadReads({ stmt }: ReadContext) {
  /**
   * The build's bulk read of earlier meetings (contract/bulk.ts): every pair of clubs that meets in a
   * league's season and that the ingest asked the provider about, with the day it asked and the stored
   * meetings outside the tracked seasons, newest first (none when the provider knew of none).
   */
  function earlierMeetings(league: number, season: number): HeadToHeadPairEntry[] {
    const pairs = stmt(
      `SELECT a.team_a, a.team_b, a.day FROM head_to_head_asked a
       WHERE EXISTS (SELECT 1 FROM fixtures f WHERE f.league_id = ? AND f.season = ?
         AND ((f.home_id = a.team_a AND f.away_id = a.team_b) OR (f.home_id = a.team_b AND f.away_id = a.team_a)))
       ORDER BY a.team_a, a.team_b`,
    ).all(league, season) as Array<{ team_a: number; team_b: number; day: string }>;
    const meetings = stmt(`SELECT id, data FROM head_to_head WHERE (home_id = ? AND away_id = ?) OR (home_id = ? AND away_id = ?) ORDER BY timestamp DESC, id DESC`);
    return pairs.map((p) => ({
      teams: [p.team_a, p.team_b],
      asked: p.day,
      meetings: (meetings.all(p.team_a, p.team_b, p.team_b, p.team_a) as Row[]).map((r) => parse<ApiFixtureCore>(r)),
    }));
  }

  return { earlierMeetings };
}
