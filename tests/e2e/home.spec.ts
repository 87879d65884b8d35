import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { expectLiveCode, pollingOnly } from './support/live.ts';

/**
 * The home page (/ and /home) against the e2e server, whose clock MARCADOR_NOW pins to a match
 * day with a match in play. The live clock cannot advance on a frozen server, so the island is
 * checked for what it can show: it hydrates, refreshes from the API, and moves nothing while doing so.
 */

const section = (page: Page, name: string) => page.locator(`[data-section="${name}"]`);

/** Sum of layout-shift scores since navigation (CLS without the session windows; stricter). */
async function layoutShiftTotal(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 200);
      }),
  );
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('shows today’s matches with a live one, news, the Liga Pro table and scorers', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Marcador/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fútbol ecuatoriano hoy');

  const today = section(page, 'today');
  await expect(today.getByRole('heading', { name: 'Partidos de hoy' })).toBeVisible();
  await expect(today.locator('[data-match-id]').first()).toBeVisible();
  // Grouped by competition, Liga Pro's group linking to its front page.
  await expect(today.locator('[data-competition]').first()).toBeVisible();

  const live = today.locator('[data-match-kind="Live"]').first();
  await expect(live).toBeVisible();
  await expect(live.locator('[data-live-indicator]')).toBeVisible();
  await expect(live.locator('[data-match-clock]')).toHaveText(/^(\d+(\+\d+)?'|Descanso|Penales|En juego|Suspendido|Interrumpido)$/);
  await expect(live.getByRole('link', { name: /En vivo/ })).toHaveAttribute('href', /^\/partidos\/\d+$/);

  const news = section(page, 'news');
  await expect(news.locator('[data-news-card]').first()).toBeVisible();
  const summaries = await news.locator('[data-news-card] p.text-muted:not(.uppercase)').allTextContents();
  for (const summary of summaries) expect(summary.length).toBeLessThanOrEqual(120);
  // The featured picture can be the largest thing in the first screen: requested from the HTML,
  // not after layout. The other cards' pictures wait until they come near.
  const pictures = news.locator('[data-news-card] img');
  await expect(pictures.first()).toHaveAttribute('loading', 'eager');
  await expect(pictures.first()).toHaveAttribute('fetchpriority', 'high');
  expect(await pictures.count()).toBeGreaterThan(1);
  for (const picture of (await pictures.all()).slice(1)) await expect(picture).toHaveAttribute('loading', 'lazy');

  const standings = section(page, 'standings');
  await expect(standings.getByRole('heading', { name: 'Posiciones Liga Pro' })).toBeVisible();
  await expect(standings.locator('table').first()).toBeVisible();
  expect(await standings.locator('tbody tr').count()).toBeGreaterThan(3);
  await expect(standings.getByRole('link', { name: 'Tabla completa' })).toHaveAttribute('href', '/torneos/242/posiciones');

  const scorers = section(page, 'scorers');
  await expect(scorers.locator('[data-scorer]').first()).toBeVisible();
  await expect(section(page, 'results').locator('[data-match-kind="Result"]').first()).toBeVisible();
});

test('every link points at its page, and the linked data exists in the API', async ({ page, request }) => {
  await page.goto('/');
  const hrefs = (selector: string) => page.locator(selector).evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));

  const matchLinks = await hrefs('[data-section="today"] a[href^="/partidos/"]');
  const teamLinks = await hrefs('main a[href^="/equipos/"]');
  const newsLinks = await hrefs('[data-section="news"] a[href^="/noticias/"]');
  const scorerLinks = await hrefs('[data-section="scorers"] a[href^="/jugadores/"]');
  expect(matchLinks.length).toBeGreaterThan(0);
  expect(teamLinks.length).toBeGreaterThan(0);
  expect(newsLinks.length).toBeGreaterThan(0);
  expect(scorerLinks.length).toBeGreaterThan(0);
  for (const href of matchLinks) expect(href).toMatch(/^\/partidos\/\d+$/);
  for (const href of teamLinks) expect(href).toMatch(/^\/equipos\/\d+$/);
  for (const href of scorerLinks) expect(href).toMatch(/^\/jugadores\/\d+$/);
  for (const href of newsLinks) expect(href).toMatch(/^\/noticias\/[a-z0-9-]+$/);

  // The ids behind the links are real: the detail pages will find them.
  const id = (href: string) => href.split('/').pop()!;
  expect((await request.get(`/api/football/fixtures?id=${id(matchLinks[0])}`)).status()).toBe(200);
  expect((await request.get(`/api/football/teams?id=${id(teamLinks[0])}`)).status()).toBe(200);
  expect((await request.get(`/api/football/players?id=${id(scorerLinks[0])}`)).status()).toBe(200);
  expect((await request.get(`/api/ai-articles/slug/${id(newsLinks[0])}`)).status()).toBe(200);

  const competitions = await hrefs('[data-section="competitions"] a');
  expect(competitions).toEqual(['/serie-a', '/serie-b', '/libertadores', '/sudamericana', '/eliminatorias', '/seleccion']);
});

