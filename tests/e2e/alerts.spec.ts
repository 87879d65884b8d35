import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { copyStoreForReplay, replayServerEnv, startReplayProvider, type ReplayProvider } from '../../bench/replay.ts';
import { startLocalPushService, type LocalPushService } from '../helpers/push-service.ts';
import { freePort, stopServer, waitFor } from './support/child-server.ts';
import { nextGoalInPlay, type NextGoal } from './support/next-goal.ts';
import { expectNoAxeViolations } from './support/axe.ts';

/**
 * Alerts on the lock screen, end to end in Chromium: a reader taps the bell on a club's page, the
 * browser subscribes and the server keeps it; the ingest writes the club's next goal (the demo season
 * replayed as provider data, as in live-push.spec.ts) and the server sends one push, encrypted, to a
 * local push service that checks it as a real one would; handed that push, the page's service worker
 * shows the Spanish notification. Headless Chromium reaches no real push service, so the page's
 * `pushManager.subscribe` makes a subscription on the local one (keys made in the page by WebCrypto).
 * Unfollowing stops the next alert.
 */

// The full browser: Debian's headless shell, which the other tests use, refuses every notification.
test.use({
  launchOptions: {
    executablePath: process.env.CHROME_FULL_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  },
});

const STORE = resolve(process.env.E2E_DATABASE_PATH ?? 'data/e2e.db');
const DIST = resolve(process.env.DIST_DIR ?? 'dist');

let dir = '';
let provider: ReplayProvider | null = null;
let server: ChildProcess | null = null;
let pushService: LocalPushService;
let base = '';
let plan: NextGoal['plan'];
let goal: NextGoal['goal'];
let fullTimeOffsetMs = 0;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dir = mkdtempSync(join(tmpdir(), 'marcador-alerts-e2e-'));
  const copy = join(dir, 'marcador.db');
  const { seed, anchor } = copyStoreForReplay(STORE, copy);
  ({ plan, goal, fullTimeOffsetMs } = nextGoalInPlay(copy, seed, anchor));

  pushService = await startLocalPushService();
  provider = await startReplayProvider(seed, anchor);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...replayServerEnv({ port, host: '127.0.0.1', storePath: copy, readersPath: join(dir, 'readers.db'), distDir: DIST, providerUrl: provider.url, anchor }),
      PUSH_ALLOW_LOOPBACK: '1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`${base}/api/health`, (s) => s === 200, server);
});

test.afterAll(async () => {
  await stopServer(server);
  provider?.stop();
  await pushService?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/**
 * The page's push subscription, made on the local push service: a P-256 key pair and an auth secret
 * from WebCrypto, as a browser makes them; the private key is kept for the test to hand the service.
 */
function fakePushManager(serviceUrl: string) {
  type Sub = { endpoint: string; keys: { p256dh: string; auth: string }; privateKey: JsonWebKey; applicationServerKey: ArrayBuffer };
  const w = window as unknown as { __pushSubscription: Sub | null };
  w.__pushSubscription = null;
  const b64url = (bytes: ArrayBuffer) =>
    btoa(String.fromCharCode(...new Uint8Array(bytes)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  const wrap = (sub: Sub) => ({
    endpoint: sub.endpoint,
    expirationTime: null,
    options: { applicationServerKey: sub.applicationServerKey, userVisibleOnly: true },
    toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
    unsubscribe: async () => ((w.__pushSubscription = null), true),
    getKey: () => null,
  });
  PushManager.prototype.getSubscription = async function () {
    return (w.__pushSubscription ? wrap(w.__pushSubscription) : null) as unknown as PushSubscription;
  };
  PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
    const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
    const key = options?.applicationServerKey as ArrayBuffer | Uint8Array;
    w.__pushSubscription = {
      endpoint: `${serviceUrl}/push/${crypto.randomUUID()}`,
      keys: { p256dh: b64url(await crypto.subtle.exportKey('raw', pair.publicKey)), auth: b64url(crypto.getRandomValues(new Uint8Array(16)).buffer) },
      privateKey: await crypto.subtle.exportKey('jwk', pair.privateKey),
      applicationServerKey: key instanceof Uint8Array ? key.slice().buffer : key,
    };
    return wrap(w.__pushSubscription) as unknown as PushSubscription;
  };
}

const follows = async (endpoint: string) =>
  (await (await fetch(`${base}/api/push/follows`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ endpoint }) })).json()).follows;

