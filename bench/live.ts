import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { freePort } from '../scripts/free-port.ts';
import { copyStoreForReplay, replayServerEnv, startReplayProvider, type ReplayProvider } from './replay.ts';
import { loadTest } from './load.ts';

/**
 * The live section of `npm run bench` (ARCHITECTURE.md "Push"): a server on a copy of the built site's store,
 * its ingest reading the demo season over HTTP from a provider on 127.0.0.1 whose clock the bench
 * moves a minute at a time (every move is a change: the minute, and the events of that minute), live
 * polls every second. Measured on loopback:
 * - fan-out: 2,000 open `/api/live` streams (from 250 loopback addresses, 8 each: the per-reader cap),
 *   for each change the time from the provider's answer (the store write follows it within
 *   milliseconds) to each stream receiving it; the server's memory before and after opening them; a
 *   cached API request's p99 while they are open;
 * - the bytes on the wire of a pushed goal;
 * - in Chromium, the time from the provider's answer to the match page's DOM showing the change.
 */

export interface LiveFigures {
  fanOut: { streams: number; changes: number; p50Ms: number; p95Ms: number; maxMs: number; missed: number };
  memoryMb: { before: number; after: number; growth: number };
  cachedDuringStreams: { p99Ms: number; rps: number; errors: number };
  goalBytes: number | null;
  dom: { samples: number; p50Ms: number; p95Ms: number; commentary: { samples: number; p50Ms: number; p95Ms: number } | null } | null;
}

export const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
};

/** A process's resident memory (MB), from /proc. */
export function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return line ? Number(line.replace(/\D+/g, '')) / 1024 : NaN;
}

interface Stream {
  received: Map<number, number>;
  close: () => void;
}

/** One SSE reader on loopback from `localAddress`; records when each event id arrived. */
function openStream(url: string, localAddress: string, onGoal?: (bytes: number) => void): Promise<Stream> {
  return new Promise((resolveOpen, reject) => {
    const received = new Map<number, number>();
    const req = request(url, { localAddress, agent: false, headers: { accept: 'text/event-stream' } }, (res: IncomingMessage) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`/api/live answered ${res.statusCode} to ${localAddress}`));
        return;
      }
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const at = Date.now();
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut + 2);
          buffer = buffer.slice(cut + 2);
          const id = /^id: (\d+)$/m.exec(block)?.[1];
          if (id) received.set(Number(id), at);
          if (onGoal && block.includes('"Goal"') && block.includes('"newEvents"')) onGoal(Buffer.byteLength(block));
        }
      });
      resolveOpen({ received, close: () => req.destroy() });
    });
    req.on('error', reject);
    req.end();
  });
}

