import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pushpinPorts, startPushpin, type PushpinInstance } from '../deploy/pushpin/local.ts';
import { freePort } from '../scripts/free-port.ts';
import { openDb, setMeta } from '../server/store/db.ts';
import { startStub, type Stub } from '../tests/helpers/api-football-stub.ts';
import { capturedMatch, replayHandler, seedMatch } from '../tests/helpers/replay.ts';
import { Agent, get } from 'node:http';
import { pct, rssMb } from './live.ts';
import type { ReadersJob, ReadersReport } from './pushpin-readers.ts';

/**
 * `npm run bench -- --only=pushpin` (issue 37): `/api/live` through Pushpin on this machine. An API server
 * (PUSH_PROXY) whose ingest follows a replayed match (the real Manchester United 1-0 Fulham from 70',
 * moved a minute every 2 s, live polls every second) behind two Pushpin instances with the repo's config
 * (a process here may hold 20,000 files at most, so one instance could not hold 20,000 readers);
 * 20,000 readers, 8 per loopback address (the per-reader cap, counted across both instances), a quarter
 * each following the league, the match, both, or everything, in reader processes of their own.
 * Measured: each change from the provider's answer that carried it to each stream, p50 / p95 / last, and
 * streams that missed one or got one twice; the API process's memory before and after the streams
 * opened; a cached API request's p99 during the fan-out; what Pushpin's processes take.
 */

export interface PushpinFigures {
  streams: number;
  instances: number;
  /** Streams not open when the fan-out began. */
  refused: number;
  /** Streams opened again before the fan-out (Pushpin failed them as they opened: see docs/ARCHITECTURE.md). */
  reopened: number;
  openSeconds: number;
  /** During the fan-out: `ended` streams Pushpin closed (their readers came back with Last-Event-ID). */
  fanOut: { changes: number; p50Ms: number; p95Ms: number; maxMs: number; missed: number; duplicates: number; ended: number };
  /** Resident size: before the streams, with them open, after the fan-out. */
  apiMemoryMb: { before: number; afterOpen: number; afterFanOut: number; growth: number };
  /** The heap the API keeps (after a collection) before the streams and with them open: what they cost it. */
  apiHeapMb: { before: number; withStreams: number; growth: number };
  cachedDuringFanOut: { p99Ms: number; rps: number; errors: number };
  pushpinMemoryMb: number;
  /** CPU seconds each kind of process spent during the fan-out (the machine has two cores). */
  cpuDuringFanOut: Record<string, number>;
  /** Per change: streams that got it, p95 of its delays. */
  perChange: Array<{ id: string; streams: number; p95Ms: number }>;
  /** Open streams that got no change during the fan-out (address and query; 20 per reader process at most). */
  silent: string[];
}

const STREAMS = 20_000;
const INSTANCES = 2;
const READER_PROCESSES = 4;
const PER_ADDRESS = 8;
const MOVES = 12;
// One change at a time: the budget is one change reaching every stream, not a queue of them.
const MOVE_MS = 3_000;
/** The cached request's pace during the fan-out: readers' pages asking while it runs, not a load test of its own. */
const PROBE_EVERY_MS = 5;
// Kick-off so that the bench starts at 70' (real minute 86 of the demo clock: 47 + 15 of break + 24).
const START_REAL_MINUTE = 86;

/** Pushpin's runner and its services (condure, zurl, proxy, handler). */
function pushpinPids(pid: number): number[] {
  return [
    pid,
    ...execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map(Number)
      .filter(Boolean),
  ];
}

/** CPU seconds each process spent so far, by /proc (user + system, in clock ticks of 1/100 s), keyed by its name. */
function cpuSeconds(pids: Array<{ pid: number; name?: string }>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const { pid, name } of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const key = name ?? readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
      out[key] = (out[key] ?? 0) + (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      // gone
    }
  }
  return out;
}

