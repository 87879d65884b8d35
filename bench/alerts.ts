import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { freePort } from '../scripts/free-port.ts';
import { openDb } from '../server/store/db.ts';
import { READERS_MIGRATIONS } from '../server/store/schema.ts';
import { startPushServiceProcess, type PushServiceProcess } from './push-service-process.ts';
import { copyStoreForReplay, replayServerEnv, startReplayProvider, type ReplayProvider } from './replay.ts';
import { pct, rssMb } from './live.ts';
import { startSite } from './server.ts';

/**
 * Alerts (Web Push) at scale, on loopback: 10,000 browsers of a local push service (which checks each
 * request as a real one: VAPID, aes128gcm decrypted, TTL, urgency, topic; 20 ms an answer, as a remote
 * service takes) follow the clubs of the Liga Pro match in play on a copy of the built site's store;
 * the replayed match runs a minute every 1.5 s until its next goal. Measured:
 * - each push accepted by the push service, from the provider's answer that carried the goal (the
 *   store write follows it within milliseconds): p50, p95, the last;
 * - the server's memory before the goal and at its highest during the fan-out; a cached API
 *   request's p99 meanwhile;
 * - then the same again with a server killed (`kill -9`) mid-fan-out and started again: how many
 *   browsers got the goal, and how many got it twice.
 */

export interface AlertFigures {
  subscriptions: number;
  alert: string;
  fanOut: { delivered: number; p50Ms: number; p95Ms: number; lastMs: number };
  /** Pushes whose body the browser's keys could not decrypt (checked after the timing, as a browser would). */
  undecryptable: number;
  memoryMb: { before: number; peak: number; growth: number };
  cachedDuringFanOut: { p99Ms: number; rps: number; errors: number; replayOnlyP99Ms: number };
  crash: { killedAfter: number; delivered: number; twice: number; missing: number; restartToLastMs: number };
}

const SUBSCRIPTIONS = 10_000;
/** Writes the browsers into the readers' store before the server starts (the API's per-address limit is for readers, not a bench). */
async function seedSubscriptions(readersPath: string, service: PushServiceProcess, clubs: number[], count: number): Promise<void> {
  const browsers = await service.subscribe(count);
  const db = openDb(readersPath, READERS_MIGRATIONS);
  db.exec('BEGIN');
  const sub = db.prepare('INSERT INTO push_subscriptions (endpoint, p256dh, auth, created_at, updated_at) VALUES (?, ?, ?, ?, ?)');
  const follow = db.prepare("INSERT INTO push_follows (subscription_id, kind, target, alerts) VALUES (?, 'team', ?, 1)");
  const at = new Date().toISOString();
  for (const browser of browsers) {
    const id = Number(sub.run(browser.endpoint, browser.keys.p256dh, browser.keys.auth, at, at).lastInsertRowid);
    for (const club of clubs) follow.run(id, club);
  }
  db.exec('COMMIT');
  db.close();
}

interface Run {
  url: string;
  child: ChildProcess;
  provider: ReplayProvider;
  storePath: string;
  readersPath: string;
  env: NodeJS.ProcessEnv;
  dir: string;
}

const startServer = async (env: NodeJS.ProcessEnv, port: number) => (await startSite({ env, args: ['--api-only'], port, readyPath: '/api/health' })).child;

async function prepare(databasePath: string, distDir: string, service: PushServiceProcess): Promise<Run & { match: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'marcador-alerts-bench-'));
  const storePath = join(dir, 'marcador.db');
  const readersPath = join(dir, 'readers.db');
  const { seed, anchor } = copyStoreForReplay(databasePath, storePath);
  const store = new DatabaseSync(storePath, { readOnly: true });
  const live = store.prepare("SELECT id, home_id, away_id FROM fixtures WHERE league_id = 242 AND status_short IN ('1H', '2H') ORDER BY timestamp DESC").all() as Array<{
    id: number;
    home_id: number;
    away_id: number;
  }>;
  store.close();
  if (!live.length) throw new Error('the built store has no Liga Pro match in play to replay');
  // Each browser follows every club in play: whichever scores next, all 10,000 hear it.
  await seedSubscriptions(readersPath, service, [...new Set(live.flatMap((m) => [m.home_id, m.away_id]))], SUBSCRIPTIONS);
  const provider = await startReplayProvider(seed, anchor);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { ...replayServerEnv({ port, host: '127.0.0.1', storePath, readersPath, distDir, providerUrl: provider.url, anchor }), PUSH_ALLOW_LOOPBACK: '1', DEMO_DAYS: '0' };
  const child = await startServer(env, port);
  // The ingest's daily refresh passes first (a few seconds of the provider making tables).
  await new Promise((r) => setTimeout(r, 8_000));
  return { url, child, provider, storePath, readersPath, env, dir, match: live[0]!.id };
}

