import { expect, test, type Page, type Request } from '@playwright/test';
import { searchableWord } from './support/shell.ts';

/** The header's search bar (suggestions while typing: clubs, players, news) and the /search page it hands off to. */

const isNewsSearch = (request: Request) => new URL(request.url()).pathname === '/api/search';

async function openSearchBar(page: Page) {
  await page.getByRole('button', { name: 'Buscar noticias' }).click();
  const input = page.getByRole('searchbox', { name: 'Buscar noticias' });
  await expect(input).toBeFocused();
  return input;
}

test('suggestions while typing: debounced, at most 8, linking to the articles', async ({ page, request }) => {
  const word = await searchableWord(request);
  // The page's timers run on Playwright's clock, paused below: the debounce is counted on it, not on
  // a busy machine's wall clock.
  await page.clock.install();
  await page.goto('/nosotros');
  const searches: Request[] = [];
  page.on('request', (req) => isNewsSearch(req) && searches.push(req));
  const input = await openSearchBar(page);
  await expect(page.getByRole('button', { name: 'Buscar noticias' })).toHaveAttribute('aria-expanded', 'true');

  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
  await input.pressSequentially(word);
  const panel = page.locator('#header-search-results');
  await expect(panel).toContainText('Buscando noticias...');
  // 500 ms debounce: nothing asked before it ends, then one request, for the whole word.
  await page.clock.runFor(499);
  await expect(panel).toContainText('Buscando noticias...');
  expect(searches).toHaveLength(0);
  await page.clock.runFor(1);
  const suggestions = panel.locator('a[data-suggestion]:not([href^="/search"])');
  await expect(suggestions.first()).toBeVisible();
  const count = await suggestions.count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(8);
  expect(searches).toHaveLength(1);
  expect(new URL(searches[0]!.url()).searchParams.get('q')).toBe(word);
  await expect(panel.getByRole('link', { name: `Ver todos los resultados de «${word}»` })).toHaveAttribute(
    'href',
    `/search?q=${encodeURIComponent(word)}`,
  );

  // The arrow keys reach the suggestions; moving focus into them does not close the dropdown.
  await input.press('ArrowDown');
  await expect(suggestions.first()).toBeFocused();
  // Past the 200 ms after the input's blur that would close it.
  await page.clock.runFor(300);
  await expect(panel).toBeVisible();

  // Following a suggestion closes the bar (navigation).
  await page.clock.resume();
  const href = await suggestions.first().getAttribute('href');
  await suggestions.first().press('Enter');
  await page.waitForURL(`**${href}`);
  await expect(page.locator('#header-search')).toBeHidden();
});

test('blank queries are ignored and no results are reported in Spanish', async ({ page }) => {
  await page.clock.install();
  await page.goto('/nosotros');
  const searches: Request[] = [];
  page.on('request', (req) => isNewsSearch(req) && searches.push(req));
  const input = await openSearchBar(page);
  const panel = page.locator('#header-search-results');

  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
  await input.fill('    ');
  // Well past the 500 ms debounce: a blank query asks nothing.
  await page.clock.runFor(700);
  expect(searches).toHaveLength(0);
  await expect(panel).toBeHidden();
  await page.clock.resume();
  await input.press('Enter');
  await expect(page).toHaveURL(/\/nosotros$/);

  await input.fill('zzqxwv');
  await expect(panel).toContainText('No se encontraron resultados para «zzqxwv»');
  expect(searches).toHaveLength(1);
  await input.fill('');
  await expect(panel).toBeHidden();
});

test('the dropdown closes 200 ms after blur and reopens on focus', async ({ page, request }) => {
  const word = await searchableWord(request);
  // The page's timers run on Playwright's clock: the 200 ms window is counted on it, not on a busy
  // machine's wall clock.
  await page.clock.install();
  await page.goto('/nosotros');
  const input = await openSearchBar(page);
  await input.fill(word);
  const panel = page.locator('#header-search-results');
  await expect(panel.locator('a[href^="/noticias/"]').first()).toBeVisible();

  // Time stands still from here; only runFor moves it.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
  await input.blur();
  await expect(panel).toBeVisible();
  await page.clock.runFor(199);
  await expect(panel).toBeVisible();
  await page.clock.runFor(1);
  await expect(panel).toBeHidden();

  await page.clock.resume();
  await input.focus();
  await expect(panel.locator('a[href^="/noticias/"]').first()).toBeVisible();
  // One Escape leaves the search: suggestions and bar close, focus returns to the search button.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(page.locator('#header-search')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Buscar noticias' })).toBeFocused();
});

