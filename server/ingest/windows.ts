import { isLiveStatus, statusGroup } from '../../contract/status.ts';
import type { Db } from '../store/db.ts';
import { nextUtcMidnight } from './quota.ts';

/**
 * When the ingest's tracked matches need live polls: each match's window runs from kick-off − 15 min
 * to its expected final whistle + 15 min, and the quota planner spreads the day's requests over the
 * time those windows cover.
 */

const MINUTE_MS = 60_000;
export const WINDOW_BEFORE_MS = 15 * MINUTE_MS;
const WINDOW_AFTER_MS = 15 * MINUTE_MS;
/** A match's expected length from kick-off to final whistle (two halves, the break, stoppage). */
export const MATCH_LENGTH_MS = 115 * MINUTE_MS;

export interface TrackedFixture {
  id: number;
  league: number;
  kickoffMs: number;
  status: string;
}

/** The tracked leagues' matches from six hours ago to the end of the quota's day (00:00 UTC + 1 h). */
export function trackedFixtures(db: Db, leagues: readonly number[], nowMs: number): TrackedFixture[] {
  const rows = db
    .prepare(
      `SELECT id, league_id, timestamp, status_short FROM fixtures
       WHERE league_id IN (SELECT value FROM json_each(?)) AND timestamp BETWEEN ? AND ? ORDER BY timestamp`,
    )
    .all(JSON.stringify(leagues), Math.floor((nowMs - 6 * 3_600_000) / 1000), Math.floor(nextUtcMidnight(nowMs) / 1000) + 3_600) as Array<{
    id: number;
    league_id: number;
    timestamp: number;
    status_short: string;
  }>;
  return rows.map((r) => ({ id: r.id, league: r.league_id, kickoffMs: r.timestamp * 1000, status: r.status_short }));
}

/** In play or still to be played: not finished, awarded, postponed, cancelled or abandoned. */
export function isOpen(f: TrackedFixture): boolean {
  const group = statusGroup(f.status);
  return group === 'live' || group === 'upcoming';
}

/** Whether a match is in its live window now. */
export function inWindow(f: TrackedFixture, nowMs: number): boolean {
  if (isLiveStatus(f.status)) return true;
  if (!isOpen(f)) return false;
  return nowMs >= f.kickoffMs - WINDOW_BEFORE_MS && nowMs <= f.kickoffMs + MATCH_LENGTH_MS + WINDOW_AFTER_MS;
}

/** The time ahead today (to 00:00 UTC, when the quota resets) covered by open matches' windows. */
export function windowAheadMs(fixtures: TrackedFixture[], nowMs: number): number {
  const end = nextUtcMidnight(nowMs);
  const spans = fixtures
    .filter(isOpen)
    // A match still in play past its expected end (extra time, a stoppage) keeps a quarter of an hour ahead.
    .map((f) => {
      const expectedEnd = f.kickoffMs + MATCH_LENGTH_MS + WINDOW_AFTER_MS;
      const until = isLiveStatus(f.status) ? Math.max(expectedEnd, nowMs + WINDOW_AFTER_MS) : expectedEnd;
      return [Math.max(nowMs, f.kickoffMs - WINDOW_BEFORE_MS), Math.min(end, until)];
    })
    .filter(([a, b]) => b > a)
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let reach = -Infinity;
  for (const [a, b] of spans) {
    const from = Math.max(a, reach);
    if (b > from) total += b - from;
    reach = Math.max(reach, b);
  }
  return total;
}

/** How far ahead the daily reading of absences looks: today's and tomorrow's matches. */
export const ABSENCES_AHEAD_MS = 36 * 3_600_000;

/** The tracked leagues' matches not yet started that kick off within ABSENCES_AHEAD_MS, soonest first. */
export function comingFixtureIds(db: Db, leagues: readonly number[], nowMs: number, limit: number): number[] {
  const rows = db
    .prepare(
      `SELECT id FROM fixtures WHERE league_id IN (SELECT value FROM json_each(?)) AND status_short IN ('NS', 'TBD')
       AND timestamp > ? AND timestamp <= ? ORDER BY timestamp, id LIMIT ?`,
    )
    .all(JSON.stringify(leagues), Math.floor(nowMs / 1000), Math.floor((nowMs + ABSENCES_AHEAD_MS) / 1000), limit) as Array<{ id: number }>;
  return rows.map((r) => r.id);
}

/**
 * The clubs of the tracked leagues' matches not yet started within ABSENCES_AHEAD_MS (the matches whose
 * absences are read), soonest first, each pair once whichever club is at home: [home, away] of its first match.
 */
export function comingPairs(db: Db, leagues: readonly number[], nowMs: number): Array<[number, number]> {
  const rows = db
    .prepare(
      `SELECT home_id, away_id FROM fixtures WHERE league_id IN (SELECT value FROM json_each(?)) AND status_short IN ('NS', 'TBD')
       AND timestamp > ? AND timestamp <= ? ORDER BY timestamp, id`,
    )
    .all(JSON.stringify(leagues), Math.floor(nowMs / 1000), Math.floor((nowMs + ABSENCES_AHEAD_MS) / 1000)) as Array<{ home_id: number; away_id: number }>;
  const seen = new Set<string>();
  const pairs: Array<[number, number]> = [];
  for (const { home_id: home, away_id: away } of rows) {
    const key = pairKey(home, away);
    if (home <= 0 || away <= 0 || home === away || seen.has(key)) continue;
    seen.add(key);
    pairs.push([home, away]);
  }
  return pairs;
}

/** A pair of clubs as one key, whichever is at home: "1148-1156". */
export function pairKey(a: number, b: number): string {
  return a < b ? `${a}-${b}` : `${b}-${a}`;
}