test('/home is the same page, canonical to /', async ({ page }) => {
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fútbol ecuatoriano hoy');
  await expect(page.locator('[data-section="today"] [data-match-id]').first()).toBeVisible();
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(new URL(canonical!).pathname).toBe('/');
});

test('the live island refreshes from the API and moves nothing', async ({ page }) => {
  const errors = collectErrors(page);
  await pollingOnly(page);
  await page.clock.install();
  const refreshes: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/football/fixtures?date=')) refreshes.push(req.url());
  });

  await page.goto('/');
  const island = page.locator('[data-today-matches]');
  const rowsBefore = await island.locator('[data-match-id]').evaluateAll((rows) => rows.map((r) => `${r.getAttribute('data-match-id')}:${Math.round(r.getBoundingClientRect().height)}`));
  const boxBefore = await island.boundingBox();
  await expectLiveCode(island);
  await expect(island.locator('[data-freshness]')).toHaveText(/^Actualizado /);

  // A live match is refreshed every 20 s (at once when the build is already older than that).
  await page.clock.fastForward(21_000);
  await expect.poll(() => refreshes.length).toBeGreaterThanOrEqual(1);
  // The next refresh is timed from the end of this one: moving the clock while it is still on the
  // wire would move it past nothing.
  await expect(island).toHaveAttribute('aria-busy', 'false');
  const afterFirst = refreshes.length;
  await page.clock.fastForward(21_000);
  await expect.poll(() => refreshes.length).toBeGreaterThan(afterFirst);
  await expect(island).toHaveAttribute('aria-busy', 'false');
  await expect(island.locator('[data-freshness]')).toHaveText('Actualizado ahora mismo');

  const rowsAfter = await island.locator('[data-match-id]').evaluateAll((rows) => rows.map((r) => `${r.getAttribute('data-match-id')}:${Math.round(r.getBoundingClientRect().height)}`));
  expect(rowsAfter).toEqual(rowsBefore);
  expect((await island.boundingBox())?.height).toBe(boxBefore?.height);
  expect(await layoutShiftTotal(page)).toBeLessThan(0.01);
  expect(refreshes.every((url) => /date=\d{4}-\d{2}-\d{2}&timezone=America%2FGuayaquil$/.test(url))).toBe(true);
  expect(errors).toEqual([]);
});

test('a failed refresh keeps the scores on screen and says so in a toast', async ({ page }) => {
  // Four failing requests in a row, each a real round trip: on two busy cores that alone has taken
  // over 30 s (the default), while the same test takes 5 s on a quiet machine.
  test.setTimeout(90_000);
  await pollingOnly(page);
  await page.clock.install();
  await page.route('**/api/football/fixtures?date=*', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Service unavailable' }) }),
  );
  await page.goto('/');
  const island = page.locator('[data-today-matches]');
  const scoresBefore = await island.locator('[data-match-id]').allTextContents();
  await expectLiveCode(island);

  // The next refresh is due at once (the build is minutes old) or within 20 s, and the client
  // retries three times (1 s, 2 s, 4 s apart) before giving up: the clock moves on in steps of 1 s
  // so a busy machine's slow requests are the only real time spent. Only the first failed refresh
  // shows a toast, for 5 s, so no step may jump over it (a single 21 s jump once did, when the
  // refresh due at once had already failed).
  const toast = page.locator('[data-toast="error"]');
  await expect
    .poll(async () => {
      await page.clock.fastForward(1_000);
      return toast.count();
    }, { timeout: 75_000, intervals: [250] })
    .toBeGreaterThan(0);
  await expect(toast).toContainText('No se pudieron actualizar los marcadores');
  await expect(toast).toHaveAttribute('role', 'alert');
  expect(await island.locator('[data-match-id]').allTextContents()).toEqual(scoresBefore);
  await expect(island.locator('[data-live-indicator]').first()).toBeVisible();
});

test('axe finds no violations in either theme', async ({ page }) => {
  // Axe walks the whole home page; on two busy cores that can take longer than the default 30 s.
  test.setTimeout(90_000);
  await page.goto('/');
  await expectLiveCode(page.locator('[data-today-matches]'));
  await expectNoAxeViolations(page);
});

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the whole page is readable from the HTML', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('[data-section="today"] [data-match-id]').first()).toBeVisible();
    await expect(page.locator('[data-section="today"] [data-match-kind="Live"]').first()).toBeVisible();
    await expect(page.locator('[data-today-matches]')).toHaveAttribute('data-hydrated', 'false');
    await expect(page.locator('[data-section="today"] [data-freshness]')).toHaveText(/^Datos de las \d{2}:\d{2}$/);
    await expect(page.locator('[data-section="news"] [data-news-card]').first()).toBeVisible();
    await expect(page.locator('[data-section="standings"] tbody tr').first()).toBeVisible();
    await expect(page.locator('[data-section="scorers"] [data-scorer]').first()).toBeVisible();
    await expect(page.locator('[data-section="results"] [data-match-id]').first()).toBeVisible();
  });
});
