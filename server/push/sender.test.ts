import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDb } from '../store/db.ts';
import { guardStore, type GuardedStore } from '../store/guard.ts';
import { READERS_MIGRATIONS } from '../store/schema.ts';
import { startLocalPushService, type LocalPushService } from '../../tests/helpers/push-service.ts';
import { alertBits, claimJobs, enqueueForFollowers, followersOf, pushStatus, saveFollow, vapidKeys } from './store.ts';
import { createPushSender, outcomeOf } from './sender.ts';

/**
 * The outbox and its sender against a local push service that checks every request as a real one
 * (VAPID signature and audience, aes128gcm decrypted with the browser's keys, TTL, urgency, topic).
 */
let service: LocalPushService;
let readers: GuardedStore;

beforeEach(async () => {
  service = await startLocalPushService();
  readers = guardStore('readers', openDb(':memory:', READERS_MIGRATIONS), ':memory:', { log: () => {} });
});
afterEach(async () => {
  await service.close();
  readers.db.close();
});

const SUBJECT = 'mailto:alertas@marcador.ec';

/** `n` browsers following Emelec (1148) for goals; returns their push-service ids by subscription row id. */
function browsers(n: number): Map<number, string> {
  const ids = new Map<number, string>();
  for (let i = 0; i < n; i++) {
    const sub = service.subscribe();
    readers.write((db) => saveFollow(db, { endpoint: sub.endpoint, keys: sub.keys }, { kind: 'team', id: 1148, alerts: ['goles'] }));
    const row = readers.db.prepare('SELECT id FROM push_subscriptions WHERE endpoint = ?').get(sub.endpoint) as { id: number };
    ids.set(row.id, sub.id);
  }
  return ids;
}

/** Emelec's goal queued, as the server queues it, for every browser following Emelec for goals (all of `browsers()`). */
const EMELEC_MATCH = { id: 9420246, homeId: 1148, awayId: 1152 };
const queueGoal = () =>
  readers.write((db) =>
    enqueueForFollowers(
      db,
      EMELEC_MATCH,
      [
        {
          alerts: alertBits(['goles']),
          key: '9420246:gol:1-0',
          payload: JSON.stringify({ title: '⚽ ¡Gol de Emelec!', body: "J. Pérez 63' · Emelec 1-0 Barcelona SC" }),
          urgency: 'high',
          ttl: 600,
        },
      ],
      'partido-9420246',
    ),
  );

describe('the outbox', () => {
  it('keeps the same alert for the same browser once, however often it is enqueued', () => {
    browsers(3);
    expect(queueGoal()).toBe(3);
    expect(queueGoal()).toBe(0);
    expect(pushStatus(readers.db).outbox.queued).toBe(3);
  });

  it('merges what a browser asked for across a club and a match it follows', () => {
    const sub = service.subscribe();
    readers.write((db) => saveFollow(db, sub, { kind: 'team', id: 1148, alerts: ['goles'] }));
    readers.write((db) => saveFollow(db, sub, { kind: 'fixture', id: 9420246, alerts: ['estado', 'rojas'] }));
    expect(followersOf(readers.db, { id: 9420246, homeId: 1148, awayId: 1152 })).toEqual([{ subscription: 1, alerts: 0b111 }]);
    expect(followersOf(readers.db, { id: 1, homeId: 1152, awayId: 1153 })).toEqual([]);
  });

  it('queues for each follower the version of the alert made for what it asked, once however often it is queued', () => {
    const [goals, status, both] = [service.subscribe(), service.subscribe(), service.subscribe()];
    readers.write((db) => saveFollow(db, goals, { kind: 'team', id: 1148, alerts: ['goles'] }));
    readers.write((db) => saveFollow(db, status, { kind: 'fixture', id: 9420246, alerts: ['estado'] }));
    readers.write((db) => saveFollow(db, both, { kind: 'team', id: 1152, alerts: ['goles'] }));
    readers.write((db) => saveFollow(db, both, { kind: 'fixture', id: 9420246, alerts: ['estado'] }));
    readers.write((db) => saveFollow(db, service.subscribe(), { kind: 'team', id: 1153, alerts: ['goles'] }));
    const versions = [
      { alerts: alertBits(['goles']), key: 'g', payload: 'goal', urgency: 'high' as const, ttl: 600 },
      { alerts: alertBits(['estado']), key: 's', payload: 'status', urgency: 'normal' as const, ttl: 3600 },
      { alerts: alertBits(['goles', 'estado']), key: 'gs', payload: 'goal and status', urgency: 'high' as const, ttl: 600 },
    ];
    const match = { id: 9420246, homeId: 1148, awayId: 1152 };
    expect(readers.write((db) => enqueueForFollowers(db, match, versions, 'partido-9420246'))).toBe(3);
    expect(readers.write((db) => enqueueForFollowers(db, match, versions, 'partido-9420246'))).toBe(0);
    const queued = readers.db.prepare('SELECT s.endpoint, o.payload, o.topic FROM push_outbox o JOIN push_subscriptions s ON s.id = o.subscription_id ORDER BY o.payload').all();
    expect(queued).toEqual([
      { endpoint: goals.endpoint, payload: 'goal', topic: 'partido-9420246' },
      { endpoint: both.endpoint, payload: 'goal and status', topic: 'partido-9420246' },
      { endpoint: status.endpoint, payload: 'status', topic: 'partido-9420246' },
    ]);
  });

  it('keeps its VAPID keys: a second start reads the same pair', () => {
    const first = readers.write((db) => vapidKeys(db));
    expect(readers.write((db) => vapidKeys(db))).toEqual(first);
  });
});