async function notificationsShown(page: Page) {
  return page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag })));
}

test('a tap on the bell subscribes; a goal reaches the service worker as a Spanish notification; unfollowing stops the next', async ({ browser }) => {
  test.setTimeout(150_000);
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  await context.grantPermissions(['notifications'], { origin: base });
  await context.addInitScript(fakePushManager, pushService.url);
  const page = await context.newPage();
  const club = plan.teams.home;
  await page.goto(`${base}/equipos/${club.id}`);
  await page.evaluate(() => navigator.serviceWorker.ready);

  const bell = page.locator('header details[data-alerts]').first();
  await bell.locator('summary').click();
  await expect(bell.locator('button[type="submit"]')).toBeEnabled();
  // The permission is asked on the tap only: opening the bell asked nothing.
  expect(await page.evaluate(() => (window as unknown as { __pushSubscription: unknown }).__pushSubscription)).toBeNull();
  await expectNoAxeViolations(page, 'header details[data-alerts]');
  await bell.locator('button[type="submit"]').click();
  await expect(bell.locator('[data-alerts-status]')).toHaveText('Listo: te avisaremos en este navegador.');
  const subscription = (await page.evaluate(
    () => (window as unknown as { __pushSubscription: { endpoint: string; keys: { p256dh: string; auth: string }; privateKey: JsonWebKey } }).__pushSubscription,
  ))!;
  expect(await follows(subscription.endpoint)).toEqual([{ kind: 'team', id: club.id, alerts: ['goles', 'estado', 'rojas', 'alineaciones'] }]);
  const browserSub = pushService.adopt({ endpoint: subscription.endpoint, keys: subscription.keys, privateKey: { d: subscription.privateKey.d! } });

  // The club's next goal is written by the ingest: one push, to this browser, in Spanish.
  await provider!.setOffset(goal.offsetMs);
  await pushService.waitFor((d) => d.some((x) => x.subscriptionId === browserSub.id), 30_000);
  const pushes = pushService.deliveries.filter((d) => d.subscriptionId === browserSub.id);
  expect(pushes).toHaveLength(1);
  const payload = pushes[0]!.payload as { title: string; body: string; tag: string; url: string };
  expect(payload.title).toBe(`⚽ ¡Gol de ${goal.team}!`);
  expect(payload.body).toContain(goal.scorer);
  expect(payload.body).toContain(`${plan.teams.home.name} ${goal.home}-${goal.away} ${plan.teams.away.name}`);
  expect(payload.tag).toBe(`partido-${plan.fixture.id}`);
  expect(pushes[0]!.urgency).toBe('high');

  // The service worker, handed that push (DevTools protocol), shows it.
  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL.startsWith(base) && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: base, registrationId: await registration, data: JSON.stringify(payload) });
  await expect.poll(() => notificationsShown(page), { timeout: 10_000 }).toEqual([{ title: payload.title, body: payload.body, tag: `partido-${plan.fixture.id}` }]);

  // Unfollowing: the server forgets this browser, and the full time reaches only who still follows.
  // Closed and opened again, the bell reads what this browser follows.
  await bell.locator('summary').click();
  await bell.locator('summary').click();
  const off = bell.locator('[data-alerts-off]');
  await expect(off).toBeVisible();
  await off.click();
  await expect(bell.locator('[data-alerts-status]')).toContainText('Ya no recibirás alertas');
  expect(await follows(subscription.endpoint)).toEqual([]);
  const witness = pushService.subscribe();
  const put = await fetch(`${base}/api/push/subscription`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ subscription: { endpoint: witness.endpoint, keys: witness.keys }, follow: { kind: 'team', id: club.id, alerts: ['estado'] } }),
  });
  expect(put.status).toBe(201);
  await provider!.setOffset(fullTimeOffsetMs);
  await pushService.waitFor((d) => d.some((x) => x.subscriptionId === witness.id), 40_000);
  expect((pushService.deliveries.find((d) => d.subscriptionId === witness.id)!.payload as { title: string }).title).toMatch(/^Final: /);
  expect(pushService.deliveries.filter((d) => d.subscriptionId === browserSub.id)).toHaveLength(1);
  await context.close();
});
