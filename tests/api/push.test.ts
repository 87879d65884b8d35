import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stub } from '../helpers/api-football-stub.ts';
import { capturedMatch } from '../helpers/replay.ts';
import { startLocalPushService, type LocalPushService } from '../helpers/push-service.ts';
import { rows, startReplayServer, TEST_NOW, type TestServer } from './servers.ts';

/**
 * Alerts end to end on a real server: browsers (subscriptions of a local push service that checks
 * each request as a real one does: VAPID signature and audience, aes128gcm, TTL, urgency, topic)
 * follow clubs of the real Manchester United 1-0 Fulham, replayed from 85' by a stub provider; the
 * ingest writes Zirkzee's goal and the whistle, and each follower hears what it asked for, once.
 */
const T0 = Date.parse(TEST_NOW);
const KICKOFF = T0 - 101 * 60_000;
const match = capturedMatch(KICKOFF);
const startedAt = Date.now();
const serverNow = () => T0 + (Date.now() - startedAt);
const UNITED = match.teams.home.id;
const FULHAM = match.teams.away.id;

let stub: Stub;
let server: TestServer;
let pushService: LocalPushService;
let dir: string;
let ahead = 0;

const put = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/api/push/subscription`, { method: 'PUT', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
const browser = () => {
  const { endpoint, keys, id } = pushService.subscribe();
  return { id, subscription: { endpoint, keys } };
};

beforeAll(async () => {
  pushService = await startLocalPushService();
  ({ server, stub, dir } = await startReplayServer(match, () => serverNow() + ahead * 60_000, 'push', {
    ADMIN_TOKEN: 'push-admin',
    PUSH_ALLOW_LOOPBACK: '1',
    PUSH_SUBJECT: 'mailto:alertas@marcador.ec',
  }));
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await stub?.close();
  await pushService?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('alerts (Web Push)', () => {
  it('refuses what a browser could not have sent, in Spanish, and stores nothing', async () => {
    const { subscription } = browser();
    const follow = { kind: 'team', id: UNITED, alerts: ['goles'] };
    const cases: Array<[unknown, number, RegExp]> = [
      [{ subscription: { ...subscription, keys: { ...subscription.keys, p256dh: 'abc' } }, follow }, 400, /No pudimos leer la suscripción/],
      [{ subscription: { ...subscription, keys: { ...subscription.keys, auth: 'x'.repeat(40) } }, follow }, 400, /No pudimos leer la suscripción/],
      // A push "service" of the caller's choosing would make the server POST wherever it is told.
      [{ subscription: { ...subscription, endpoint: 'https://evil.example/push/1' }, follow }, 400, /servicio de notificaciones que no admitimos/],
      [{ subscription: { ...subscription, endpoint: 'http://fcm.googleapis.com/fcm/send/1' }, follow }, 400, /servicio de notificaciones que no admitimos/],
      [{ subscription, follow: { ...follow, alerts: ['goles', 'penales'] } }, 400, /al menos un tipo de alerta/],
      [{ subscription, follow: { ...follow, kind: 'league' } }, 400, /Elige un club o un partido/],
      [{ subscription, follow: { ...follow, id: 999_999 } }, 404, /no existe/],
      ['not json', 400, /No pudimos leer/],
    ];
    for (const [body, status, message] of cases) {
      const response = await put(body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect((await response.json()).message).toMatch(message);
    }
    expect(rows(join(dir, 'readers.db'), 'push_subscriptions')).toEqual([]);
  });

  it('keeps one VAPID key, and a browser reads back what it follows', async () => {
    const key = await (await fetch(`${server.url}/api/push/key`)).json();
    expect(key.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(rows(join(dir, 'readers.db'), 'push_keys')).toEqual([expect.objectContaining({ public_key: key.publicKey })]);

    const { subscription } = browser();
    const first = await put({ subscription, follow: { kind: 'team', id: UNITED, alerts: ['goles', 'rojas'] } });
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ message: 'Listo: te avisaremos en este navegador.', follows: [{ kind: 'team', id: UNITED, alerts: ['goles', 'rojas'] }] });
    const second = await put({ subscription, follow: { kind: 'fixture', id: match.fixture.id, alerts: ['estado'] } });
    expect(second.status).toBe(200);
    const read = await (
      await fetch(`${server.url}/api/push/follows`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ endpoint: subscription.endpoint }) })
    ).json();
    expect(read.follows).toEqual([
      { kind: 'team', id: UNITED, alerts: ['goles', 'rojas'] },
      { kind: 'fixture', id: match.fixture.id, alerts: ['estado'] },
    ]);
    // Leaving: the browser is forgotten; a second time there is nothing to forget.
    const del = (endpoint: string) =>
      fetch(`${server.url}/api/push/subscription`, { method: 'DELETE', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ endpoint }) });
    expect((await del(subscription.endpoint)).status).toBe(204);
    expect((await del(subscription.endpoint)).status).toBe(404);
    expect(rows(join(dir, 'readers.db'), 'push_follows')).toEqual([]);
  });

  it('limits the writes one address may make', async () => {
    const { subscription } = browser();
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await put({ subscription, follow: { kind: 'team', id: UNITED, alerts: [] } }, { 'x-forwarded-for': '203.0.113.77' })).status);
    expect(statuses.filter((s) => s === 429).length).toBe(2);
    const other = await put({ subscription, follow: { kind: 'team', id: UNITED, alerts: [] } }, { 'x-forwarded-for': '203.0.113.78' });
    expect(other.status).toBe(200);
  });

  it('tells each follower what it asked for when the ingest writes the goal and the whistle; a gone browser is forgotten', async () => {
    const united = browser();
    const fulhamStatus = browser();
    const gone = browser();
    expect((await put({ subscription: united.subscription, follow: { kind: 'team', id: UNITED, alerts: ['goles'] } })).status).toBe(201);
    expect((await put({ subscription: fulhamStatus.subscription, follow: { kind: 'team', id: FULHAM, alerts: ['estado'] } })).status).toBe(201);
    expect((await put({ subscription: gone.subscription, follow: { kind: 'fixture', id: match.fixture.id, alerts: ['goles'] } })).status).toBe(201);
    pushService.respondWith(gone.id, 410, { times: Infinity });

    // 88': the next poll brings Zirkzee's goal.
    ahead = 3;
    await pushService.waitFor((d) => d.some((x) => x.subscriptionId === united.id), 30_000);
    const goal = pushService.deliveries.find((d) => d.subscriptionId === united.id)!;
    expect(goal.payload).toEqual({
      title: '⚽ ¡Gol de Manchester United!',
      body: "J. Zirkzee 87' · Manchester United 1-0 Fulham",
      tag: `partido-${match.fixture.id}`,
      url: `/partidos/${match.fixture.id}`,
      icon: match.teams.home.logo,
      fixture: match.fixture.id,
      // Zirkzee's goal at 87': its scorer and minute are in the key, so another goal at 1-0 would be a new alert.
      key: `${match.fixture.id}:gol:1-0:70100@87`,
    });
    expect(goal.urgency).toBe('high');
    expect(goal.topic).toBe(`partido-${match.fixture.id}`);
    expect(goal.ttl).toBeGreaterThan(500);
    expect(goal.ttl).toBeLessThanOrEqual(600);
    expect(goal.audience).toBe(pushService.url);
    expect(goal.subject).toBe('mailto:alertas@marcador.ec');

    // The whistle: Fulham's follower asked only for the match's state.
    ahead = 12;
    await pushService.waitFor((d) => d.some((x) => x.subscriptionId === fulhamStatus.id), 30_000);
    const final = pushService.deliveries.filter((d) => d.subscriptionId === fulhamStatus.id);
    expect(final.map((d) => (d.payload as { title: string; body: string }).title)).toEqual(['Final: Manchester United 1-0 Fulham']);
    expect((final[0]!.payload as { body: string }).body).toBe('Gana Manchester United.');
    expect(final[0]!.urgency).toBe('normal');

    // The push service said the third browser is gone: it is forgotten with its follows.
    const endpoints = (rows(join(dir, 'readers.db'), 'push_subscriptions') as Array<{ endpoint: string }>).map((r) => r.endpoint);
    expect(endpoints).toContain(united.subscription.endpoint);
    expect(endpoints).not.toContain(gone.subscription.endpoint);
    // Nothing twice, and nothing the readers did not ask for.
    expect(pushService.deliveries.filter((d) => d.subscriptionId === united.id)).toHaveLength(1);
    expect(pushService.rejected.filter((r) => r.status !== 410)).toEqual([]);

    const status = await (await fetch(`${server.url}/api/admin/push`, { headers: { authorization: 'Bearer push-admin' } })).json();
    expect(status.outbox).toMatchObject({ sent: 2, removed: 1, queued: 0, sending: 0 });
    expect((await fetch(`${server.url}/api/admin/push`)).status).toBe(401);
  }, 90_000);
});
