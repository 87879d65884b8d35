import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { distLayout } from '../../server/deploy/publish.ts';
import { expectLiveCode, pollingOnly } from './support/live.ts';

const DIST = resolve(process.env.DIST_DIR ?? 'dist');

/**
 * Reading without a connection (issue 27): the service worker (src/service-worker/sw.ts) keeps the
 * pages a reader opened and shows them offline with a notice; a page never opened gives the offline
 * page listing the saved ones; the live islands pause offline and refresh once when it comes back.
 * Needs a build (the worker is written by the build: integrations/offline.ts).
 */
test.use({ serviceWorkers: 'allow' });
// One test swaps the live build: the others must not run meanwhile.
test.describe.configure({ mode: 'serial' });

/** /noticias's <title> without the site's name. */
const NEWS_TITLE = 'Noticias';

/** Waits until the worker registered after load controls the page (it claims open pages when it activates). */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

/** When the worker saved a page, as the notice must say it: HH:MM in Ecuador. */
async function savedAtInEcuador(page: Page, path: string): Promise<string> {
  const iso = await page.evaluate(async (url) => {
    const cache = await caches.open('marcador-pages');
    const saved = await cache.match(new URL(url, location.href).href);
    return saved?.headers.get('x-marcador-saved-at') ?? null;
  }, path);
  expect(iso, `${path} saved by the worker`).not.toBeNull();
  return new Intl.DateTimeFormat('es-EC', { timeZone: 'America/Guayaquil', hour: '2-digit', minute: '2-digit', hour12: false }).format(new Date(iso!));
}

