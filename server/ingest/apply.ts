import type { LiveChangeKind, LiveEventJson, LiveFixtureChange } from '../../contract/live.ts';
import { transaction, type Db } from '../store/db.ts';
import type { ApiFixtureFull, ApiLineup, ApiPlayerEntry, ApiStandingRow, ApiTeamFixtureStatistics, ApiTeamStatistics } from '../store/provider-types.ts';
import { writeMatchRatings, writeStandings } from '../store/write.ts';

/**
 * The ingest's one write path into the football store: what a provider answered (a live list, a
 * match's details, a league's standings or leaders) is compared with what the store holds, written
 * when it differs, and described as the changes readers must see (contract/live.ts). Writing what is
 * already there changes nothing and publishes nothing, so a poll that brings no news costs readers
 * nothing and a restart that fetches again publishes nothing twice.
 */

const json = (value: unknown) => JSON.stringify(value);

type FixtureCore = Omit<ApiFixtureFull, 'events' | 'lineups' | 'statistics' | 'players'>;

function coreOf(f: ApiFixtureFull): FixtureCore {
  const { events: _e, lineups: _l, statistics: _s, players: _p, ...core } = f as ApiFixtureFull & { players?: unknown };
  return core;
}

const sameScore = (a: FixtureCore, b: FixtureCore) => json(a.goals) === json(b.goals) && json(a.score) === json(b.score);
const sameStatus = (a: FixtureCore, b: FixtureCore) => json(a.fixture.status) === json(b.fixture.status);

/** Whether `next` is `previous` with events added at the end (a goal, a card): then only those travel. */
function appended(previous: string[], next: string[]): boolean {
  return next.length > previous.length && previous.every((e, i) => e === next[i]);
}

export interface FixtureWriteOptions {
  /** The answer carries lineups and statistics (`fixtures?ids=`): replace the stored ones. */
  details?: boolean;
}

/**
 * Writes fixtures as the provider sent them. A fixture the store does not know (a league the daily
 * refresh has not brought yet) is left alone: its teams and round come with that refresh.
 * Returns one change per fixture whose status, score, events, line-ups or statistics differ from the store's.
 */
export function writeFixtures(db: Db, fixtures: readonly ApiFixtureFull[], options: FixtureWriteOptions = {}): LiveFixtureChange[] {
  const changes: LiveFixtureChange[] = [];
  const readCore = db.prepare('SELECT data FROM fixtures WHERE id = ?');
  const readEvents = db.prepare('SELECT data FROM fixture_events WHERE fixture_id = ? ORDER BY seq');
  const updateCore = db.prepare('UPDATE fixtures SET data = ?, status_short = ?, timestamp = ?, round = ? WHERE id = ?');
  const deleteEvents = db.prepare('DELETE FROM fixture_events WHERE fixture_id = ?');
  const insertEvent = db.prepare('INSERT INTO fixture_events (fixture_id, seq, data) VALUES (?, ?, ?)');
  // In the order they were written (the provider's: home first), as they would be written again.
  const readLineups = db.prepare('SELECT data FROM fixture_lineups WHERE fixture_id = ? ORDER BY rowid');
  const readStatistics = db.prepare('SELECT data FROM fixture_statistics WHERE fixture_id = ? ORDER BY rowid');
  const deleteLineups = db.prepare('DELETE FROM fixture_lineups WHERE fixture_id = ?');
  const insertLineup = db.prepare('INSERT OR REPLACE INTO fixture_lineups (fixture_id, team_id, data) VALUES (?, ?, ?)');
  const deleteStatistics = db.prepare('DELETE FROM fixture_statistics WHERE fixture_id = ?');
  const insertStatistics = db.prepare('INSERT OR REPLACE INTO fixture_statistics (fixture_id, team_id, data) VALUES (?, ?, ?)');

  transaction(db, () => {
    for (const f of fixtures) {
      const id = f.fixture.id;
      const stored = readCore.get(id) as { data: string } | undefined;
      if (!stored) continue;
      const before = JSON.parse(stored.data) as FixtureCore;
      const after = coreOf(f);
      const kinds: LiveChangeKind[] = [];
      if (!sameScore(before, after)) kinds.push('score');
      if (!sameStatus(before, after)) kinds.push('status');
      if (json(before) !== json(after)) updateCore.run(json(after), after.fixture.status.short, after.fixture.timestamp, after.league.round, id);

      let newEvents: LiveEventJson[] | undefined;
      let allEvents: LiveEventJson[] | undefined;
      if (f.events) {
        const previous = (readEvents.all(id) as Array<{ data: string }>).map((r) => r.data);
        const next = f.events.map(json);
        if (json(previous) !== json(next)) {
          kinds.push('event');
          if (appended(previous, next)) {
            newEvents = f.events.slice(previous.length) as LiveEventJson[];
            next.slice(previous.length).forEach((e, i) => insertEvent.run(id, previous.length + i, e));
          } else {
            allEvents = f.events as LiveEventJson[];
            deleteEvents.run(id);
            next.forEach((e, i) => insertEvent.run(id, i, e));
          }
        }
      }
      let lineups: ApiLineup[] | undefined;
      let statistics: ApiTeamFixtureStatistics[] | undefined;
      if (options.details) {
        // Pushed when they changed (line-ups at kick-off, statistics in play), so an open match page
        // shows what the API has without asking; the same lists written again publish nothing.
        const stored = (read: typeof readLineups) => (read.all(id) as Array<{ data: string }>).map((r) => r.data);
        if (f.lineups && json(stored(readLineups)) !== json(f.lineups.map(json))) {
          deleteLineups.run(id);
          for (const l of f.lineups) insertLineup.run(id, l.team.id, json(l));
          kinds.push('lineups');
          lineups = f.lineups;
        }
        if (f.statistics && json(stored(readStatistics)) !== json(f.statistics.map(json))) {
          deleteStatistics.run(id);
          for (const s of f.statistics) insertStatistics.run(id, s.team.id, json(s));
          kinds.push('statistics');
          statistics = f.statistics;
        }
        // Ratings reach readers with the page the whistle rebuilds, not by push: nothing to publish.
        if (f.players) writeMatchRatings(db, id, f.players);
      }
      if (kinds.length === 0) continue;
      const base = {
        league: after.league.id,
        season: after.league.season,
        fixture: id,
        status: { ...after.fixture.status, extra: after.fixture.status.extra ?? null },
        goals: after.goals,
        score: after.score,
      };
      // A goal stays under 1 KB on the wire: line-ups and statistics (1-3 KB) travel in a change of
      // their own, after the score's.
      const core = kinds.filter((kind) => kind !== 'lineups' && kind !== 'statistics');
      const details = kinds.filter((kind) => kind === 'lineups' || kind === 'statistics');
      if (core.length) changes.push({ ...base, kinds: core, ...(newEvents ? { newEvents } : {}), ...(allEvents ? { events: allEvents } : {}) });
      if (details.length) changes.push({ ...base, kinds: details, ...(lineups ? { lineups } : {}), ...(statistics ? { statistics } : {}) });
    }
  });
  return changes;
}