test('Enter hands the query to /search, which lists news, teams and players', async ({ page, request }) => {
  const word = await searchableWord(request);
  await page.goto('/contacto');
  const input = await openSearchBar(page);
  await input.fill(`  ${word} `);
  await input.press('Enter');
  await page.waitForURL(`**/search?q=${encodeURIComponent(word)}`);
  await expect(page.getByRole('searchbox', { name: 'Buscar noticias, equipos o jugadores' })).toHaveValue(word);
  const news = page.locator('[data-search-section="news"]');
  await expect(news).toBeVisible();
  await expect(news.getByRole('heading', { name: 'Noticias' })).toBeVisible();
  const first = news.locator('a[href^="/noticias/"]').first();
  await expect(first).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /resultados? para/ })).toContainText(word);
});

test('/search finds teams and players by name', async ({ page, request }) => {
  const teams = await request.get('/api/football/teams', { params: { league: 242 } });
  expect(teams.ok()).toBe(true);
  const team = ((await teams.json()) as { response: Array<{ team: { id: number; name: string } }> }).response[0]?.team;
  expect(team, 'the API lists Liga Pro teams').toBeTruthy();
  await page.goto(`/search?q=${encodeURIComponent(team!.name)}`);
  const teamSection = page.locator('[data-search-section="teams"]');
  await expect(teamSection.getByRole('link', { name: team!.name }).first()).toHaveAttribute('href', `/equipos/${team!.id}`);
});

test('/search without a query asks for one and does nothing on a blank submit', async ({ page, request }) => {
  // In the HTML itself, not written by the script: it is the page's largest text, and it paints with the page.
  expect(await (await request.get('/search')).text()).toContain('Escribe qué quieres buscar: un torneo');
  await page.goto('/search');
  await expect(page.getByText('Escribe qué quieres buscar')).toBeVisible();
  const input = page.getByRole('searchbox', { name: 'Buscar noticias, equipos o jugadores' });
  await input.fill('   ');
  await input.press('Enter');
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByRole('link', { name: 'todas las noticias' })).toHaveAttribute('href', '/noticias');
});

test('/search?q= arrives with its results: the page script does not search again', async ({ page }) => {
  const searches: Request[] = [];
  page.on('request', (req) => isNewsSearch(req) && searches.push(req));
  await page.goto('/search?q=emelec');
  await expect(page.getByRole('region', { name: 'Clubes' }).getByRole('link', { name: /Emelec/ })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(searches).toHaveLength(0);
  await expect(page.getByRole('searchbox', { name: 'Buscar noticias, equipos o jugadores' })).toHaveValue('emelec');
  await expect(page).toHaveTitle('emelec · Buscar · Marcador');
});

for (const query of ['emelec', 'emelec barcelona']) {
  test(`on a static host (no server fill) the page script writes the same results: «${query}»`, async ({ page, request }) => {
    const filled = await (await request.get(`/search?q=${encodeURIComponent(query)}`)).text();
    // What a static host serves for /search?q=…: the built page, as /search without a query answers it.
    const built = await (await request.get('/search')).text();
    await page.route(/^https?:\/\/[^/]+\/search\?q=/, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: built }));
    const searches: Request[] = [];
    page.on('request', (req) => isNewsSearch(req) && searches.push(req));
    await page.goto(`/search?q=${encodeURIComponent(query)}`);
    const results = page.locator('[data-search-results]');
    await expect(results).toHaveAttribute('data-search-filled', '');
    expect(searches).toHaveLength(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resultados de búsqueda');
    await expect(page.getByRole('searchbox', { name: 'Buscar noticias, equipos o jugadores' })).toHaveValue(query);
    await expect(page).toHaveTitle(`${query} · Buscar · Marcador`);
    // The same markup as the server's (markup/search.ts), the matches' dates included: both
    // read them against the server's clock (the answer's \`now\`), not the browser's.
    const serverResults = /<div data-search-results data-search-filled>[\s\S]*?<!--\/search:results-->/.exec(filled)![0].replace('<!--/search:results-->', '');
    const normalised = await page.evaluate((html) => {
      const template = document.createElement('template');
      template.innerHTML = html;
      return template.content.firstElementChild!.outerHTML;
    }, serverResults);
    expect(await results.evaluate((node) => node.outerHTML)).toBe(normalised);
  });
}