test('a page read before opens offline with the notice; a page never read gives the offline page with the saved ones', async ({ page, context }) => {
  test.setTimeout(60_000);
  await page.goto('/posiciones');
  await controlled(page);
  // Read with the worker in control: both are saved as they are read.
  await page.goto('/noticias');
  const newsHeading = await page.getByRole('heading', { level: 1 }).textContent();
  await page.goto('/posiciones');
  const standingsHeading = await page.getByRole('heading', { level: 1 }).textContent();
  const newsSavedAt = await savedAtInEcuador(page, '/noticias');
  // Online, a page is the network's: no notice.
  await expect(page.locator('[data-offline-notice]')).toHaveCount(0);

  await context.setOffline(true);
  await page.goto('/noticias');
  await expect(page.getByRole('status').filter({ hasText: 'Sin conexión' })).toHaveText(`Sin conexión · versión guardada de las ${newsSavedAt}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(newsHeading!);
  // Its articles are there to read.
  expect(await page.locator('main a[href^="/noticias/"]').count()).toBeGreaterThan(0);

  // Never read: the offline page, in Spanish, with links to what was saved.
  const response = await page.goto('/goleadores');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sin conexión');
  const saved = page.locator('[data-saved-pages] a');
  await expect(saved).toHaveCount(2);
  expect(await saved.evaluateAll((links) => links.map((a) => a.getAttribute('href')).sort())).toEqual(['/noticias', '/posiciones']);
  // Each link says what the page is and when it was saved.
  await expect(page.locator('[data-saved-pages] a[href="/noticias"]')).toHaveText(`${NEWS_TITLE}Guardada de las ${newsSavedAt}`);

  // Following one opens the saved copy.
  await page.locator('[data-saved-pages] a[href="/posiciones"]').click();
  await expect(page).toHaveURL(/\/posiciones$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(standingsHeading!);
  await expect(page.locator('[data-offline-notice]')).toHaveText(/^Sin conexión · versión guardada de las \d\d:\d\d$/);

  // Back online, pages come from the network again.
  await context.setOffline(false);
  await page.goto('/noticias');
  await expect(page.locator('[data-offline-notice]')).toHaveCount(0);
});

test('the worker never keeps the live stream, writes or admin answers', async ({ page }) => {
  await page.goto('/');
  await controlled(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const kept = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });
  expect(kept.some((path) => path.startsWith('/_astro/shell.'))).toBe(true);
  expect(kept).toContain('/sin-conexion/index.html');
  expect(kept).toContain('/icons/maskable-512.png');
  expect(kept.filter((path) => /^\/api\/(?:live|admin)/.test(path))).toEqual([]);
});

test('offline, the live islands pause; back online they refresh once', async ({ page, context }) => {
  test.setTimeout(60_000);
  await pollingOnly(page);
  await page.clock.install();
  /** Each refresh request of the home scoreboard, and how it ended. */
  const refreshes: Array<{ ok: boolean | null }> = [];
  page.on('request', (request) => {
    if (!request.url().includes('/api/football/fixtures?date=')) return;
    const entry: { ok: boolean | null } = { ok: null };
    refreshes.push(entry);
    void request.response().then(
      (response) => (entry.ok = response?.status() === 200),
      () => (entry.ok = false),
    );
  });
  page.on('requestfailed', (request) => {
    if (request.url().includes('/api/football/fixtures?date=')) refreshes.find((entry) => entry.ok === null)!.ok = false;
  });
  await page.goto('/');
  const island = page.locator('[data-today-matches]');
  await expectLiveCode(island);
  await controlled(page);
  // The build is minutes old: the first refresh is due at once.
  await expect.poll(() => refreshes.filter((r) => r.ok).length).toBeGreaterThanOrEqual(1);
  await expect(island).toHaveAttribute('aria-busy', 'false');

  await context.setOffline(true);
  const before = refreshes.length;
  // Three live rounds go by offline: not one request.
  await page.clock.fastForward(61_000);
  await page.clock.fastForward(1_000);
  expect(refreshes.length).toBe(before);

  await context.setOffline(false);
  const after = () => refreshes.slice(before);
  // One refresh: the browser may say "online" a moment before its link carries requests, so the
  // client's own retry (a second later) can be part of it; it ends at the first answer.
  await expect.poll(() => after().filter((r) => r.ok).length).toBe(1);
  await expect(island).toHaveAttribute('aria-busy', 'false');
  await expect(island.locator('[data-freshness]')).toHaveText('Actualizado ahora mismo');
  expect(after().at(-1)?.ok).toBe(true);
  expect(after().filter((r) => r.ok).length).toBe(1);
});

/**
 * A new build, made fast: the live build hard-linked into a new folder, every hashed script renamed
 * (as a code change renames them; the old names left in place so other tests running meanwhile keep
 * working) in the scripts, in the pages this test opens, the offline page and the worker's precache
 * list; those pages marked. Then made live the way a rebuild does (server/deploy/publish.ts).
 * A real build takes minutes on the test machine; what a reader's browser sees of one is this.
 */
function publishNewBuild(pages: string[]): { renamed: Map<string, string>; restore(): void } {
  const layout = distLayout(DIST);
  const previous = layout.live();
  if (!previous) throw new Error('no live build to copy');
  const dir = layout.newBuildDir();
  const copy = spawnSync('cp', ['-al', `${previous}/.`, dir]);
  if (copy.status !== 0) throw new Error(`cp -al failed: ${copy.stderr}`);
  const renamed = new Map<string, string>();
  for (const name of readdirSync(join(dir, '_astro'))) {
    if (name.endsWith('.js')) renamed.set(name, name.replace(/\.js$/, 'n.js'));
  }
  const rewrite = (from: string, to: string, change: (text: string) => string = (t) => t) => {
    let text = readFileSync(from, 'utf8');
    for (const [old, next] of renamed) text = text.replaceAll(old, next);
    // Hard links share the old build's bytes: a new file, never a write through the link.
    for (const stale of [to, `${to}.br`, `${to}.gz`]) rmSync(stale, { force: true });
    writeFileSync(to, change(text));
  };
  for (const [old, next] of renamed) rewrite(join(dir, '_astro', old), join(dir, '_astro', next));
  for (const page of [...pages, 'sin-conexion/index.html']) {
    rewrite(join(dir, page), join(dir, page), (html) => html.replace('<body', '<body data-e2e-build="nueva"'));
  }
  rewrite(join(dir, 'sw.js'), join(dir, 'sw.js'), (sw) => sw.replace(/("revision":")[0-9a-f]+(","url":"\/sin-conexion\/index.html")/, '$1e2e$2'));
  layout.activate(dir);
  return {
    renamed,
    restore() {
      layout.activate(previous);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// Known bug, open (see the closing note of 2026-11-26): on a fresh clone's CI run the new build's worker
// installs but stays waiting ("waiting: installed, active: activated" after 60 s) although it called
// skipWaiting, so the old build's precache is never swapped. It failed 3 of 4 clean-clone runs on two
// loaded cores and passes alone; the cause (what keeps the old worker from going idle) is not found.
test.fixme('after a new build goes live, the next navigation shows it and no request asks the server for the old build', async ({ page, context }) => {
  test.setTimeout(150_000);
  const fromServer: string[] = [];
  // Requests that reached the server: the worker's own, and the page's the worker did not answer.
  context.on('requestfinished', async (request) => {
    const response = await request.response().catch(() => null);
    if (request.serviceWorker() || (response && !response.fromServiceWorker())) fromServer.push(new URL(request.url()).pathname);
  });
  await page.goto('/noticias');
  await controlled(page);
  await page.goto('/posiciones');
  await page.goto('/noticias');
  const oldScripts = await page.evaluate(() => [...document.scripts].map((s) => s.src).filter(Boolean).map((src) => new URL(src).pathname));
  expect(oldScripts.length).toBeGreaterThan(0);

  const build = publishNewBuild(['noticias/index.html', 'posiciones/index.html', 'index.html']);
  try {
    // The server serves the new build within a second of the swap.
    await expect.poll(async () => (await page.request.get('/posiciones')).text().then((html) => html.includes('data-e2e-build')), { timeout: 10_000 }).toBe(true);
    fromServer.length = 0;

    // The tab still on the old build keeps its scripts: the worker has them.
    const oldScript = await page.evaluate(async (url) => (await fetch(url)).status, oldScripts[0]!);
    expect(oldScript).toBe(200);

    // The next navigation is the new build, with the new build's scripts.
    await page.goto('/posiciones');
    await expect(page.locator('body')).toHaveAttribute('data-e2e-build', 'nueva');
    const newScripts = await page.evaluate(() => [...document.scripts].map((s) => s.src).filter(Boolean).map((src) => new URL(src).pathname));
    expect(newScripts.every((path) => !path.startsWith('/_astro/') || /n\.js$/.test(path))).toBe(true);
    await page.goto('/');
    await expect(page.locator('body')).toHaveAttribute('data-e2e-build', 'nueva');

    // The new worker took over once installed: its precache is the new build's.
    // Each page asks for a new worker within 2 s of load; the test asks too, as a browser does by itself
    // now and then. It waits on an information page (no island, no API read): a worker told to skip
    // waiting activates only once the old one has no fetch in hand, and pages loaded every few seconds
    // (their documents, API reads and crests all through the old worker) kept it busy for a minute on
    // two loaded cores. What follows, the install, the take-over without a click and the precache swap,
    // is the worker's own doing.
    await page.goto('/nosotros');
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration();
            await registration?.update().catch(() => undefined);
            const names = await caches.keys();
            const precache = names.find((n) => n.startsWith('workbox-precache'));
            const keys = precache ? await (await caches.open(precache)).keys() : [];
            return {
              newShell: keys.some((request) => /\/_astro\/shell\.[^/]+n\.js$/.test(request.url)),
              oldShell: keys.some((request) => /\/_astro\/shell\.[^/]+[^n]\.js$/.test(request.url)),
              // Said when it fails: where the new worker got to.
              workers: (['installing', 'waiting', 'active'] as const).map((slot) => `${slot}: ${registration?.[slot]?.state ?? '-'}`).join(', '),
            };
          }),
        { timeout: 60_000, intervals: [2_500] },
      )
      .toEqual({ newShell: true, oldShell: false, workers: 'installing: -, waiting: -, active: activated' });

    // Offline, the page saved with the old build still runs its old scripts, from the worker.
    await context.setOffline(true);
    const islandScripts: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/_astro/')) islandScripts.push(response.status());
    });
    await page.goto('/noticias');
    await expect(page.locator('[data-offline-notice]')).toBeVisible();
    await context.setOffline(false);

    const oldNames = [...build.renamed.keys()].map((name) => `/_astro/${name}`);
    expect(fromServer.filter((path) => oldNames.includes(path))).toEqual([]);
    expect(islandScripts.filter((status) => status !== 200)).toEqual([]);
  } finally {
    build.restore();
  }
});
