import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { openDb } from '../../server/store/db.ts';
import type { DeployDiff } from '../../server/deploy/deploy-diff.ts';
import { copyStoreForReplay } from '../../bench/replay.ts';
import { blowFinalWhistle } from '../../bench/whistle.ts';
import { SITE } from '../../src/lib/config.ts';
import { checkLinks, formatBroken } from './support/links.ts';
import { PENDING_ROUTES } from './support/pending-routes.ts';

/**
 * Issue 37, a whistle rebuilds what it touches: on a copy of the e2e store, a Liga Pro match in play at
 * MARCADOR_NOW ends (its final state and the table after it, written through the ingest's write path),
 * and the site is built again with the e2e build as the build before. Astro's incremental build
 * (src/lib/loaders/page-keys.ts) renders the pages whose data changed, the finishing links the others
 * to the files the e2e build has (integrations/finish/finish-cache.ts), and the deploy diff lists what a
 * CDN must receive. The e2e build itself is left as it was.
 */

const STORE = resolve(process.env.E2E_DATABASE_PATH ?? 'data/e2e.db');
const DIST = resolve(process.env.DIST_DIR ?? 'dist');
const NOW = '2026-11-22T20:30:00-05:00';
const LIGA_PRO = 242;

let dir = '';

test.afterAll(() => {
  // KEEP_TEST_FILES=1 keeps the store and the build for a look at what changed (compare it with a build from an empty cache).
  if (dir && !process.env.KEEP_TEST_FILES) rmSync(dir, { recursive: true, force: true });
});