async function startApi(dir: string, env: Record<string, string>, port: number, stubUrl: string, t0: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', './bench/heap-probe.ts', 'server/main.ts', '--api-only'], {
    env: {
      ...process.env,
      HEAP_PROBE_FILE: join(dir, 'heap.json'),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_PATH: join(dir, 'marcador.db'),
      READERS_DATABASE_PATH: join(dir, 'readers.db'),
      DIST_DIR: join(dir, 'dist'),
      BACKUP_DAILY: '0',
      DEMO_DAYS: '0',
      API_FOOTBALL_KEY: 'bench',
      API_FOOTBALL_BASE_URL: stubUrl,
      SYNC_LEAGUES: '39',
      MARCADOR_NOW: new Date(t0).toISOString(),
      MARCADOR_CLOCK: 'running',
      INGEST_LIVE_SECONDS: '1',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the bench's API server exited (${child.exitCode})`);
    if ((await fetch(`http://127.0.0.1:${port}/api/time`).catch(() => null))?.ok) return child;
    if (i > 600) throw new Error('the bench API server did not start in 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A request to `url` every `everyMs` for `durationMs`, on keep-alive connections: latencies and errors. */
async function pacedRequests(url: string, everyMs: number, durationMs: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  const latencies: number[] = [];
  let errors = 0;
  const pending: Promise<void>[] = [];
  const end = performance.now() + durationMs;
  while (performance.now() < end) {
    const started = performance.now();
    pending.push(
      new Promise<void>((done) => {
        const req = get(url, { agent }, (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - started);
            if (res.statusCode !== 200) errors += 1;
            done();
          });
        });
        req.on('error', () => ((errors += 1), done()));
      }),
    );
    await new Promise((r) => setTimeout(r, everyMs));
  }
  await Promise.all(pending);
  agent.destroy();
  return { p99: pct(latencies, 0.99), rps: latencies.length / (durationMs / 1000), errors };
}

/** The API's heap after a collection (bench/heap-probe.ts), in MB. */
async function keptHeapMb(api: ChildProcess, dir: string): Promise<number> {
  const file = join(dir, 'heap.json');
  const asked = Date.now();
  api.kill('SIGUSR2');
  for (let i = 0; i < 100; i++) {
    await new Promise((r) => setTimeout(r, 100));
    try {
      const probe = JSON.parse(readFileSync(file, 'utf8')) as { at: number; heapUsedMb: number };
      if (probe.at >= asked) return probe.heapUsedMb;
    } catch {
      // not written yet
    }
  }
  return NaN;
}