test('/search counts every match and pages through them: page 2 lists the next news, none of page 1', async ({ page, request }) => {
  const api = (await (await request.get('/api/search?q=liga')).json()) as { total: number; totals: { news: number } };
  const pages = Math.ceil(api.totals.news / 8);
  expect(pages).toBeGreaterThan(1);
  await page.goto('/search?q=liga');
  const status = page.locator('[data-search-status]');
  await expect(status).toHaveText(`${api.total} resultados para «liga» · página 1 de ${pages}`);
  await expect(page.getByRole('region', { name: 'Noticias' }).getByRole('heading')).toHaveText(`Noticias (${api.totals.news})`);
  const newsLinks = () => page.getByRole('region', { name: 'Noticias' }).getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  const first = await newsLinks();
  expect(first).toHaveLength(8);

  await page.getByRole('navigation', { name: 'Páginas de resultados' }).getByRole('link', { name: 'Más resultados' }).click();
  await expect(page).toHaveURL('/search?q=liga&page=2');
  await expect(status).toHaveText(`${api.total} resultados para «liga» · página 2 de ${pages}`);
  const second = await newsLinks();
  expect(second).toHaveLength(8);
  expect(second.filter((href) => first.includes(href))).toEqual([]);
  await expect(page.getByRole('link', { name: 'Resultados anteriores' })).toHaveAttribute('href', '/search?q=liga');
});

test('"liga de quito" finds LDU de Quito first among the clubs', async ({ page }) => {
  await page.goto('/search?q=liga%20de%20quito');
  await expect(page.getByRole('region', { name: 'Clubes' }).getByRole('link').first()).toHaveAttribute('href', '/equipos/1158');
});

/** The clásicos del Astillero of the demo season at the e2e clock (2026-11-22 20:30): the next one, then the results. */
const CLASICOS = [
  ['/partidos/9420294', 'Barcelona SC vs. Emelec', 'Serie A · lun, 30 nov · 19:00'],
  ['/partidos/9420266', 'Emelec 0-3 Barcelona SC', 'Serie A · Final · dom, 18 oct'],
  ['/partidos/9420168', 'Barcelona SC 1-1 Emelec', 'Serie A · Final · vie, 10 jul'],
  ['/partidos/9420048', 'Emelec 2-1 Barcelona SC', 'Serie A · Final · lun, 16 mar'],
];
const rowsOf = (page: Page, region: string) =>
  page
    .getByRole('region', { name: region })
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => [a.getAttribute('href'), ...[...a.querySelectorAll('span.block')].map((line) => line.textContent)]));

test('"emelec barcelona" lists the matches between them, the next first, with kick-off in Ecuador time and scores; a match opens', async ({ page }) => {
  await page.goto('/search?q=emelec%20barcelona');
  const matches = page.getByRole('region', { name: 'Partidos' });
  await expect(matches.getByRole('heading')).toHaveText('Partidos (4)');
  expect(await rowsOf(page, 'Partidos')).toEqual(CLASICOS);
  // Matches lead: before clubs, players and news.
  const order = await page.locator('[data-search-section]:not([hidden])').evaluateAll((nodes) => nodes.map((n) => (n as HTMLElement).dataset.searchSection));
  expect(order[0]).toBe('matches');
  await matches.getByRole('link', { name: /Emelec 0-3 Barcelona SC/ }).click();
  await expect(page).toHaveURL('/partidos/9420266');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Emelec vs. Barcelona SC');
});

test('"liga vs aucas" and "emelec -": a fan\'s club names and separators', async ({ page }) => {
  await page.goto('/search?q=liga%20vs%20aucas');
  expect((await rowsOf(page, 'Partidos')).map((r) => r.slice(0, 2))).toEqual([
    ['/partidos/9420138', 'Aucas 1-0 LDU de Quito'],
    ['/partidos/9420018', 'LDU de Quito 1-0 Aucas'],
  ]);
  await page.goto('/search?q=emelec%20-');
  await expect(page.getByRole('region', { name: 'Partidos' }).getByRole('heading')).toHaveText('Partidos (40)');
  expect((await rowsOf(page, 'Partidos')).slice(0, 4).map((r) => r[1])).toEqual([
    'Barcelona SC vs. Emelec',
    'Orense vs. Emelec',
    'Independiente del Valle vs. Emelec',
    'Delfín 1-2 Emelec',
  ]);
});