test('a final whistle rebuilds the match and its table; an unrelated club keeps the same file', async ({ request }) => {
  test.setTimeout(300_000);
  dir = mkdtempSync(join(tmpdir(), 'marcador-incremental-'));
  const copy = join(dir, 'marcador.db');
  const { seed, anchor } = copyStoreForReplay(STORE, copy);
  const db = openDb(copy);
  const inPlay = db.prepare(`SELECT id FROM fixtures WHERE league_id = ? AND status_short IN ('1H', 'HT', '2H') ORDER BY id`).all(LIGA_PRO) as Array<{ id: number }>;
  expect(inPlay.length, 'a Liga Pro match in play at MARCADOR_NOW').toBeGreaterThan(0);
  const clubsOfLeague = new Set(
    (db.prepare('SELECT home_id, away_id FROM fixtures WHERE league_id = ?').all(LIGA_PRO) as Array<{ home_id: number; away_id: number }>).flatMap((r) => [r.home_id, r.away_id]),
  );
  // A club of another competition only: nothing it shows comes from the Liga Pro.
  const unrelated = (db.prepare('SELECT DISTINCT home_id AS id FROM fixtures WHERE league_id <> ? ORDER BY home_id').all(LIGA_PRO) as Array<{ id: number }>)
    .map((r) => r.id)
    .find((id) => !clubsOfLeague.has(id));
  expect(unrelated, 'a club that plays no Liga Pro match').toBeDefined();
  db.close();

  // The match ends as the demo plays it; the table becomes the provider's after it.
  const { final, standings } = blowFinalWhistle(copy, seed, anchor, LIGA_PRO);
  const id = final.fixture.id;
  expect(inPlay.map((r) => r.id)).toContain(id);
  expect(final.fixture.status.short).toBe('FT');
  const home = final.teams.home;
  // The club's rows after the whistle (a phase each: the season's first stage and the final hexagonal).
  type Row = { team: { id: number }; points: number; all: { played: number; win: number; draw: number; lose: number; goals: { for: number; against: number } } };
  const rowsAfter = standings.flat().filter((row) => row.team.id === home.id) as unknown as Row[];

  // The build before: the e2e site. This build goes live beside it, in the test's own folder.
  const previous = realpathSync(DIST);
  const distLink = join(dir, 'dist');
  symlinkSync(previous, distLink);
  let log = '';
  const exit = await new Promise<number | null>((done) => {
    const child = spawn(process.execPath, ['scripts/build.ts'], {
      env: { ...process.env, DATABASE_PATH: copy, DIST_DIR: distLink, MARCADOR_NOW: NOW, READERS_DATABASE_PATH: join(dir, 'readers.db') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (log += chunk));
    child.stderr!.on('data', (chunk: Buffer) => (log += chunk));
    child.on('exit', done);
  });
  expect(exit, log.slice(-3000)).toBe(0);
  console.log(log.match(/\[build\] \d+ pages built[^\n]*/)?.[0]);
  const next = realpathSync(distLink);
  expect(next).not.toBe(previous);
  const page = (build: string, path: string) => readFileSync(join(build, path), 'utf8');
  const diff = JSON.parse(page(next, '.deploy-diff.json')) as DeployDiff;
  expect(diff.previous).toBe(previous);

  // The match page: rebuilt, over, with its final score.
  const matchPage = `partidos/${id}/index.html`;
  expect(diff.changed).toContain(matchPage);
  // What a search result or a shared link says of it.
  const summary = `<meta name="description" content="${home.name} ${final.goals.home}-${final.goals.away} ${final.teams.away.name}: `;
  const description = (html: string) => /<meta name="description" content="[^"]*"/.exec(html)?.[0];
  expect(description(page(next, matchPage))).toContain(summary);
  expect(description(page(next, matchPage))).toContain('. Final. ');
  expect(description(page(previous, matchPage))).not.toContain('. Final. ');

  // The league's table counts the match as it ended: the club's row is the provider's after the whistle
  // (the page may still add the day's other matches in play, which are not this club's).
  expect(diff.changed).toContain('posiciones/index.html');
  const cells = (html: string) => {
    const row = new RegExp(`<tr data-team-id="${home.id}"[^]*?</tr>`).exec(html)?.[0] ?? '';
    const cell = (name: string) => Number(new RegExp(`data-cell="${name}"[^>]*>([-+]?\\d+)<`).exec(row)?.[1]);
    return { played: cell('played'), win: cell('win'), draw: cell('draw'), lose: cell('lose'), for: cell('for'), against: cell('against'), points: cell('points') };
  };
  const shown = cells(page(next, 'posiciones/index.html'));
  const provider = rowsAfter.find((row) => row.all.played === shown.played);
  expect(provider, `a row of ${home.name} with ${shown.played} played`).toBeDefined();
  expect(shown).toEqual({
    played: provider!.all.played,
    win: provider!.all.win,
    draw: provider!.all.draw,
    lose: provider!.all.lose,
    for: provider!.all.goals.for,
    against: provider!.all.goals.against,
    points: provider!.points,
  });
  expect(cells(page(previous, 'posiciones/index.html'))).not.toEqual(shown);

  // An unrelated club's page: the same file as the build before (one inode), not rendered again.
  const clubPage = `equipos/${unrelated}/index.html`;
  expect(diff.changed).not.toContain(clubPage);
  expect(statSync(join(next, clubPage)).ino).toBe(statSync(join(previous, clubPage)).ino);
  expect(page(next, clubPage)).toBe(page(previous, clubPage));
  // Most of the site is carried over.
  expect(diff.unchanged).toBeGreaterThan(diff.changed.length * 5);
  // Nothing is removed but image sheets no page draws from any more (a table in another order).
  expect(diff.removed.filter((file) => !file.startsWith('_astro/sheets/'))).toEqual([]);

  // And every internal link of the new build answers.
  const report = await checkLinks({
    distDir: next,
    siteOrigins: [SITE.url],
    pending: PENDING_ROUTES,
    status: async (target) => (await request.get(target, { maxRedirects: 0, failOnStatusCode: false })).status(),
  });
  expect(report.broken.length, formatBroken(report.broken)).toBe(0);
});