export async function measureLive(options: { databasePath: string; distDir: string; chromePath: string | null; streams?: number; log?: (m: string) => void }): Promise<LiveFigures> {
  const log = options.log ?? ((m: string) => console.log(m));
  const dir = mkdtempSync(join(tmpdir(), 'marcador-live-bench-'));
  const storePath = join(dir, 'marcador.db');
  // A consistent copy of the built site's store as provider data, and the demo season as its provider.
  const { seed, anchor } = copyStoreForReplay(options.databasePath, storePath);
  const store = new DatabaseSync(storePath, { readOnly: true });
  const live = store.prepare("SELECT id FROM fixtures WHERE league_id = 242 AND status_short IN ('1H', '2H') ORDER BY timestamp DESC").all() as Array<{ id: number }>;
  store.close();
  if (!live.length) throw new Error('the built store has no Liga Pro match in play to replay');
  const provider = await startReplayProvider(seed, anchor);
  const providerUrl = provider.url;
  let offsetMs = 0;
  const setOffset = async (ms: number) => {
    offsetMs = ms;
    await provider.setOffset(ms);
  };
  const answers = provider.answers;

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Without a browser the site is not needed: the API alone.
  const child: ChildProcess = spawn(process.execPath, ['server/main.ts', ...(options.chromePath ? [] : ['--api-only'])], {
    env: replayServerEnv({ port, host: '0.0.0.0', storePath, readersPath: join(dir, 'readers.db'), distDir: options.distDir, providerUrl, anchor }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const streams: Stream[] = [];
  try {
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`the live bench server exited (${child.exitCode})`);
      const health = await fetch(`${url}/api/health`).catch(() => null);
      if (health?.status === 200) break;
      // Say why: health's body names what is not ready (the store, the ingest, the built site's data).
      if (i > 240) throw new Error(`the live bench server did not become ready: ${health ? `${health.status} ${await health.text()}` : 'no answer'}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    // Let the ingest's daily refresh pass (a few seconds of the provider generating tables).
    await new Promise((r) => setTimeout(r, 8_000));

    const before = rssMb(child.pid!);
    const count = options.streams ?? 2_000;
    let goalBytes: number | null = null;
    for (let i = 0; i < count; i++) {
      const address = `127.0.${1 + Math.floor(i / 8 / 250)}.${1 + (Math.floor(i / 8) % 250)}`;
      streams.push(await openStream(`${url}/api/live?leagues=242`, address, i === 0 ? (bytes) => (goalBytes ??= bytes) : undefined));
    }
    await new Promise((r) => setTimeout(r, 2_000));
    const after = rssMb(child.pid!);
    log(`[bench] live: ${count} streams open; server RSS ${before.toFixed(0)} → ${after.toFixed(0)} MB`);

    // Move the replay a minute every 1.5 s: each poll brings one change per match in play.
    const moves = 30;
    const cached = loadTest(`${url}/api/football/standings?league=242`, { connections: 2, durationMs: moves * 1_500 - 2_000 });
    for (let k = 1; k <= moves; k++) {
      await setOffset(k * 60_000);
      await new Promise((r) => setTimeout(r, 1_500));
    }
    const load = await cached;
    await new Promise((r) => setTimeout(r, 1_500));

    // Each change: the provider's answer that first carried it → each stream's arrival.
    const changeIds = [...new Set(streams.flatMap((s) => [...s.received.keys()]))].sort((a, b) => a - b);
    const answerTimes = (await answers()).all.sort((a, b) => a - b);
    const delays: number[] = [];
    let missed = 0;
    for (const id of changeIds) {
      const arrivals = streams.map((s) => s.received.get(id));
      const first = Math.min(...arrivals.filter((a): a is number => a !== undefined));
      const answer = answerTimes.filter((a) => a <= first).at(-1);
      if (answer === undefined) continue;
      for (const a of arrivals) {
        if (a === undefined) missed += 1;
        else delays.push(a - answer);
      }
    }

    let dom: LiveFigures['dom'] = null;
    if (options.chromePath) dom = await measureDom(options.chromePath, url, live[0].id, () => offsetMs, setOffset, answers);

    return {
      fanOut: { streams: count, changes: changeIds.length, p50Ms: pct(delays, 0.5), p95Ms: pct(delays, 0.95), maxMs: Math.max(...delays), missed },
      memoryMb: { before, after, growth: after - before },
      cachedDuringStreams: { p99Ms: load.p99, rps: load.rps, errors: load.errors },
      goalBytes,
      dom,
    };
  } finally {
    for (const s of streams) s.close();
    await new Promise<void>((done) => {
      if (child.exitCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    });
    provider.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A reader on the match page in Chromium: each move of the replay changes the minute on the
 * scoreboard; the page records when its DOM changed, the bench when the provider answered.
 */
async function measureDom(
  chromePath: string,
  url: string,
  fixtureId: number,
  offset: () => number,
  setOffset: (ms: number) => Promise<void>,
  answers: ReplayProvider['answers'],
): Promise<LiveFigures['dom']> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-background-networking'] });
  try {
    const page = await browser.newPage();
    // Hydrated, and the stream open (an open stream never reaches resource timing: watch the request).
    const streamOpened = page.waitForRequest((r) => r.url().includes('/api/live?'), { timeout: 20_000 });
    await page.goto(`${url}/partidos/${fixtureId}`, { waitUntil: 'load' });
    await streamOpened;
    await page.waitForTimeout(500);
    // The Relato open, as a reader following the match would have it: its new lines are timed too.
    await page.locator('#relato summary').click();
    await page.evaluate(() => {
      const w = window as unknown as { __changes: Array<{ at: number; text: string }>; __lines: Array<{ at: number; count: number }> };
      const target = document.querySelector('[data-live-match]') ?? document.body;
      w.__changes = [];
      w.__lines = [];
      new MutationObserver(() => {
        w.__changes.push({ at: Date.now(), text: target.textContent ?? '' });
      }).observe(target, { subtree: true, childList: true, characterData: true });
      const relato = document.querySelector('#relato');
      const lines = () => relato?.querySelectorAll('[data-commentary-list] > li').length ?? 0;
      if (relato) new MutationObserver(() => w.__lines.push({ at: Date.now(), count: lines() })).observe(relato, { subtree: true, childList: true });
    });
    const linesNow = () => page.evaluate(() => document.querySelectorAll('#relato [data-commentary-list] > li').length);
    const samples: number[] = [];
    const lineSamples: number[] = [];
    for (let k = 0; k < 25; k++) {
      const next = offset() + 60_000;
      const before = await page.evaluate(() => (window as unknown as { __changes: unknown[] }).__changes.length);
      const linesBefore = await linesNow();
      await setOffset(next);
      const seen = await page.waitForFunction((n) => (window as unknown as { __changes: unknown[] }).__changes.length > n, before, { timeout: 10_000 }).then(
        () => true,
        () => false,
      );
      const answered = (await answers()).live[String(next)];
      if (seen && answered !== undefined) {
        const changes = await page.evaluate(() => (window as unknown as { __changes: Array<{ at: number }> }).__changes);
        const at = changes.find((c) => c.at >= answered)?.at;
        if (at !== undefined) samples.push(at - answered);
        // A minute that brought an event brings its Relato line: when did the list grow?
        const lines = await page.evaluate(() => (window as unknown as { __lines: Array<{ at: number; count: number }> }).__lines);
        const grew = lines.find((l) => l.at >= answered && l.count > linesBefore)?.at;
        if (grew !== undefined) lineSamples.push(grew - answered);
      }
      await new Promise((r) => setTimeout(r, 300));
    }
    if (!samples.length) return null;
    const commentary = lineSamples.length ? { samples: lineSamples.length, p50Ms: pct(lineSamples, 0.5), p95Ms: pct(lineSamples, 0.95) } : null;
    return { samples: samples.length, p50Ms: pct(samples, 0.5), p95Ms: pct(samples, 0.95), commentary };
  } finally {
    await browser.close();
  }
}

/** `npm run bench -- --only=live` runs it alone against the built site (dist/ and its store). */
export function liveBenchPaths() {
  return { databasePath: resolve(process.env.DATABASE_PATH ?? 'data/marcador.db'), distDir: resolve(process.env.DIST_DIR ?? 'dist') };
}
