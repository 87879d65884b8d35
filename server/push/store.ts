import webpush from 'web-push';
import { transaction, type Db } from '../store/db.ts';
import { PUSH_ALERTS, type PushAlert, type PushFollow, type PushSubscriptionJson, type PushTargetKind } from '../../contract/push.ts';

/**
 * The readers' store's side of alerts (tables in server/store/schema.ts, readers v2): the server's
 * VAPID keys, the browsers' subscriptions with what each follows, and the outbox the sender works
 * through. Plain functions over a `Db`: the routes call them through the guarded store's `write`.
 */

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The server's keys, made at the first start and kept: a new pair would orphan every subscription. */
export function vapidKeys(db: Db, now = new Date()): VapidKeys {
  const row = db.prepare('SELECT public_key, private_key FROM push_keys WHERE id = 1').get() as { public_key: string; private_key: string } | undefined;
  if (row) return { publicKey: row.public_key, privateKey: row.private_key };
  const made = webpush.generateVAPIDKeys();
  // Two processes starting together: the first pair written wins, and both read it back.
  db.prepare('INSERT INTO push_keys (id, public_key, private_key, created_at) VALUES (1, ?, ?, ?) ON CONFLICT(id) DO NOTHING').run(
    made.publicKey,
    made.privateKey,
    now.toISOString(),
  );
  return vapidKeys(db, now);
}

export const alertBits = (alerts: readonly PushAlert[]): number => alerts.reduce((bits, alert) => bits | (1 << PUSH_ALERTS.indexOf(alert)), 0);
export const alertsOf = (bits: number): PushAlert[] => PUSH_ALERTS.filter((_, index) => (bits & (1 << index)) !== 0);

/** Creates or refreshes the subscription (keys change when a browser renews it) and sets one follow. */
export function saveFollow(db: Db, subscription: PushSubscriptionJson, follow: PushFollow, now = new Date()): { created: boolean; follows: PushFollow[] } {
  return transaction(db, () => {
    const at = now.toISOString();
    const existing = db.prepare('SELECT id FROM push_subscriptions WHERE endpoint = ?').get(subscription.endpoint) as { id: number } | undefined;
    let id: number;
    if (existing) {
      id = existing.id;
      db.prepare('UPDATE push_subscriptions SET p256dh = ?, auth = ?, updated_at = ? WHERE id = ?').run(subscription.keys.p256dh, subscription.keys.auth, at, id);
    } else {
      const inserted = db
        .prepare('INSERT INTO push_subscriptions (endpoint, p256dh, auth, created_at, updated_at) VALUES (?, ?, ?, ?, ?)')
        .run(subscription.endpoint, subscription.keys.p256dh, subscription.keys.auth, at, at);
      id = Number(inserted.lastInsertRowid);
    }
    if (follow.alerts.length === 0) {
      db.prepare('DELETE FROM push_follows WHERE subscription_id = ? AND kind = ? AND target = ?').run(id, follow.kind, follow.id);
    } else {
      db.prepare(
        'INSERT INTO push_follows (subscription_id, kind, target, alerts) VALUES (?, ?, ?, ?) ON CONFLICT(subscription_id, kind, target) DO UPDATE SET alerts = excluded.alerts',
      ).run(id, follow.kind, follow.id, alertBits(follow.alerts));
    }
    return { created: !existing, follows: followsOf(db, subscription.endpoint) };
  });
}

export function followCount(db: Db, endpoint: string): number {
  const row = db.prepare('SELECT COUNT(*) AS n FROM push_follows f JOIN push_subscriptions s ON s.id = f.subscription_id WHERE s.endpoint = ?').get(endpoint) as { n: number };
  return row.n;
}

export function followsOf(db: Db, endpoint: string): PushFollow[] {
  const rows = db
    .prepare('SELECT f.kind, f.target, f.alerts FROM push_follows f JOIN push_subscriptions s ON s.id = f.subscription_id WHERE s.endpoint = ? ORDER BY f.kind DESC, f.target')
    .all(endpoint) as Array<{ kind: PushTargetKind; target: number; alerts: number }>;
  return rows.map((r) => ({ kind: r.kind, id: r.target, alerts: alertsOf(r.alerts) }));
}