/** Moves the replay a minute every 1.5 s until the push service gets a first alert; returns the provider's answers by then. */
async function untilFirstAlert(run: Run, service: PushServiceProcess): Promise<void> {
  for (let minute = 1; minute <= 60; minute++) {
    await run.provider.setOffset(minute * 60_000);
    for (let t = 0; t < 15; t++) {
      if ((await service.count()) > 0) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error('no alert in 60 minutes of replayed play');
}

/** Resolves once `done(count)` holds, or after `timeoutMs` (the figures then say what was missing). */
async function until(service: PushServiceProcess, done: (count: number) => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !done(await service.count())) await new Promise((r) => setTimeout(r, 50));
}

async function stopRun(run: Run): Promise<void> {
  await new Promise<void>((done) => {
    if (run.child.exitCode !== null || run.child.signalCode !== null) return done();
    run.child.once('exit', () => done());
    run.child.kill('SIGTERM');
    setTimeout(() => run.child.kill('SIGKILL'), 10_000).unref();
  });
  run.provider.stop();
  rmSync(run.dir, { recursive: true, force: true });
}

/**
 * A cached API request every 20 ms (50 a second, a busy site's share of one origin behind a CDN) while
 * the fan-out runs: its p99 says whether readers' pages feel it. A closed loop as fast as loopback
 * allows would measure the loop's own load on two cores instead.
 */
function pacedProbe(url: string) {
  const samples: Array<{ at: number; ms: number; ok: boolean }> = [];
  const timer = setInterval(() => {
    const at = Date.now();
    const t0 = performance.now();
    fetch(url)
      .then(async (r) => {
        await r.arrayBuffer();
        samples.push({ at, ms: performance.now() - t0, ok: r.status === 200 });
      })
      .catch(() => samples.push({ at, ms: performance.now() - t0, ok: false }));
  }, 20);
  return {
    /** p99 and errors of the requests sent between `from` and `to` (epoch ms). */
    stop: async (from: number, to: number) => {
      clearInterval(timer);
      await new Promise((r) => setTimeout(r, 200));
      const window = samples.filter((x) => x.at >= from && x.at <= to);
      return {
        p99: pct(
          window.map((x) => x.ms),
          0.99,
        ),
        rps: window.length / Math.max(1, (to - from) / 1000),
        errors: window.filter((x) => !x.ok).length,
      };
    },
    before: (to: number) =>
      pct(
        samples.filter((x) => x.at < to).map((x) => x.ms),
        0.99,
      ),
  };
}

async function measureFanOut(databasePath: string, distDir: string) {
  const service = await startPushServiceProcess({ delayMs: 20 });
  const run = await prepare(databasePath, distDir, service);
  try {
    const before = rssMb(run.child.pid!);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(run.child.pid!))), 100);
    const cached = pacedProbe(`${run.url}/api/football/standings?league=242`);
    await untilFirstAlert(run, service);
    await until(service, (n) => n >= SUBSCRIPTIONS, 60_000);
    clearInterval(sampler);
    const answers = (await run.provider.answers()).all.sort((a, b) => a - b);
    const undecryptable = await service.undecryptable();
    const deliveries = await service.deliveries();
    const first = Math.min(...deliveries.map((d) => d.receivedAt));
    const last = Math.max(...deliveries.map((d) => d.receivedAt));
    // Before the alert the replay moves a minute every 1.5 s, and each ingest write empties the API's
    // cache (a request after it is computed again): that is the reference the fan-out is judged beside.
    const replayOnlyP99 = cached.before(first);
    const load = await cached.stop(first, last);
    const carried = answers.filter((a) => a <= first).at(-1) ?? first;
    const delays = deliveries.map((d) => d.receivedAt - carried);
    return {
      undecryptable,
      alert: `${deliveries[0]!.title} ${deliveries[0]!.body}`,
      fanOut: { delivered: new Set(deliveries.map((d) => d.subscriptionId)).size, p50Ms: pct(delays, 0.5), p95Ms: pct(delays, 0.95), lastMs: Math.max(...delays) },
      memoryMb: { before, peak, growth: peak - before },
      cachedDuringFanOut: { p99Ms: load.p99, rps: load.rps, errors: load.errors, replayOnlyP99Ms: replayOnlyP99 },
    };
  } finally {
    await stopRun(run);
    service.close();
  }
}

async function measureCrash(databasePath: string, distDir: string): Promise<AlertFigures['crash']> {
  const service = await startPushServiceProcess({ delayMs: 20 });
  const run = await prepare(databasePath, distDir, service);
  try {
    await untilFirstAlert(run, service);
    // Mid-fan-out: a few thousand sent, the rest claimed or waiting.
    await until(service, (n) => n >= SUBSCRIPTIONS * 0.3, 60_000);
    run.child.kill('SIGKILL');
    await new Promise((r) => run.child.once('exit', r));
    const killedAfter = await service.count();
    const restartedAt = Date.now();
    run.child = await startServer(run.env, Number(new URL(run.url).port));
    // Everyone, or as many as come within two minutes; then a while longer for any sent twice.
    await until(service, (n) => n >= SUBSCRIPTIONS, 120_000);
    await new Promise((r) => setTimeout(r, 3_000));
    const deliveries = await service.deliveries();
    const perBrowser = new Map<string, number>();
    for (const d of deliveries) perBrowser.set(d.subscriptionId, (perBrowser.get(d.subscriptionId) ?? 0) + 1);
    return {
      killedAfter,
      delivered: perBrowser.size,
      twice: [...perBrowser.values()].filter((n) => n > 1).length,
      missing: SUBSCRIPTIONS - perBrowser.size,
      restartToLastMs: Math.max(...deliveries.map((d) => d.receivedAt)) - restartedAt,
    };
  } finally {
    await stopRun(run);
    service.close();
  }
}

export async function measureAlerts(options: { databasePath: string; distDir: string; log?: (m: string) => void }): Promise<AlertFigures> {
  const log = options.log ?? ((m: string) => console.log(m));
  const fan = await measureFanOut(options.databasePath, options.distDir);
  log(`[bench] alerts: ${fan.fanOut.delivered} of ${SUBSCRIPTIONS} delivered, p95 ${fan.fanOut.p95Ms} ms; "${fan.alert}"`);
  const crash = await measureCrash(options.databasePath, options.distDir);
  log(`[bench] alerts after kill -9 at ${crash.killedAfter}: ${crash.delivered} delivered, ${crash.twice} twice, ${crash.missing} missing`);
  return { subscriptions: SUBSCRIPTIONS, ...fan, crash };
}
