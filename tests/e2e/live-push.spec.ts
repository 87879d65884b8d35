import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { viewFixtureAt } from '../../server/providers/demo/scripted-match.ts';
import { copyStoreForReplay, replayServerEnv, startReplayProvider, type ReplayProvider } from '../../bench/replay.ts';
import { freePort, stopServer, waitFor } from './support/child-server.ts';
import { nextGoalInPlay, type NextGoal } from './support/next-goal.ts';

/**
 * Push, end to end: a second server on a copy of the e2e store, serving the same built site, whose
 * ingest reads the demo season over HTTP from a provider on 127.0.0.1 (bench/live-provider.ts) as it
 * would read API-Football. The test moves the provider's clock past a match's next goal: the match page
 * and the home scoreboard show it without a reload, and at full time the standings page's table moves.
 */

const STORE = resolve(process.env.E2E_DATABASE_PATH ?? 'data/e2e.db');
const DIST = resolve(process.env.DIST_DIR ?? 'dist');

let dir = '';
let provider: ReplayProvider | null = null;
let server: ChildProcess | null = null;
let providerUrl = '';
let base = '';
let anchorMs = 0;
let plan: NextGoal['plan'];
/** The next goal of `plan` after the store's moment, and when it comes (ms after the anchor). */
let goal: NextGoal['goal'];
let fullTimeOffsetMs = 0;

const moveProvider = (offsetMs: number) => provider!.setOffset(offsetMs);

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dir = mkdtempSync(join(tmpdir(), 'marcador-push-e2e-'));
  const copy = join(dir, 'marcador.db');
  const { seed, anchor } = copyStoreForReplay(STORE, copy);
  anchorMs = Date.parse(anchor);
  ({ plan, goal, fullTimeOffsetMs } = nextGoalInPlay(copy, seed, anchor));

  provider = await startReplayProvider(seed, anchor);
  providerUrl = provider.url;
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['server/main.ts'], {
    env: replayServerEnv({ port, host: '127.0.0.1', storePath: copy, readersPath: join(dir, 'readers.db'), distDir: DIST, providerUrl, anchor }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`${base}/api/health`, (s) => s === 200, server);
});

test.afterAll(async () => {
  await stopServer(server);
  provider?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A page that has opened its live stream; `window.__sameDocument` proves later that it never reloaded. */
async function openLive(page: Page, path: string) {
  // An open stream never completes, so it never shows in the page's resource timing: watch the request.
  const streamOpened = page.waitForRequest((r) => r.url().startsWith(`${base}/api/live?`), { timeout: 20_000 });
  await page.goto(base + path);
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  await streamOpened;
}

test('a goal reaches the match page and the home scoreboard without a reload; the table moves at full time', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const matchPage = await context.newPage();
  const home = await context.newPage();
  const table = await context.newPage();
  await openLive(matchPage, `/partidos/${plan.fixture.id}`);
  await openLive(home, '/');
  await openLive(table, '/posiciones');
  const homeTeam = plan.teams.home.id;
  // The stored table (the page may show a provisional one while the match is in play).
  const group = (await table.locator(`[data-standings-table]:has(tr[data-team-id="${homeTeam}"])`).first().getAttribute('data-standings-table'))!;
  const storedPoints = async () => {
    const body = await (await fetch(`${base}/api/football/standings?league=242`)).json();
    const rows = (body.response[0].league.standings as Array<Array<{ group: string; points: number; team: { id: number } }>>).flat();
    return rows.find((r) => r.group === group && r.team.id === homeTeam)?.points;
  };
  const pointsBefore = (await storedPoints())!;
  // The Relato, opened before the goal: the goal's line arrives with the goal.
  await matchPage.locator('#relato summary').click();
  const relato = matchPage.locator('#relato [data-commentary-list]');
  await expect(relato.locator('li').first()).toBeVisible();
  const goalLinesBefore = await relato.locator('li[data-commentary-kind$="goal"]').count();
  const timelineGoals = matchPage.locator('[data-section="events"] svg[data-timeline] [data-kind="goals"]');
  const goalMarksBefore = (await timelineGoals.count()) ? Number(await timelineGoals.getAttribute('data-marks')) : 0;

  await moveProvider(goal.offsetMs);
  // The provider is polled every second; pushed, the change is on screen well within the polling fallback's 20 s.
  await expect(matchPage.locator('[data-match-scoreboard] [data-score]')).toHaveText(new RegExp(`^${goal.home}\\s*[-–]\\s*${goal.away}$`), { timeout: 8_000 });
  await expect(matchPage.locator('body')).toContainText(goal.scorer, { timeout: 8_000 });
  await expect(relato.locator('li[data-commentary-kind$="goal"]')).toHaveCount(goalLinesBefore + 1, { timeout: 8_000 });
  const goalLine = relato.locator('li[data-commentary-kind$="goal"]').first();
  await expect(goalLine).toContainText(goal.scorer);
  await expect(goalLine).toContainText(`${plan.teams.home.name} ${goal.home}-${goal.away} ${plan.teams.away.name}.`);
  // And its mark on the timeline drawing.
  await expect(timelineGoals).toHaveAttribute('data-marks', String(goalMarksBefore + 1), { timeout: 8_000 });
  await expect(home.locator(`[data-match-id="${plan.fixture.id}"]`).first()).toContainText(new RegExp(`${goal.home}\\s*[-–]\\s*${goal.away}`), { timeout: 8_000 });
  for (const page of [matchPage, home]) expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

  // Full time: the result, then the league's table with it.
  await moveProvider(fullTimeOffsetMs);
  const final = viewFixtureAt(plan, anchorMs + fullTimeOffsetMs);
  const earned = final.goals.home! > final.goals.away! ? 3 : final.goals.home === final.goals.away ? 1 : 0;
  await expect(matchPage.locator('[data-match-scoreboard]')).toHaveAttribute('data-match-kind', 'Result', { timeout: 15_000 });
  await expect(relato.locator('li').first()).toContainText(`¡Final del partido! ${plan.teams.home.name} ${final.goals.home}-${final.goals.away} ${plan.teams.away.name}.`, { timeout: 10_000 });
  await expect.poll(storedPoints, { timeout: 20_000 }).toBe(pointsBefore + earned);
  await expect(table.locator(`[data-standings-table="${group}"] tr[data-team-id="${homeTeam}"] [data-points]`)).toHaveText(String(pointsBefore + earned), { timeout: 10_000 });
  expect(await table.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  await context.close();
});