/** Forgets a browser: its follows and whatever was still waiting for it. Returns whether it was known. */
export function removeSubscription(db: Db, endpoint: string, nowMs = Date.now()): boolean {
  return transaction(db, () => {
    const row = db.prepare('SELECT id FROM push_subscriptions WHERE endpoint = ?').get(endpoint) as { id: number } | undefined;
    if (!row) return false;
    forgetSubscription(db, row.id, nowMs, 'unsubscribed');
    return true;
  });
}

/** The subscription goes (follows with it, by the foreign key); its waiting alerts are marked removed, kept for the counts. */
export function forgetSubscription(db: Db, id: number, nowMs: number, reason: string): void {
  db.prepare("UPDATE push_outbox SET state = 'removed', done_at = ?, last_error = ? WHERE subscription_id = ? AND state IN ('queued', 'sending')").run(nowMs, reason, id);
  db.prepare('DELETE FROM push_subscriptions WHERE id = ?').run(id);
}

/** Each follower of a match (of one of its clubs, or of the match) with the alerts it asked for, all its follows together: SQL's bit set of them. */
const FOLLOWERS_SQL = `SELECT subscription_id AS subscription, MAX(alerts & 1) | MAX(alerts & 2) | MAX(alerts & 4) | MAX(alerts & 8) AS alerts FROM push_follows
  WHERE (kind = 'team' AND target IN (?, ?)) OR (kind = 'fixture' AND target = ?) GROUP BY subscription_id`;

export function followersOf(db: Db, fixture: { id: number; homeId: number; awayId: number }): Array<{ subscription: number; alerts: number }> {
  return db.prepare(FOLLOWERS_SQL).all(fixture.homeId, fixture.awayId, fixture.id) as Array<{ subscription: number; alerts: number }>;
}

/** What one set of asked-for alerts gets: a follower whose alerts are `alerts` receives this. */
export interface AlertForMask {
  alerts: number;
  key: string;
  payload: string;
  urgency: Urgency;
  ttl: number;
}

/**
 * Queues a match's alert for every follower, in one statement: a follower gets the version of the
 * alert made for its set of asked-for alerts (at most 16 versions, not one per reader). One statement,
 * so a fan-out to 10,000 holds the server for milliseconds, and after a crash either all of it is
 * queued or none. Returns how many jobs were new.
 */
export function enqueueForFollowers(db: Db, fixture: { id: number; homeId: number; awayId: number }, versions: readonly AlertForMask[], topic: string, nowMs = Date.now()): number {
  if (!versions.length) return 0;
  const values = versions.map(() => '(?, ?, ?, ?, ?)').join(', ');
  const sql = `WITH versions(alerts, alert, payload, urgency, ttl) AS (VALUES ${values}), followers AS (${FOLLOWERS_SQL})
    INSERT INTO push_outbox (alert, subscription_id, payload, topic, urgency, ttl, due_at, created_at)
    SELECT v.alert, f.subscription, v.payload, ?, v.urgency, v.ttl, ?, ? FROM followers f JOIN versions v ON v.alerts = f.alerts WHERE true
    ON CONFLICT(alert, subscription_id) DO NOTHING`;
  const args = versions.flatMap((v) => [v.alerts, v.key, v.payload, v.urgency, v.ttl]);
  return Number(db.prepare(sql).run(...args, fixture.homeId, fixture.awayId, fixture.id, topic, nowMs, nowMs).changes);
}

// ---- the outbox -------------------------------------------------------------------------------

export type Urgency = 'very-low' | 'low' | 'normal' | 'high';

export interface ClaimedJob {
  id: number;
  subscriptionId: number;
  payload: string;
  topic: string;
  urgency: Urgency;
  ttl: number;
  attempts: number;
  createdAt: number;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
}

/**
 * Takes up to `limit` jobs that are due, or whose sender's lease ran out (it crashed mid-send), for
 * `leaseMs`. Claimed rows are this sender's until it says how they went or the lease ends.
 */
