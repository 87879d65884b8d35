import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { writeFixtures } from '../../server/ingest/apply.ts';
import { ChangeFeed, storeChangesIn } from '../../server/ingest/changes.ts';
import { viewFixtureAt } from '../../server/providers/demo/scripted-match.ts';
import { generateDemoSeason } from '../../server/providers/demo/generate.ts';
import { openDb, type Db } from '../../server/store/db.ts';
import type { ApiFixtureFull } from '../../server/store/provider-types.ts';
import { copyStoreForReplay, replayServerEnv } from '../../bench/replay.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { freePort, stopServer, waitFor } from './support/child-server.ts';

/**
 * Issue 33, end to end: a live match page shows everything the API knows of the match (line-ups,
 * statistics, players' minutes) and keeps it current without a reload. A second server on a copy of
 * the e2e store, serving the same built site, runs no ingest of its own (INGEST=0): it relays what
 * an ingest in another process writes to the store, as `npm run ingest` beside `npm start`. The test
 * is that ingest: it writes the demo season's match as the provider shows it minutes later, details
 * included, through the ingest's one write path (server/ingest/apply.ts), and watches the open page.
 */

const STORE = resolve(process.env.E2E_DATABASE_PATH ?? 'data/e2e.db');
const DIST = resolve(process.env.DIST_DIR ?? 'dist');

let dir = '';
let server: ChildProcess | null = null;
let db: Db | null = null;
let base = '';
let anchorMs = 0;
let plan: ApiFixtureFull;
/** Two moments (ms after the store's) when the match, still in play, shows other statistics and another minute. */
let laterMs: number[] = [];

const IN_PLAY = new Set(['1H', '2H']);

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dir = mkdtempSync(join(tmpdir(), 'marcador-live-match-e2e-'));
  const copy = join(dir, 'marcador.db');
  const { seed, anchor } = copyStoreForReplay(STORE, copy);
  anchorMs = Date.parse(anchor);
  db = openDb(copy);
  const liveIds = (db.prepare("SELECT id FROM fixtures WHERE league_id = 242 AND status_short IN ('1H', '2H')").all() as Array<{ id: number }>).map((r) => r.id);

  // A Liga Pro match in play whose statistics and minute move within the next minutes, still in play then.
  const season = generateDemoSeason({ seed, anchor: new Date(anchor) });
  const ligaPro = season.competitions.find((c) => c.league.league.id === 242)!;
  for (const id of liveIds) {
    const candidate = ligaPro.fixtures.find((f) => f.fixture.id === id)!;
    const view = (minutes: number) => viewFixtureAt(candidate, anchorMs + minutes * 60_000);
    const moved = (a: ApiFixtureFull, b: ApiFixtureFull) =>
      IN_PLAY.has(b.fixture.status.short) && a.fixture.status.elapsed !== b.fixture.status.elapsed && JSON.stringify(a.statistics) !== JSON.stringify(b.statistics);
    const first = [3, 4, 5, 6, 7, 8].find((m) => moved(view(0), view(m)));
    const second = first && [3, 4, 5, 6].map((m) => first + m).find((m) => moved(view(first), view(m)));
    if (first && second) {
      plan = candidate;
      laterMs = [first * 60_000, second * 60_000];
      break;
    }
  }
  if (!plan) throw new Error('no Liga Pro match in play at MARCADOR_NOW moves twice in the next 14 minutes');

  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const env = replayServerEnv({ port, host: '127.0.0.1', storePath: copy, readersPath: join(dir, 'readers.db'), distDir: DIST, providerUrl: 'http://127.0.0.1:9', anchor });
  server = spawn(process.execPath, ['server/main.ts'], { env: { ...env, INGEST: '0' }, stdio: ['ignore', 'ignore', 'inherit'] });
  await waitFor(`${base}/api/health`, (s) => s === 200, server);
});

