import { expect, test, type Page } from '@playwright/test';
import { scoreInEveryLiveMatch } from './support/live.ts';

/**
 * React 19 where it buys something (issue 32): a page whose data can change while it is read (a live
 * match) hydrates its islands with React once that data has changed, after its first paint; while
 * nothing moves, and on information pages, articles and a finished match's page, no framework loads.
 */

const REACT_CHUNK = /\/_astro\/react\.[^/]*\.js$/;

/** The scripts a page asks for, collected from its navigation on (the list keeps growing after). */
async function scriptsOf(page: Page, path: string, waitUntil: 'load' | 'networkidle' = 'networkidle'): Promise<string[]> {
  const scripts: string[] = [];
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
  await page.goto(path, { waitUntil });
  return scripts;
}

async function liveMatchId(page: Page): Promise<number> {
  const answer = await page.request.get('/api/football/fixtures?live=all');
  const body = (await answer.json()) as { response: Array<{ fixture: { id: number } }> };
  expect(body.response.length, 'the e2e clock stands in a match day with a match in play').toBeGreaterThan(0);
  return body.response[0].fixture.id;
}

test('information pages, an article and a finished match load no React', async ({ page }) => {
  // Four pages, each waited for until its network is quiet (an island would load by then).
  test.setTimeout(60_000);
  const article = await page.request.get('/api/ai-articles?limit=1').then((r) => r.json());
  const slug = (article.data as Array<{ slug: string }>)[0]?.slug;
  expect(slug, 'an article to open').toBeTruthy();
  const finished = await page.request.get('/api/football/fixtures?league=242&status=FT').then((r) => r.json());
  const finishedId = (finished.response as Array<{ fixture: { id: number } }>)[0].fixture.id;
  for (const path of ['/nosotros', '/contacto', `/noticias/${slug}`, `/partidos/${finishedId}`]) {
    const scripts = await scriptsOf(page, path);
    expect(scripts.filter((script) => REACT_CHUNK.test(script)), path).toEqual([]);
  }
});

test("a live match's page loads no React while nothing moves: its islands stay as built, their data kept fresh", async ({ page }) => {
  const id = await liveMatchId(page);
  const scripts = await scriptsOf(page, `/partidos/${id}`);
  // The watcher runs the match's store: the build's "Datos de las HH:MM" becomes the data's age.
  await expect(page.locator(`[data-live-match="${id}"]`).locator('[data-freshness]')).toHaveText(/^Actualizado /);
  await expect(page.locator('astro-island[client="live"]').first()).toHaveAttribute('data-live', 'watching');
  expect(scripts.filter((script) => REACT_CHUNK.test(script))).toEqual([]);
});

test("a goal in a live match hydrates its page's islands with React, after the first paint", async ({ page }) => {
  const id = await liveMatchId(page);
  const before = (await (await page.request.get(`/api/football/fixtures?id=${id}`)).json()) as { response: Array<{ goals: { home: number; away: number } }> };
  await scoreInEveryLiveMatch(page);
  const scripts = await scriptsOf(page, `/partidos/${id}`, 'load');
  const { home, away } = before.response[0]!.goals;
  await expect(page.locator(`[data-live-match="${id}"] [data-score]`)).toHaveText(`${home + 1} - ${away}`);
  await expect(page.locator('astro-island[client="live"]').first()).toHaveAttribute('data-live', 'hydrated');
  await expect(page.locator(`[data-live-match="${id}"]`).locator('[data-freshness]')).toHaveText(/^Actualizado /);
  expect(scripts.some((script) => REACT_CHUNK.test(script))).toBe(true);
  const [firstPaint, reactStart] = await page.evaluate(() => [
    performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
    performance.getEntriesByType('resource').find((entry) => /\/_astro\/react\./.test(entry.name))?.startTime ?? -1,
  ]);
  // client:live: React is asked for only once the page has painted and its data has changed, never before.
  expect(reactStart).toBeGreaterThan(firstPaint);
});

test("the home page's scoreboard draws its crests from the page's image sheet, before and after a goal hands it to React: none is downloaded again", async ({ page }) => {
  // As built: the crests of today's matches are cells of one picture, their tags kept at the end of the page.
  const html = await (await page.request.get('/')).text();
  const island = html.slice(html.indexOf('<astro-island'), html.indexOf('</astro-island>'));
  const cells = [...island.matchAll(/<span [^>]*data-img="(\d+)"/g)].map((cell) => Number(cell[1]));
  const kept = [.../<template data-sheet-pictures>(.*?)<\/template>/.exec(html)![1]!.matchAll(/<img [^>]*src="([^"]*)"/g)].map((picture) => picture[1]!);
  expect(cells.length, 'crests drawn from the sheet').toBeGreaterThanOrEqual(12);
  expect(island).not.toContain('<img');
  const crests = cells.map((n) => kept[n]!);
  expect(crests.every((src) => /^\/media\/(teams|leagues)\/\d+\.png$/.test(src))).toBe(true);

  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const crestDownloads: string[] = [];
  page.on('request', (request) => {
    if (/\/media\/(teams|leagues)\//.test(new URL(request.url()).pathname)) crestDownloads.push(request.url());
  });
  await scoreInEveryLiveMatch(page);
  await page.goto('/', { waitUntil: 'load' });
  const scoreboard = page.locator('astro-island[client="live"]').first();
  await expect(scoreboard).toHaveAttribute('data-live', 'hydrated');
  await expect(scoreboard.locator('[data-img]')).toHaveCount(0);
  // React found the elements it renders (an <img> for each crest, in its place), and each still shows
  // its cell of the sheet the page had: a transparent pixel over the sheet's picture.
  const pictures = await scoreboard.locator('img').evaluateAll((elements) =>
    elements.map((picture) => ({ src: picture.getAttribute('src') ?? '', cell: (picture as HTMLElement).style.getPropertyValue('--sheet-x') !== '', sheet: getComputedStyle(picture).backgroundImage })),
  );
  expect(pictures).toHaveLength(crests.length);
  for (const picture of pictures) {
    expect(picture.src).toMatch(/^data:image\/gif;base64,/);
    expect(picture.cell).toBe(true);
    expect(picture.sheet).toContain('/_astro/sheets/');
  }
  await page.waitForLoadState('networkidle');
  expect(crestDownloads).toEqual([]);
  expect(errors).toEqual([]);
});
