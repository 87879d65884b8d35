import type { Db } from '../store/db.ts';
import type { GuardedStore } from '../store/guard.ts';
import type { ChangeFeed } from '../ingest/changes.ts';
import type { LiveFixtureChange } from '../../contract/live.ts';
import { alertItems, readerAlert, type AlertFixture } from './alerts.ts';
import { enqueueForFollowers, trimOutbox, vapidKeys, type AlertForMask, type VapidKeys } from './store.ts';
import { PUSH_ALERTS } from '../../contract/push.ts';
import { createPushSender, type PushSender } from './sender.ts';

/**
 * Alerts from the ingest's changes (the one write path): a match's changes within COALESCE_MS become
 * one burst, the burst one notification per reader who follows one of its clubs or the match, written
 * to the outbox in one transaction, then sent (sender.ts).
 */

/** A goal, its VAR check and the score's correction often come within seconds: one alert, not three. */
export const COALESCE_MS = 2_000;

export interface PushOptions {
  feed: ChangeFeed;
  /** The football store: clubs' names and crests for the text. */
  db: Db;
  readers: GuardedStore;
  subject: string;
  coalesceMs?: number;
  concurrency?: number;
  log?: (m: string) => void;
}

export interface PushService {
  keys: VapidKeys;
  sender: PushSender;
  /** Sends what is waiting in the bursts now (tests, shutdown). */
  flush: () => void;
  stop: () => void;
}

/** The subject a push service can reach the operator by: PUSH_SUBJECT, else the site's URL. */
export function pushSubject(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.PUSH_SUBJECT?.trim();
  if (configured) {
    if (!/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/.test(configured)) throw new Error(`PUSH_SUBJECT must be a mailto: address or an https: URL, got "${configured}"`);
    return configured;
  }
  const site = env.SITE_URL?.trim();
  return site && site.startsWith('https://') ? site : 'https://marcador.ec';
}

export function startPush(options: PushOptions): PushService {
  const { feed, db, readers } = options;
  const log = options.log ?? ((m: string) => console.error(m));
  const coalesceMs = options.coalesceMs ?? COALESCE_MS;
  const keys = readers.write((rdb) => vapidKeys(rdb));
  const sender = createPushSender({ readers, keys, subject: options.subject, concurrency: options.concurrency, log });
  const fixtureRow = db.prepare(
    `SELECT f.id, f.timestamp, h.id AS homeId, h.name AS homeName, h.logo AS homeLogo, a.id AS awayId, a.name AS awayName, a.logo AS awayLogo
     FROM fixtures f JOIN teams h ON h.id = f.home_id JOIN teams a ON a.id = f.away_id WHERE f.id = ?`,
  );
  const bursts = new Map<number, { changes: LiveFixtureChange[]; timer: NodeJS.Timeout }>();
  /** The last score each match was seen with: a score that goes down is a goal taken back. */
  const lastScore = new Map<number, LiveFixtureChange['goals']>();

  const fixtureOf = (id: number): AlertFixture | null => {
    const row = fixtureRow.get(id) as
      { id: number; timestamp: number; homeId: number; homeName: string; homeLogo: string; awayId: number; awayName: string; awayLogo: string } | undefined;
    if (!row) return null;
    return {
      id: row.id,
      timestamp: row.timestamp,
      home: { id: row.homeId, name: row.homeName, logo: row.homeLogo },
      away: { id: row.awayId, name: row.awayName, logo: row.awayLogo },
    };
  };

  const release = (fixtureId: number) => {
    const burst = bursts.get(fixtureId);
    if (!burst) return;
    bursts.delete(fixtureId);
    clearTimeout(burst.timer);
    const before = lastScore.get(fixtureId) ?? null;
    lastScore.set(fixtureId, burst.changes.at(-1)!.goals);
    try {
      const fixture = fixtureOf(fixtureId);
      if (!fixture) return;
      const items = alertItems(fixture, burst.changes, before);
      if (!items.length) return;
      // Every set of asked-for alerts a reader can have (4 kinds: 16), each given its version of the alert.
      const versions: AlertForMask[] = [];
      for (let alerts = 1; alerts < 1 << PUSH_ALERTS.length; alerts++) {
        const alert = readerAlert(fixture, items, alerts);
        if (alert) versions.push({ alerts, key: alert.key, payload: JSON.stringify(alert.payload), urgency: alert.urgency, ttl: alert.ttl });
      }
      const added = readers.write((rdb) => enqueueForFollowers(rdb, { id: fixture.id, homeId: fixture.home.id, awayId: fixture.away.id }, versions, `partido-${fixture.id}`));
      if (added) log(`[push] match ${fixture.id}: ${items.map((i) => i.key).join(', ')} → ${added} alerts queued`);
      sender.kick();
    } catch (error) {
      log(`[push] alerts of match ${fixtureId} could not be queued: ${(error as Error).message}`);
    }
  };

  const unsubscribe = feed.subscribe((change) => {
    if (change.type !== 'fixture') return;
    const burst = bursts.get(change.fixture);
    if (burst) burst.changes.push(change.data);
    else bursts.set(change.fixture, { changes: [change.data], timer: setTimeout(() => release(change.fixture), coalesceMs).unref() });
  });
  // Jobs left by a run that stopped mid-fan-out are due (or their lease ends soon): send them.
  sender.kick();
  const trim = setInterval(() => {
    try {
      readers.write((rdb) => trimOutbox(rdb));
    } catch {
      // Tried again in an hour.
    }
  }, 3_600_000).unref();

  return {
    keys,
    sender,
    flush: () => {
      for (const id of [...bursts.keys()]) release(id);
    },
    stop: () => {
      unsubscribe();
      clearInterval(trim);
      for (const burst of bursts.values()) clearTimeout(burst.timer);
      sender.stop();
    },
  };
}