test.afterAll(async () => {
  await stopServer(server);
  db?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** What the data API answers for the match: its fixture by id and its players' part. */
async function fromApi(id: number) {
  const fixture = (await (await fetch(`${base}/api/football/fixtures?id=${id}`)).json()).response[0] as ApiFixtureFull;
  const players = (await (await fetch(`${base}/api/football/fixtures/players?fixture=${id}`)).json()).response as Array<{
    team: { id: number };
    players: Array<{ player: { id: number }; statistics: [{ games: { minutes: number | null } }] }>;
  }>;
  return { fixture, players };
}

const statOf = (f: ApiFixtureFull, teamId: number, type: string) => String(f.statistics!.find((s) => s.team.id === teamId)!.statistics.find((s) => s.type === type)!.value ?? 0);

async function expectPage(page: Page, f: ApiFixtureFull, keeper: number, minutes: string) {
  const home = f.teams.home.id;
  // Line-ups: both, with the API's starting XI in its order.
  const lineups = page.locator('[data-section="lineups"] [data-lineup]');
  await expect(lineups).toHaveCount(2);
  await expect(lineups.first().locator('[data-start-xi] li a')).toHaveText(f.lineups![0].startXI.map((p) => p.player.name!));
  // Statistics: the API's figures, row by row.
  for (const type of ['Total passes', 'Fouls', 'Corner Kicks', 'Total Shots']) {
    const row = page.locator(`[data-section="statistics"] tr[data-statistic="${type}"]`);
    await expect(row.locator('td').first(), type).toHaveText(statOf(f, home, type));
    await expect(row.locator('td').last(), type).toHaveText(statOf(f, f.teams.away.id, type));
  }
  // Players' minutes, in the line-ups: the home goalkeeper (never changed in the demo) on the minute of the clock.
  await expect(lineups.first().locator(`li[data-player-line="${keeper}"] [data-minutes]`)).toHaveText(`${minutes} min`);
}

/** The ingest's next details read: the provider's view of the match at `ms` after the store's moment, written the ingest's way. */
function ingestWrites(ms: number): ApiFixtureFull {
  const later = viewFixtureAt(plan, anchorMs + ms);
  const feed = new ChangeFeed(500, Date.now());
  const unsubscribe = storeChangesIn(db!, feed);
  const changes = writeFixtures(db!, [later], { details: true });
  for (const data of changes) feed.publish({ type: 'fixture', data });
  unsubscribe();
  // The statistics travel in a change of their own, after the score's (a goal's push stays under 1 KB).
  expect(changes.filter((c) => c.kinds.includes('statistics'))).toHaveLength(1);
  return later;
}

test('a live match page shows its line-ups, statistics and players, and they move without a reload', async ({ page }) => {
  test.setTimeout(120_000);
  const id = plan.fixture.id;
  const before = await fromApi(id);
  const keeper = before.fixture.lineups![0].startXI[0].player.id!;
  const keeperMinutes = (api: Awaited<ReturnType<typeof fromApi>>) =>
    String(api.players.find((t) => t.team.id === api.fixture.teams.home.id)!.players.find((p) => p.player.id === keeper)!.statistics[0].games.minutes);
  expect(keeperMinutes(before)).toBe(String(before.fixture.fixture.status.elapsed));
  const settled = async (later: ApiFixtureFull) => {
    // The server hears of the write within a quarter of a second (it tails the store) and clears its answers then.
    await expect.poll(async () => (await fromApi(id)).fixture.statistics, { timeout: 5_000 }).toEqual(later.statistics);
    const api = await fromApi(id);
    expect(keeperMinutes(api)).toBe(String(later.fixture.status.elapsed));
    await expect(page.locator('[data-match-scoreboard] [data-match-clock]')).toContainText(`${later.fixture.status.elapsed}'`, { timeout: 10_000 });
    return api;
  };

  const streamOpened = page.waitForRequest((r) => r.url().startsWith(`${base}/api/live?`), { timeout: 20_000 });
  await page.goto(`${base}/partidos/${id}`);
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  await streamOpened;
  // As built: the API's line-ups, statistics and minutes (the sections wait below the first screen).
  await expectPage(page, before.fixture, keeper, keeperMinutes(before));
  // Their island, like the header's, waits for the match to change (client:live): no React until then.
  const details = page.locator('astro-island:has([data-section="lineups"])');
  await expect(details).toHaveAttribute('client', 'live');
  await expect(details).toHaveAttribute('ssr', '');
  await expect(page.locator('[data-live-details]')).toHaveCount(0);

  // A change while the reader is at the score: hydrated, the sections show the store's news.
  const first = await settled(ingestWrites(laterMs[0]));
  await expect(details).not.toHaveAttribute('ssr', '', { timeout: 15_000 });
  await expect(page.locator('[data-live-details]')).toHaveCount(1, { timeout: 15_000 });
  await page.locator('[data-section="lineups"]').scrollIntoViewIfNeeded();
  await expectPage(page, first.fixture, keeper, keeperMinutes(first));

  // And the next one while they are on screen.
  const second = await settled(ingestWrites(laterMs[1]));
  await expectPage(page, second.fixture, keeper, keeperMinutes(second));
  await expect(page.locator('[data-live-match] [data-freshness]')).toHaveText('Actualizado ahora mismo');
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

  await expectNoAxeViolations(page, '[data-live-details]');
});
