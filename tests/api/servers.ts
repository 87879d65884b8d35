import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { freePort } from '../../scripts/free-port.ts';
import { ensureData } from '../../server/providers/ensure-data.ts';
import { openDb, setMeta } from '../../server/store/db.ts';
import type { ApiFixtureFull } from '../../server/store/provider-types.ts';
import { startStub, type Stub } from '../helpers/api-football-stub.ts';
import { replayHandler, seedMatch } from '../helpers/replay.ts';

/** The fixed clock of the contract tests: a Saturday evening of Liga Pro in Quito. */
export const TEST_NOW = '2026-11-22T20:30:00-05:00';

/**
 * Real API servers for the contract tests: the shared one (global-setup.ts) and the store tests' own
 * (deleted, read-only, killed stores), each on its own temp folder. For the latter the demo season is
 * generated once into a template and copied, so a start takes a second.
 */
export interface TestServer {
  url: string;
  dir: string;
  output: () => string;
  /** SIGTERM and wait; SIGKILL with `kill: true`. */
  stop: (options?: { kill?: boolean }) => Promise<void>;
}

let template: string | null = null;

/** A folder holding `marcador.db`: the demo season anchored at TEST_NOW (made once per test file). */
export function demoStoreDir(): string {
  if (!template) {
    template = mkdtempSync(join(tmpdir(), 'marcador-template-'));
    const db = openDb(join(template, 'marcador.db'));
    ensureData(db, { now: new Date(TEST_NOW), env: { MARCADOR_NOW: TEST_NOW }, log: () => {} });
    db.close();
  }
  const dir = mkdtempSync(join(tmpdir(), 'marcador-stores-'));
  copyFileSync(join(template, 'marcador.db'), join(dir, 'marcador.db'));
  return dir;
}

export function removeTemplate(): void {
  if (template) rmSync(template, { recursive: true, force: true });
  template = null;
}

/**
 * Starts `server/main.ts --api-only` on `dir`'s stores (fixed clock, no provider key) and waits until it
 * answers; `args: []` serves the site too (from `DIST_DIR`, say).
 */
export async function startServer(dir: string, env: Record<string, string> = {}, args = ['--api-only']): Promise<TestServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['server/main.ts', ...args], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_PATH: join(dir, 'marcador.db'),
      READERS_DATABASE_PATH: '',
      MARCADOR_NOW: TEST_NOW,
      API_FOOTBALL_KEY: '',
      TRUST_PROXY: '1',
      // The pages page views may count: none unless a test writes a build there (writeBuild).
      DIST_DIR: join(dir, 'dist'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API server exited early (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${url}/api/time`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`API server did not start within 90 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    dir,
    output: () => output,
    stop: ({ kill = false } = {}) =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', () => done());
        child.kill(kill ? 'SIGKILL' : 'SIGTERM');
      }),
  };
}

/** A store file nobody may write, even root (chmod, and the immutable flag when root). Returns the undo. */
export function makeReadOnly(path: string): { undo: () => void; effective: boolean } {
  chmodSync(path, 0o444);
  let immutable = false;
  if (process.getuid?.() === 0) immutable = spawnSync('chattr', ['+i', path]).status === 0;
  const undo = () => {
    if (immutable) spawnSync('chattr', ['-i', path]);
    chmodSync(path, 0o644);
  };
  return { undo, effective: process.getuid?.() !== 0 || immutable };
}

/** Every row of `table` in the store at `path`, in a stable order (the store is opened read-only). */
export function rows(path: string, table: string): unknown[] {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).all();
  } finally {
    db.close();
  }
}

export function integrity(path: string): string {
  const db = new DatabaseSync(path);
  try {
    return (db.prepare('PRAGMA integrity_check').get() as { integrity_check: string }).integrity_check;
  } finally {
    db.close();
  }
}

export async function postJson(url: string, path: string, body: unknown, client = `c-${Math.random()}`) {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

/** A stand-in for a site build in `dir`/dist: one `index.html` per page path, so page views of them count. */
export function writeBuild(dir: string, paths: string[]): string {
  const dist = join(dir, 'dist');
  for (const path of paths) {
    const folder = join(dist, path);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'index.html'), `<!doctype html><title>${path}</title>`);
  }
  return dist;
}

/**
 * One HTTP request sent from a given loopback address (127.0.0.2, 127.0.0.3: two readers on one
 * machine), the way the server sees a reader's socket. Body as JSON when `json` is given.
 */
export function requestFrom(
  localAddress: string,
  url: string,
  options: { method?: string; headers?: Record<string, string>; json?: unknown; body?: string } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: any }> {
  const body = options.json !== undefined ? JSON.stringify(options.json) : options.body;
  const headers: Record<string, string> = { ...(options.json !== undefined ? { 'content-type': 'application/json' } : {}), ...options.headers };
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? (body === undefined ? 'GET' : 'POST'), headers, localAddress, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => {
        let parsed: unknown = text;
        try {
          parsed = text ? JSON.parse(text) : null;
        } catch {
          // not JSON: the text itself
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed });
      });
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/**
 * A server whose ingest follows `match` replayed by a stub provider at `nowMs()` (a Pro plan's
 * headers, live polls every second), its clock running from TEST_NOW, its store seeded two minutes
 * before. For the tests of what the ingest publishes (live streams, alerts). Stop the server and the
 * stub, and remove `dir`, when done.
 */
export async function startReplayServer(
  match: ApiFixtureFull,
  nowMs: () => number,
  name: string,
  env: Record<string, string> = {},
): Promise<{ server: TestServer; stub: Stub; dir: string }> {
  const stub = await startStub(replayHandler(match, nowMs));
  const dir = mkdtempSync(join(tmpdir(), `marcador-${name}-`));
  const db = openDb(join(dir, 'marcador.db'));
  seedMatch(db, match, Date.parse(TEST_NOW) - 2 * 60_000);
  setMeta(db, 'source', 'api-football');
  setMeta(db, 'data.version', `${name}-test`);
  db.close();
  const server = await startServer(dir, {
    API_FOOTBALL_KEY: 'test-key',
    API_FOOTBALL_BASE_URL: stub.baseUrl,
    SYNC_LEAGUES: String(match.league.id),
    MARCADOR_CLOCK: 'running',
    INGEST_LIVE_SECONDS: '1',
    ...env,
  });
  return { server, stub, dir };
}