/** Replaces a league's standings when they differ from the stored ones; true when they did. */
export function writeStandingsIfChanged(db: Db, league: number, season: number, groups: ApiStandingRow[][]): boolean {
  const stored = db
    .prepare('SELECT data FROM standings WHERE league_id = ? AND season = ? ORDER BY group_index, rank')
    .all(league, season) as Array<{ data: string }>;
  const next = groups.flat().map(json);
  // An empty answer never wipes a table; the same rows (each carries its rank and group) mean nothing moved.
  if (next.length === 0 || json(stored.map((r) => r.data).sort()) === json([...next].sort())) return false;
  transaction(db, () => writeStandings(db, league, season, groups));
  return true;
}

/**
 * Season figures of the players a leaders' list names (`players/topscorers`, `players/topassists`):
 * their line for this league is replaced; players not on the list keep theirs. True when any moved.
 */
export function writePlayerLeaders(db: Db, league: number, season: number, entries: readonly ApiPlayerEntry[]): boolean {
  const read = db.prepare('SELECT data FROM player_stats WHERE player_id = ? AND league_id = ? AND season = ? AND team_id = ?');
  const upsert = db.prepare(
    'INSERT OR REPLACE INTO player_stats (player_id, league_id, season, team_id, goals, assists, data) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const known = db.prepare('SELECT 1 FROM players WHERE id = ?');
  let changed = false;
  transaction(db, () => {
    for (const { player, statistics } of entries) {
      // A player the store has never seen comes with the weekly squads; a figure without him would dangle.
      if (!known.get(player.id)) continue;
      for (const s of statistics) {
        if (s.league.id !== league || s.league.season !== season) continue;
        const data = json(s);
        const stored = read.get(player.id, league, season, s.team.id) as { data: string } | undefined;
        if (stored?.data === data) continue;
        upsert.run(player.id, league, season, s.team.id, s.goals.total ?? 0, s.goals.assists ?? 0, data);
        changed = true;
      }
    }
  });
  return changed;
}

/** A team's season statistics in a league (`teams/statistics`). True when they changed. */
export function writeTeamStatistics(db: Db, league: number, season: number, statistics: ApiTeamStatistics): boolean {
  const data = json(statistics);
  const stored = db.prepare('SELECT data FROM team_statistics WHERE league_id = ? AND season = ? AND team_id = ?').get(league, season, statistics.team.id) as
    | { data: string }
    | undefined;
  if (stored?.data === data) return false;
  db.prepare('INSERT OR REPLACE INTO team_statistics (league_id, season, team_id, data) VALUES (?, ?, ?, ?)').run(league, season, statistics.team.id, data);
  return true;
}
