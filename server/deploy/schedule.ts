import { createHash } from 'node:crypto';
import type { Db } from '../store/db.ts';
import type { Rebuilder } from './rebuilds.ts';

/**
 * Rebuilds nobody has to ask for: every `REBUILD_EVERY` (e.g. `6h`), when the tournament or team
 * listings in the store changed (a provider sync in this process or in `npm run sync`: a new phase, a
 * promoted club, a renamed team), and when an embargoed article's scheduled time passes, so it is on
 * the site within a check interval plus one build of its time.
 */
const CHECK_MS = 30_000;
const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `90s`, `30m`, `6h`, `1d` → milliseconds; empty → null (off); anything else throws. */
export function parseEvery(value: string | undefined): number | null {
  if (!value?.trim()) return null;
  const match = /^(\d+)\s*([smhd])$/i.exec(value.trim());
  const ms = match ? Number(match[1]) * UNITS[match[2]!.toLowerCase()]! : NaN;
  if (!Number.isFinite(ms) || ms < 60_000) throw new Error(`REBUILD_EVERY must be a duration of at least 1m such as 30m, 6h or 1d, got "${value}"`);
  return ms;
}

/** What the site's listings are made of: competitions, their seasons, teams and who plays where. */
export function listingsSignature(db: Db): string {
  const hash = createHash('sha1');
  for (const sql of [
    'SELECT id, name, short_name, type, country, logo, data FROM competitions ORDER BY id',
    'SELECT league_id, year, start_date, end_date, current FROM seasons ORDER BY league_id, year',
    'SELECT id, name, code, country, logo FROM teams ORDER BY id',
    'SELECT league_id, season, team_id FROM season_teams ORDER BY league_id, season, team_id',
  ]) {
    for (const row of db.prepare(sql).iterate()) hash.update(JSON.stringify(Object.values(row as object)));
    hash.update('|');
  }
  return hash.digest('base64url');
}

/** Articles whose embargo ended in (after, until]: ISO strings compare in time order. */
export function embargoesEnded(db: Db, after: Date, until: Date): number {
  const row = db.prepare('SELECT COUNT(*) AS n FROM articles WHERE scheduled_at > ? AND scheduled_at <= ?').get(after.toISOString(), until.toISOString()) as {
    n: number;
  };
  return row.n;
}

export function startRebuildSchedule(options: { db: Db; rebuilder: Rebuilder; now: () => Date; every: number | null; log?: (m: string) => void }) {
  const { db, rebuilder, now } = options;
  const log = options.log ?? ((m: string) => console.log(m));
  let listings = listingsSignature(db);
  let checkedAt = now();
  let lastPeriodic = Date.now();

  function check(): void {
    try {
      const at = now();
      if (options.every !== null && Date.now() - lastPeriodic >= options.every) {
        lastPeriodic = Date.now();
        rebuilder.trigger('scheduled (REBUILD_EVERY)');
      }
      const signature = listingsSignature(db);
      if (signature !== listings) {
        listings = signature;
        log('[rebuild] tournament or team listings changed in the store');
        rebuilder.trigger('tournament or team listings changed');
      }
      if (at > checkedAt) {
        const ended = embargoesEnded(db, checkedAt, at);
        checkedAt = at;
        if (ended > 0) rebuilder.trigger(`${ended} embargoed article(s) reached their time`);
      }
    } catch (error) {
      console.error(`[rebuild] schedule check failed: ${(error as Error).message}`);
    }
  }

  const timer = setInterval(check, CHECK_MS);
  timer.unref();
  return { check, stop: () => clearInterval(timer) };
}