function startReaders(job: ReadersJob) {
  const child = fork(new URL('./pushpin-readers.ts', import.meta.url), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = <T>(type: string) =>
    new Promise<T>((done, fail) => {
      const onMessage = (m: { type: string } & T) => {
        if (m.type !== type) return;
        child.off('message', onMessage);
        done(m);
      };
      child.on('message', onMessage);
      child.once('exit', (code) => fail(new Error(`a reader process exited (${code}) before its ${type}`)));
    });
  const ask = <T>(type: string) => {
    const answer = next<T>(type);
    child.send({ type });
    return answer;
  };
  const opened = next<{ statuses: Record<string, number> }>('opened');
  child.send(job);
  return {
    pid: child.pid!,
    opened,
    status: () => ask<{ open: number; reconnections: number }>('status'),
    reset: () => child.send({ type: 'reset' }),
    report: async () => (await ask<{ report: ReadersReport }>('report')).report,
    close: () => (child.connected ? child.send({ type: 'close' }) : undefined, setTimeout(() => child.kill(), 2_000).unref()),
  };
}

export async function measurePushpin(options: { streams?: number; log?: (m: string) => void } = {}): Promise<PushpinFigures> {
  const log = options.log ?? ((m: string) => console.log(m));
  const streams = options.streams ?? STREAMS;
  const dir = mkdtempSync(join(tmpdir(), 'marcador-pushpin-bench-'));
  const t0 = Date.now();
  const match = capturedMatch(t0 - START_REAL_MINUTE * 60_000);
  let ahead = 0;
  const answers: number[] = [];
  const replay = replayHandler(match, () => Date.now() + ahead * 60_000);
  let stub: Stub | null = null;
  let api: ChildProcess | null = null;
  const pushpins: PushpinInstance[] = [];
  const readers: Array<ReturnType<typeof startReaders>> = [];
  try {
    stub = await startStub((request) => {
      const reply = replay(request);
      if (request.path === '/fixtures') answers.push(Date.now());
      return reply;
    });
    const db = openDb(join(dir, 'marcador.db'));
    seedMatch(db, match, t0 - 60_000);
    setMeta(db, 'source', 'api-football');
    setMeta(db, 'data.version', 'pushpin-bench');
    db.close();
    const key = randomBytes(24).toString('base64url');
    const ports = await Promise.all(Array.from({ length: INSTANCES }, () => pushpinPorts()));
    const apiPort = await freePort();
    api = await startApi(
      dir,
      {
        PUSH_PROXY: ports.map((p) => `http://127.0.0.1:${p.publish}`).join(','),
        PUSH_PROXY_STATS: ports.map((p) => `tcp://127.0.0.1:${p.stats}`).join(','),
        PUSH_PROXY_KEY: key,
        TRUST_PROXY: '1',
      },
      apiPort,
      stub.baseUrl,
      t0,
    );
    const perInstance = Math.ceil(streams / INSTANCES);
    for (const p of ports) pushpins.push(await startPushpin({ apiPort, key, ports: p, maxConnections: perInstance + 1_000 }));
    // The ingest's first polls and details reads settle before the memory is read.
    await new Promise((r) => setTimeout(r, 5_000));
    const before = rssMb(api.pid!);
    const heapBefore = await keptHeapMb(api, dir);

    const queries = ['?leagues=39', `?fixtures=${match.fixture.id}`, `?leagues=39&fixtures=${match.fixture.id}`, ''];
    // Whole addresses per process: a reader's 8 streams stay in one process, on one instance.
    const perProcess = Math.ceil(streams / READER_PROCESSES / PER_ADDRESS) * PER_ADDRESS;
    const openedAt = performance.now();
    for (let k = 0; k < READER_PROCESSES; k++) {
      const count = Math.min(perProcess, streams - k * perProcess);
      const instance = pushpins[Math.floor((k * INSTANCES) / READER_PROCESSES)]!;
      readers.push(startReaders({ url: instance.url, count, firstAddress: (k * perProcess) / PER_ADDRESS, queries, perAddress: PER_ADDRESS, concurrency: 64 }));
    }
    const statuses = (await Promise.all(readers.map((r) => r.opened))).map((o) => o.statuses);
    // Streams Pushpin failed while they opened come back as an EventSource's would; the fan-out starts
    // once every one is open again (or a minute has passed).
    const settleBy = Date.now() + 60_000;
    let open = 0;
    let reconnections = 0;
    do {
      await new Promise((r) => setTimeout(r, 1_000));
      const now = await Promise.all(readers.map((r) => r.status()));
      open = now.reduce((n, s) => n + s.open, 0);
      reconnections = now.reduce((n, s) => n + s.reconnections, 0);
    } while (open < streams && Date.now() < settleBy);
    const openSeconds = (performance.now() - openedAt) / 1000;
    log(`[bench] pushpin: ${open} of ${streams} streams open in ${openSeconds.toFixed(1)} s, ${reconnections} reopened (first answers: ${JSON.stringify(statuses)})`);
    await new Promise((r) => setTimeout(r, 3_000));
    const afterOpen = rssMb(api.pid!);
    const heapWithStreams = await keptHeapMb(api, dir);
    for (const r of readers) r.reset();

    const processes = () => [
      { pid: api!.pid!, name: 'api' },
      { pid: process.pid, name: 'bench' },
      ...readers.map((r) => ({ pid: r.pid, name: 'readers' })),
      ...pushpins.flatMap((p) => pushpinPids(p.pid).map((pid) => ({ pid }))),
    ];
    const cpuBefore = cpuSeconds(processes());
    const cached = pacedRequests(`http://127.0.0.1:${apiPort}/api/football/fixtures?id=${match.fixture.id}`, PROBE_EVERY_MS, MOVES * MOVE_MS - 1_000);
    const movesStartedAt = Date.now();
    for (let k = 1; k <= MOVES; k++) {
      ahead = k;
      await new Promise((r) => setTimeout(r, MOVE_MS));
    }
    const load = await cached;
    await new Promise((r) => setTimeout(r, 2_000));
    const afterFanOut = rssMb(api.pid!);
    const cpuAfter = cpuSeconds(processes());
    const cpuDuringFanOut = Object.fromEntries(Object.entries(cpuAfter).map(([k, v]) => [k, Math.round((v - (cpuBefore[k] ?? 0)) * 10) / 10]));
    const reports = await Promise.all(readers.map((r) => r.report()));

    // Each change: the provider's answer that first carried it → each stream's arrival.
    const times = [...answers].sort((a, b) => a - b);
    // A change some streams had before the fan-out began is not one of its changes, wherever it arrived late.
    const seenBefore = Math.max(...reports.map((r) => r.seenBeforeReset));
    const ids = [...new Set(reports.flatMap((r) => Object.keys(r.arrivals)))].filter((id) => Number(id) > seenBefore).sort();
    const delays: number[] = [];
    let missed = 0;
    let changes = 0;
    const perChange: PushpinFigures['perChange'] = [];
    for (const id of ids) {
      const arrivals = reports.flatMap((r) => r.arrivals[id] ?? []);
      const first = arrivals.reduce((m, a) => Math.min(m, a), Infinity);
      const answer = times.filter((a) => a <= first).at(-1);
      // A change from before the moves (the ingest's first reads) is not one of the bench's.
      if (answer === undefined || answer < movesStartedAt) continue;
      changes += 1;
      missed += streams - arrivals.length;
      const own = arrivals.map((a) => a - answer);
      perChange.push({ id, streams: arrivals.length, p95Ms: pct(own, 0.95) });
      for (const d of own) delays.push(d);
    }
    return {
      streams,
      instances: INSTANCES,
      refused: streams - open,
      reopened: reconnections,
      openSeconds,
      fanOut: {
        changes,
        p50Ms: pct(delays, 0.5),
        p95Ms: pct(delays, 0.95),
        maxMs: delays.reduce((m, d) => Math.max(m, d), -Infinity),
        missed,
        duplicates: reports.reduce((n, r) => n + r.duplicates, 0),
        ended: reports.reduce((n, r) => n + r.ended, 0),
      },
      apiMemoryMb: { before, afterOpen, afterFanOut, growth: Math.max(afterOpen, afterFanOut) - before },
      apiHeapMb: { before: heapBefore, withStreams: heapWithStreams, growth: heapWithStreams - heapBefore },
      cachedDuringFanOut: { p99Ms: load.p99, rps: load.rps, errors: load.errors },
      pushpinMemoryMb: pushpins.flatMap((p) => pushpinPids(p.pid)).reduce((mb, pid) => mb + (rssMb(pid) || 0), 0),
      cpuDuringFanOut,
      perChange,
      silent: reports.flatMap((r) => r.silent),
    };
  } finally {
    for (const r of readers) r.close();
    for (const p of pushpins) await p.stop();
    if (api && api.exitCode === null) {
      const exited = new Promise((done) => api!.once('exit', done));
      api.kill('SIGTERM');
      await exited;
    }
    await stub?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