describe('the sender', () => {
  it('sends every queued alert once, encrypted for each browser and signed for its push service', async () => {
    const ids = browsers(120);
    queueGoal();
    const keys = readers.write((db) => vapidKeys(db));
    const sender = createPushSender({ readers, keys, subject: SUBJECT, concurrency: 16 });
    sender.kick();
    await service.waitFor((d) => d.length >= 120, 20_000);
    await sender.idle();
    expect(new Set(service.deliveries.map((d) => d.subscriptionId))).toEqual(new Set(ids.values()));
    expect(service.deliveries).toHaveLength(120);
    expect(service.deliveries[0]).toMatchObject({
      payload: { title: '⚽ ¡Gol de Emelec!', body: "J. Pérez 63' · Emelec 1-0 Barcelona SC" },
      urgency: 'high',
      topic: 'partido-9420246',
      subject: SUBJECT,
      audience: service.url,
    });
    expect(service.rejected).toEqual([]);
    expect(pushStatus(readers.db).outbox).toMatchObject({ sent: 120, queued: 0, sending: 0 });
    sender.stop();
  });

  it('retries a busy push service after its Retry-After, forgets a gone browser and gives up on a refused payload', async () => {
    const ids = browsers(3);
    const [busy, gone, tooBig] = [...ids.keys()];
    service.respondWith(ids.get(busy!)!, 429, { times: 1, retryAfterS: 1 });
    service.respondWith(ids.get(gone!)!, 410);
    service.respondWith(ids.get(tooBig!)!, 413);
    queueGoal();
    const sender = createPushSender({ readers, keys: readers.write((db) => vapidKeys(db)), subject: SUBJECT });
    sender.kick();
    await service.waitFor((d) => d.some((x) => x.subscriptionId === ids.get(busy!)), 10_000);
    await sender.idle();
    const status = pushStatus(readers.db);
    expect(status.outbox).toMatchObject({ sent: 1, removed: 1, failed: 1, queued: 0 });
    expect(status.subscriptions).toBe(2);
    expect(status.lastErrors.map((e) => e.error)).toEqual(['push service answered 413']);
    sender.stop();
  });

  it('after a sender dies mid-fan-out, sends what it had claimed once its lease ends, and nothing twice', async () => {
    browsers(40);
    queueGoal();
    // The first sender claims half and dies before sending any.
    expect(readers.write((db) => claimJobs(db, 20, 300))).toHaveLength(20);
    const sender = createPushSender({ readers, keys: readers.write((db) => vapidKeys(db)), subject: SUBJECT, leaseMs: 300 });
    sender.kick();
    await service.waitFor((d) => d.length >= 40, 10_000);
    await new Promise((r) => setTimeout(r, 400));
    expect(service.deliveries).toHaveLength(40);
    expect(new Set(service.deliveries.map((d) => d.subscriptionId)).size).toBe(40);
    sender.stop();
  });

  it('stopped while encrypting, leaves its jobs to be sent again, not failed', async () => {
    browsers(30);
    queueGoal();
    const sender = createPushSender({ readers, keys: readers.write((db) => vapidKeys(db)), subject: SUBJECT });
    sender.kick();
    sender.stop();
    await new Promise((r) => setTimeout(r, 100));
    expect(pushStatus(readers.db).outbox).toMatchObject({ queued: 30, sent: 0, failed: 0 });
    expect(service.deliveries).toEqual([]);
  });
});

describe('outcomeOf', () => {
  const job = { attempts: 1, createdAt: 0, ttl: 600 };
  it('reads each answer of a push service', () => {
    expect(outcomeOf(job, 201, null, 6, 1_000)).toEqual({ state: 'sent' });
    expect(outcomeOf(job, 410, null, 6, 1_000).state).toBe('gone');
    expect(outcomeOf(job, 404, null, 6, 1_000).state).toBe('gone');
    expect(outcomeOf(job, 429, '5', 6, 1_000)).toEqual({ state: 'retry', at: 6_000, reason: 'push service answered 429' });
    expect(outcomeOf(job, 503, null, 6, 1_000)).toEqual({ state: 'retry', at: 3_000, reason: 'push service answered 503' });
    expect(outcomeOf(job, 0, null, 6, 1_000)).toEqual({ state: 'retry', at: 3_000, reason: 'no answer from the push service' });
    expect(outcomeOf(job, 400, null, 6, 1_000)).toEqual({ state: 'failed', reason: 'push service answered 400' });
    // Past its attempts, or when the retry would land after the alert's life: given up.
    expect(outcomeOf({ ...job, attempts: 6 }, 503, null, 6, 1_000).state).toBe('failed');
    expect(outcomeOf(job, 429, '700', 6, 1_000).state).toBe('failed');
  });
});
