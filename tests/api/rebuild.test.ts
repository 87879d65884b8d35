import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port.ts';
import { generateDemoSeason } from '../../server/providers/demo/generate.ts';
import { openDb, setMeta } from '../../server/store/db.ts';
import { writeCompetition } from '../../server/store/write.ts';

/**
 * An editor's rebuild, end to end, on its own server (own store, own dist): one real build (a club
 * renamed in the store shows on the page after it, the previous site answers 200 all along), then a
 * coalesced follow-up that fails fast and leaves that site serving with the error recorded. The
 * coordinator's queue itself is unit-tested with fake builds (server/deploy/rebuilds.test.ts).
 *
 * A small site: the store holds one competition of the demo season (Serie B), so the real build
 * renders a few hundred pages, not the season's four thousand (the e2e suite builds those).
 */
/** The one competition in the store. */
const LEAGUE = 243;
/** The page that lists every club (absent from the old site, which only has a home page). */
const LISTING_PAGE = '/equipos';
/** A page the old site has: it must answer 200 all through the rebuild. */
const SERVING_PAGE = '/';
const TOKEN = 'test-admin-token-0123456789';

let dir: string;
let base: string;
let child: ChildProcess;
let output = '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'marcador-rebuild-'));
  // The site being served before: an old real dist/ folder, as deployments made before dist became a symlink.
  mkdirSync(join(dir, 'dist'));
  writeFileSync(join(dir, 'dist', 'index.html'), '<!doctype html><title>Sitio anterior</title><p>Sitio anterior</p>');
  // Not marked as the demo's: the server keeps it as it is, neither regenerated nor re-anchored.
  const season = generateDemoSeason({ seed: 2026, anchor: new Date('2026-11-22T20:30:00-05:00') });
  const store = openDb(join(dir, 'store.db'));
  writeCompetition(store, season.competitions.find((c) => c.league.league.id === LEAGUE)!);
  setMeta(store, 'source', 'test: one competition');
  store.close();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_PATH: join(dir, 'store.db'),
      DIST_DIR: join(dir, 'dist'),
      // Its builds keep their own incremental cache: the e2e site's (node_modules/.astro) is left alone.
      BUILD_CACHE_DIR: join(dir, 'build-cache'),
      MARCADOR_NOW: '2026-11-22T20:30:00-05:00',
      API_FOOTBALL_KEY: '',
      TRUST_PROXY: '1',
      // Serve the old site as it is: only the editor's request builds.
      SKIP_BUILD: '1',
      // Nothing writes the store but the test.
      INGEST: '0',
      ADMIN_TOKEN: TOKEN,
      SITE_BUILD_FAIL_FILE: join(dir, 'fail'),
      DEPLOY_HOOK_URL: '',
      REBUILD_EVERY: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${base}/api/time`)).ok) break;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}, 120_000);

afterAll(async () => {
  child?.kill('SIGTERM');
  await new Promise((r) => (child?.exitCode !== null ? r(null) : child.once('exit', r)));
  rmSync(dir, { recursive: true, force: true });
});

const admin = (method: 'GET' | 'POST', token = TOKEN, ip = '10.1.0.1') =>
  fetch(`${base}/api/admin/rebuild`, { method, headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': ip } });
const status = async () => (await (await admin('GET')).json()) as { state: string; followUp: boolean; lastSuccess: { pages: number; ms: number } | null; lastFailure: { error: string } | null };

/** What a provider sync writes when a club changes its name: the team and every stored copy of it. */
function renameClub(id: number, from: string, to: string): void {
  const db = new DatabaseSync(join(dir, 'store.db'));
  db.exec('PRAGMA busy_timeout = 5000');
  db.prepare('UPDATE teams SET name = ? WHERE id = ?').run(to, id);
  const tables = db.prepare(`SELECT m.name FROM sqlite_master m WHERE m.type = 'table' AND EXISTS (SELECT 1 FROM pragma_table_info(m.name) WHERE name = 'data')`).all() as Array<{ name: string }>;
  for (const { name } of tables) db.prepare(`UPDATE "${name}" SET data = replace(data, ?, ?)`).run(`"name":${JSON.stringify(from)}`, `"name":${JSON.stringify(to)}`);
  db.close();
}

describe('editors rebuild the site', () => {
  it('refuses bad tokens (401) and queues nothing; the old site serves with its security headers', async () => {
    expect((await admin('POST', 'wrong')).status).toBe(401);
    expect((await fetch(`${base}/api/admin/rebuild`, { method: 'POST' })).status).toBe(401);
    const state = await status();
    expect(state).toMatchObject({ state: 'idle', lastSuccess: null, lastFailure: null });
    const page = await fetch(`${base}/`);
    expect(await page.text()).toContain('Sitio anterior');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect((await fetch(`${base}/`, { method: 'POST' })).status).toBe(405);
  });

  it('rebuilds on request: the renamed club shows, the old site answers 200 throughout; a failing follow-up keeps it', async () => {
    const standings = (await (await fetch(`${base}/api/football/standings?league=${LEAGUE}`)).json()) as {
      response: Array<{ league: { standings: Array<Array<{ team: { id: number; name: string } }>> } }>;
    };
    const club = standings.response[0]!.league.standings[0]![0]!.team;
    const renamed = `${club.name} Renombrado`;
    renameClub(club.id, club.name, renamed);

    const started = Date.now();
    const triggered = await admin('POST');
    expect(triggered.status).toBe(202);
    const statuses = new Set<number>();
    let coalesced = false;
    for (;;) {
      const page = await fetch(`${base}${SERVING_PAGE}`).catch((error: Error) => {
        throw new Error(`${error.message} (${(error.cause as Error)?.message}) while rebuilding; server output:\n${output.slice(-3000)}`);
      });
      statuses.add(page.status);
      await page.arrayBuffer();
      const now = await status();
      if (now.state === 'running' && !coalesced) {
        // While it runs: make the next build fail, and ask twice more; both make one follow-up.
        writeFileSync(join(dir, 'fail'), 'test: broken build');
        expect((await admin('POST')).status).toBe(202);
        const second = await admin('POST');
        expect(second.status).toBe(202);
        expect(await second.json()).toMatchObject({ state: 'running', followUp: true });
        coalesced = true;
      }
      if (now.state === 'idle' && (now.lastSuccess || now.lastFailure)) break;
      expect(Date.now() - started, output).toBeLessThan(280_000);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect([...statuses]).toEqual([200]);
    const final = await status();
    expect(final.lastSuccess?.pages).toBeGreaterThan(5);
    expect(final.lastFailure?.error).toContain('test: broken build');
    console.log(`[rebuild test] rebuild of ${final.lastSuccess?.pages} pages: ${((final.lastSuccess?.ms ?? 0) / 1000).toFixed(1)} s`);

    const page = await fetch(`${base}${LISTING_PAGE}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(renamed);
    expect(await (await fetch(`${base}${SERVING_PAGE}`)).text()).not.toContain('Sitio anterior');
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-/);
    expect(lstatSync(join(dir, 'dist')).isSymbolicLink()).toBe(true);
    expect(existsSync(join(dir, 'dist', '_headers'))).toBe(true);
  }, 300_000);
});