export function claimJobs(db: Db, limit: number, leaseMs: number, nowMs = Date.now()): ClaimedJob[] {
  return db
    .prepare(
      `UPDATE push_outbox SET state = 'sending', lease_until = ?, attempts = attempts + 1
       WHERE id IN (
         SELECT id FROM push_outbox WHERE state = 'queued' AND due_at <= ?
         UNION ALL
         SELECT id FROM push_outbox WHERE state = 'sending' AND lease_until < ?
         ORDER BY id LIMIT ?
       )
       RETURNING id, subscription_id AS subscriptionId, payload, topic, urgency, ttl, attempts, created_at AS createdAt,
         (SELECT endpoint FROM push_subscriptions s WHERE s.id = subscription_id) AS endpoint,
         (SELECT p256dh FROM push_subscriptions s WHERE s.id = subscription_id) AS p256dh,
         (SELECT auth FROM push_subscriptions s WHERE s.id = subscription_id) AS auth`,
    )
    .all(nowMs + leaseMs, nowMs, nowMs, limit) as unknown as ClaimedJob[];
}

export function markSent(db: Db, id: number, nowMs = Date.now()): void {
  db.prepare("UPDATE push_outbox SET state = 'sent', done_at = ?, lease_until = NULL, last_error = NULL WHERE id = ?").run(nowMs, id);
}

export function markFailed(db: Db, id: number, error: string, nowMs = Date.now()): void {
  db.prepare("UPDATE push_outbox SET state = 'failed', done_at = ?, lease_until = NULL, last_error = ? WHERE id = ?").run(nowMs, error, id);
}

export function markRetry(db: Db, id: number, dueAt: number, error: string): void {
  db.prepare("UPDATE push_outbox SET state = 'queued', due_at = ?, lease_until = NULL, last_error = ? WHERE id = ?").run(dueAt, error, id);
}

/** When the next job falls due (ms), or null when nothing waits. */
export function nextDue(db: Db): number | null {
  const row = db
    .prepare("SELECT MIN(t) AS t FROM (SELECT MIN(due_at) AS t FROM push_outbox WHERE state = 'queued' UNION ALL SELECT MIN(lease_until) FROM push_outbox WHERE state = 'sending')")
    .get() as { t: number | null };
  return row.t;
}

export interface PushStatus {
  subscriptions: number;
  follows: { teams: number; fixtures: number };
  outbox: { queued: number; sending: number; sent: number; failed: number; removed: number };
  lastErrors: Array<{ state: string; error: string; at: number | null; count: number }>;
}

/** What operators see at /api/admin/push. */
export function pushStatus(db: Db): PushStatus {
  const count = (sql: string, ...args: Array<string | number>) => (db.prepare(sql).get(...args) as { n: number }).n;
  const outbox = { queued: 0, sending: 0, sent: 0, failed: 0, removed: 0 };
  for (const row of db.prepare('SELECT state, COUNT(*) AS n FROM push_outbox GROUP BY state').all() as Array<{ state: keyof typeof outbox; n: number }>) outbox[row.state] = row.n;
  const lastErrors = db
    .prepare(
      "SELECT state, last_error AS error, MAX(done_at) AS at, COUNT(*) AS count FROM push_outbox WHERE last_error IS NOT NULL AND state IN ('queued', 'failed') GROUP BY state, last_error ORDER BY at DESC LIMIT 10",
    )
    .all() as PushStatus['lastErrors'];
  return {
    subscriptions: count('SELECT COUNT(*) AS n FROM push_subscriptions'),
    follows: { teams: count("SELECT COUNT(*) AS n FROM push_follows WHERE kind = 'team'"), fixtures: count("SELECT COUNT(*) AS n FROM push_follows WHERE kind = 'fixture'") },
    outbox,
    lastErrors,
  };
}

/** Sent and given-up jobs older than a week go; the counts are for recent work. */
export function trimOutbox(db: Db, nowMs = Date.now()): number {
  return Number(db.prepare("DELETE FROM push_outbox WHERE state IN ('sent', 'failed', 'removed') AND done_at < ?").run(nowMs - 7 * 86_400_000).changes);
}