test('competitions by the names readers see, linking to their front pages', async ({ page }) => {
  const expected: Array<[string, string[][]]> = [
    ['libertadores', [['/libertadores', 'Copa Libertadores', 'Temporada 2026']]],
    ['serie b', [['/serie-b', 'Liga Pro Serie B', 'Temporada 2026']]],
    ['sudamericana', [['/sudamericana', 'Copa Sudamericana', 'Temporada 2026'], ['/eliminatorias', 'Eliminatorias Sudamericanas', 'Temporada 2026']]],
    ['liga pro', [['/serie-a', 'Liga Pro Serie A', 'Temporada 2026'], ['/serie-b', 'Liga Pro Serie B', 'Temporada 2026']]],
    ['Eliminatorías', [['/eliminatorias', 'Eliminatorias Sudamericanas', 'Temporada 2026']]],
  ];
  for (const [q, rows] of expected) {
    await page.goto(`/search?q=${encodeURIComponent(q)}`);
    expect(await rowsOf(page, 'Torneos'), q).toEqual(rows);
  }
  await page.goto('/search?q=libertadores');
  await page.getByRole('region', { name: 'Torneos' }).getByRole('link', { name: /Copa Libertadores/ }).click();
  await expect(page).toHaveURL('/libertadores');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Libertadores');
});

test('the header suggestions offer the competition and the matches first', async ({ page }) => {
  await page.goto('/nosotros');
  const input = await openSearchBar(page);
  const panel = page.locator('#header-search-results');
  await input.fill('libertadores');
  const first = panel.locator('a[data-suggestion]').first();
  await expect(first).toHaveAttribute('href', '/libertadores');
  await expect(first).toHaveText('Copa LibertadoresTorneo · Temporada 2026');
  await input.fill('emelec barcelona');
  const matches = panel.locator('a[data-suggestion="match"]');
  await expect(matches).toHaveCount(3);
  expect(await matches.evaluateAll((links) => links.map((a) => [a.getAttribute('href'), ...[...a.children].map((c) => c.textContent)]))).toEqual(
    CLASICOS.slice(0, 3).map(([href, title, detail]) => [href, title, `Partido · ${detail}`]),
  );
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('competitions and matches are in the page as served', async ({ page }) => {
    await page.goto('/search?q=emelec%20barcelona');
    expect(await rowsOf(page, 'Partidos')).toEqual(CLASICOS);
    await page.goto('/search?q=eliminatorias');
    expect(await rowsOf(page, 'Torneos')).toEqual([['/eliminatorias', 'Eliminatorias Sudamericanas', 'Temporada 2026']]);
  });

  test.use({ javaScriptEnabled: false });

  test('the header link and the search form lead to the results, grouped, with the query kept', async ({ page }) => {
    await page.goto('/nosotros');
    await page.getByRole('banner').getByRole('link', { name: 'Buscar' }).click();
    await expect(page).toHaveURL(/\/search$/);
    const box = page.getByRole('searchbox', { name: 'Buscar noticias, equipos o jugadores' });
    await box.fill('emelec');
    await box.press('Enter');
    await expect(page).toHaveURL('/search?q=emelec');
    await expect(box).toHaveValue('emelec');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resultados de búsqueda');
    await expect(page.getByText('La búsqueda necesita JavaScript')).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: /resultados? para «emelec»/ })).toBeVisible();
    const club = page.getByRole('region', { name: 'Clubes' }).getByRole('link', { name: /Emelec/ }).first();
    await expect(club).toHaveAttribute('href', /^\/equipos\/\d+$/);
    await expect(page.getByRole('region', { name: 'Noticias' }).getByRole('link').first()).toHaveAttribute('href', /^\/noticias\/[^/]+$/);
    // Clubs and players come before news on the page.
    const order = await page.locator('[data-search-section]:not([hidden])').evaluateAll((nodes) => nodes.map((n) => (n as HTMLElement).dataset.searchSection));
    expect(order.at(-1)).toBe('news');
    await club.click();
    await expect(page).toHaveURL(/\/equipos\/\d+$/);
  });

  test('players, an empty result and a hostile query', async ({ page, request }) => {
    const api = (await (await request.get('/api/search', { params: { q: 'caicedo' } })).json()) as { players: Array<{ player: { id: number; name: string } }> };
    expect(api.players.length).toBeGreaterThan(0);
    await page.goto('/search?q=caicedo');
    await expect(page.getByRole('region', { name: 'Jugadores' }).getByRole('link').first()).toHaveAttribute('href', `/jugadores/${api.players[0]!.player.id}`);

    await page.goto('/search?q=zzqxwv');
    await expect(page.getByText('No se encontraron resultados para «zzqxwv»')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Noticias' })).toBeHidden();

    const hostile = '"><script>alert(1)</script>';
    await page.goto(`/search?q=${encodeURIComponent(hostile)}`);
    await expect(page.getByText(`No se encontraron resultados para «${hostile}»`)).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Buscar noticias, equipos o jugadores' })).toHaveValue(hostile);
    expect(await page.locator('[data-search-page] script, script:has-text("alert(1)")').count()).toBe(0);
  });
});
