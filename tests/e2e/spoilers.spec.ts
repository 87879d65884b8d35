import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { HIDDEN_REPORT_TITLE } from '../../contract/spoilers.ts';

/**
 * Issue 35, "Sin spoilers": one switch in the header hides every score and result until tapped,
 * remembered in the browser: on the home page, a match page and a club's page. Hidden means drawn
 * blurred (global.css); a tap shows that one and does not follow its link.
 */

const hidden = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).filter.includes('blur'));

/** Headings of that name in Chromium's accessibility tree (what a screen reader is given), not counting those it ignores (inert, hidden). */
async function headingsHeard(page: Page, name: string): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
  const { nodes } = await cdp.send('Accessibility.queryAXTree', { nodeId: root.nodeId, accessibleName: name, role: 'heading' });
  await cdp.detach();
  return nodes.filter((node) => !node.ignored).length;
}

async function switchOn(page: Page) {
  const toggle = page.locator('[data-spoiler-toggle]');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('html')).toHaveClass(/\bno-spoilers\b/);
}

test('the switch hides the scores of the home page, a match page and a club’s page until tapped, and is remembered', async ({ page }) => {
  await page.goto('/');
  // A finished match of the home page, with its score shown.
  const score = page.locator('[data-match-kind="Result"] [data-spoiler]').first();
  await expect(score).toHaveText(/\d+\s*-\s*\d+/);
  expect(await hidden(score)).toBe(false);
  const matchHref = (await page.locator('[data-match-kind="Result"]').first().locator('a[href^="/partidos/"]').getAttribute('href'))!;

  await switchOn(page);
  expect(await hidden(score)).toBe(true);
  // A tap shows that score alone, and stays on the page.
  await score.click();
  expect(await hidden(score)).toBe(false);
  expect(new URL(page.url()).pathname).toBe('/');
  expect(await hidden(page.locator('[data-match-kind="Result"] [data-spoiler]:not([data-revealed])').first())).toBe(true);

  // Another page: hidden from its first paint, the switch pressed.
  await page.goto(matchHref);
  await expect(page.locator('[data-spoiler-toggle]')).toHaveAttribute('aria-pressed', 'true');
  const matchScore = page.locator('[data-match-scoreboard] [data-score]');
  expect(await hidden(matchScore)).toBe(true);
  // What the match told (events, Relato, ratings, line-ups) too, until tapped.
  const story = page.locator('[data-spoiler]:has([data-section="events"])');
  expect(await hidden(story)).toBe(true);
  // A tap on it lands on its cover.
  await page.mouse.click(...(await story.boundingBox().then((box) => [box!.x + 20, box!.y + 20] as const)));
  expect(await hidden(story)).toBe(false);
  expect(await hidden(matchScore)).toBe(true);

  // A club's page: its featured match and its results.
  const club = (await page.locator('[data-match-scoreboard] a[href^="/equipos/"]').first().getAttribute('href'))!;
  await page.goto(club);
  const results = page.locator('table a[href^="/partidos/"][data-spoiler]');
  await expect(results.first()).toBeVisible();
  expect(await hidden(results.first())).toBe(true);

  // Switched off: everything shows again, and stays so.
  await page.locator('[data-spoiler-toggle]').click();
  expect(await hidden(results.first())).toBe(false);
  await page.goto('/');
  expect(await hidden(page.locator('[data-match-kind="Result"] [data-spoiler]').first())).toBe(false);
});

test('the winner’s name is not in bold while results are hidden', async ({ page }) => {
  await page.goto('/');
  const winner = page.locator('[data-match-kind="Result"] [data-won="row"]').first();
  await expect(winner).toBeVisible();
  const weight = () => winner.evaluate((element) => getComputedStyle(element.querySelector('[data-proper-name]') ?? element).fontWeight);
  expect(await weight()).toBe('700');
  await switchOn(page);
  expect(await weight()).toBe('400');
});

test('a match report’s card in the news is hidden too, to the eye and the ear, other news are not', async ({ page }) => {
  await page.goto('/noticias');
  const report = page.locator('[data-news-card][data-spoiler]').first();
  const link = report.getByRole('link');
  const title = (await link.locator('[aria-hidden="true"]').textContent())!;
  await expect(link).toHaveAccessibleName(title);
  await switchOn(page);
  await expect(report).toBeVisible();
  expect(await hidden(report)).toBe(true);
  // Said without its title, and its summary (which tells the score too) not at all.
  await expect(link).toHaveAccessibleName(HIDDEN_REPORT_TITLE);
  await expect(report.locator('p[data-unspoiled-silent]')).toHaveAttribute('aria-hidden', 'true');
  expect(await hidden(page.locator('[data-news-card]:not([data-spoiler])').first())).toBe(false);
  await report.click({ position: { x: 10, y: 10 } });
  expect(await hidden(report)).toBe(false);
  await expect(link).toHaveAccessibleName(title);
  await expect(report.locator('p[data-unspoiled-silent]')).not.toHaveAttribute('aria-hidden');
  expect(new URL(page.url()).pathname).toBe('/noticias');
});

test('a national team’s or a cup’s report is hidden like a league’s, though filed beside their previews', async ({ page }) => {
  await page.goto('/noticias/categoria/seleccion');
  await switchOn(page);
  const cards = page.locator('[data-news-card]');
  // Each card's title as seen (a report's link says it in words of its own too).
  const titles = await cards.evaluateAll((list) => list.map((card) => ({ title: (card.querySelector('a [aria-hidden="true"]') ?? card.querySelector('a'))!.textContent!.trim(), hidden: card.hasAttribute('data-spoiler') })));
  // The demo's national-team news: match reports ("Ecuador le gana 4-1 a Costa Rica") and notes that tell no result (the squad, the table).
  expect(titles.filter((t) => t.hidden).length).toBeGreaterThan(3);
  expect(titles.filter((t) => t.hidden).every((t) => /\d+-\d+|triunfo|gana|vence|cae|empate|igualan|sin goles|se impone|respetar|tres puntos|daño|sobre/i.test(t.title)), JSON.stringify(titles)).toBe(true);
  expect(titles.find((t) => t.title.startsWith('Así quedó la tabla'))).toEqual(expect.objectContaining({ hidden: false }));
});

test('a report’s page keeps its title, picture and story under a cover until asked, and so do Más leídas, a match’s link to it and the search', async ({ page }) => {
  await page.goto('/noticias/categoria/seleccion');
  const href = (await page.locator('[data-news-card][data-spoiler] a').first().getAttribute('href'))!;
  await page.goto(href);
  const heading = page.locator('h1');
  const title = (await heading.textContent())!;
  await switchOn(page);
  await expect(heading).toHaveAccessibleName(HIDDEN_REPORT_TITLE);
  expect(await headingsHeard(page, title)).toBe(0);
  expect(await hidden(heading)).toBe(true);
  const story = page.locator('[data-spoiler-cover] + [data-spoiler="story"]');
  expect(await story.evaluate((element) => (element as HTMLElement).inert)).toBe(true);
  // The picture draws the score too large for a blur: it is not drawn at all.
  await expect(story.locator('img').first()).toHaveCSS('visibility', 'hidden');
  // "Más leídas" beside it: the reports among them are said without their titles.
  const mostRead = page.locator('aside[aria-label="Más noticias"] a:has([data-unspoiled])');
  expect(await mostRead.count()).toBeGreaterThan(0);
  await expect(mostRead.first()).toHaveAccessibleName(new RegExp(`^${HIDDEN_REPORT_TITLE} \\d+ de \\w+ de \\d{4}$`));
  // A tap on its blurred title shows it, and the link says it again.
  const readTitle = (await mostRead.first().locator('[data-spoiler] [aria-hidden="true"]').textContent())!;
  await mostRead.first().locator('[data-spoiler]').click();
  await expect(mostRead.first()).toHaveAccessibleName(new RegExp(`^${readTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\d+ de`));

  const cover = page.getByRole('button', { name: 'Mostrar la crónica del partido' });
  await cover.focus();
  await page.keyboard.press('Enter');
  await expect(story).toBeFocused();
  await expect(heading).toHaveAccessibleName(title);
  expect(await headingsHeard(page, title)).toBe(1);
  expect(await hidden(heading)).toBe(false);
  await expect(story.locator('img').first()).toHaveCSS('visibility', 'visible');

  // A played match's page points to its report: said without the report's title.
  await page.goto('/');
  await page.goto((await page.locator('[data-match-kind="Result"] a[href^="/partidos/"]').first().getAttribute('href'))!);
  await expect(page.locator('[data-match-article="Crónica"]')).toHaveAccessibleName(HIDDEN_REPORT_TITLE);

  // The search: a played match's score is blurred and its link names the two clubs alone; reports as in the news.
  await page.goto('/search?q=emelec%20barcelona');
  const played = page.locator('[data-search-match][data-unspoiled]').first();
  await expect(played).toHaveAccessibleName(/^(Emelec - Barcelona SC|Barcelona SC - Emelec), resultado oculto Serie A · Final · /);
  await expect(page.locator('[data-search-section="news"] a[data-unspoiled]').first()).toHaveAccessibleName(new RegExp(`^${HIDDEN_REPORT_TITLE} `));
  await played.locator('[data-spoiler]').click();
  await expect(played).toHaveAccessibleName(/^(Emelec \d+-\d+ Barcelona SC|Barcelona SC \d+-\d+ Emelec) Serie A · Final · /);
  expect(new URL(page.url()).pathname).toBe('/search');
});

test('a screen reader hears no result either: a row and a match’s scoreboard say it is hidden, and the score once tapped', async ({ page }) => {
  await page.goto('/');
  const row = page.locator('[data-match-kind="Result"]').first();
  const link = row.locator('a[href^="/partidos/"]');
  const said = (await link.locator('[data-said]').textContent())!;
  // What is said with the results shown: the teams and their goals ("Final: LDU de Quito 4, Orense 0. Ver partido.").
  expect(said).toMatch(/^Final: .+ \d+, .+ \d+\. Ver partido\.$/);
  await expect(link).toHaveAccessibleName(said);

  await switchOn(page);
  await expect(link).toHaveAccessibleName(said.replace(/^Final: (.+) \d+, (.+) \d+\./, 'Final: $1 contra $2, resultado oculto.'));
  // A tap on the score shows it, to the eye and to the ear.
  await row.locator('[data-spoiler]').first().click();
  await expect(link).toHaveAccessibleName(said);

  // A match page's scoreboard: its summary says the half-time too (that line is not read).
  await page.goto((await link.getAttribute('href'))!);
  const centre = page.locator('[data-match-scoreboard] [data-unspoiled]');
  const words = (await centre.locator('[data-said]').textContent())!;
  expect(words).toMatch(/^.+ \d+, .+ \d+; al descanso, \d+-\d+$/);
  // Which of its two texts a screen reader is given: the summary, or its words without the result.
  const heard = () => centre.evaluate((element) => [...element.querySelectorAll('[data-said], [data-unsaid]')].filter((text) => getComputedStyle(text).display !== 'none').map((text) => text.textContent));
  expect(await heard()).toEqual([words.replace(/^(.+) \d+, (.+) \d+;.*$/, '$1 contra $2, resultado oculto')]);
  await page.locator('[data-match-scoreboard] [data-score]').click();
  expect(await heard()).toEqual([words]);
});

test('a screen reader or a keyboard meets the cover of a match’s hidden story, not its events, and opens it from there', async ({ page }) => {
  await page.goto('/');
  await page.goto((await page.locator('[data-match-kind="Result"] a[href^="/partidos/"]').first().getAttribute('href'))!);
  const events = page.getByRole('heading', { name: 'Incidencias' });
  const cover = page.getByRole('button', { name: 'Mostrar lo que pasó en el partido' });
  await expect(events).toBeVisible();
  await expect(cover).toBeHidden();
  expect(await headingsHeard(page, 'Incidencias')).toBe(1);

  await switchOn(page);
  // The story is still drawn, blurred, but out of reach: not in the accessibility tree, no link in it takes the focus.
  await expect(cover).toBeVisible();
  expect(await headingsHeard(page, 'Incidencias')).toBe(0);
  const story = page.locator('[data-spoiler="story"]');
  expect(await story.evaluate((element) => (element as HTMLElement).inert)).toBe(true);
  await cover.focus();
  await page.keyboard.press('Enter');
  await expect(cover).toBeHidden();
  await expect(story).toBeFocused();
  await expect(events).toBeVisible();
  expect(await headingsHeard(page, 'Incidencias')).toBe(1);
  expect(await hidden(story)).toBe(false);
  // The next Tab goes into the story.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('[data-spoiler="story"]'))).toBe(true);
});

test('a screen reader hears no result in a club’s results, its statistics’ form or a match page’s form either, until tapped', async ({ page }) => {
  await page.goto('/equipos/10111');
  const result = page.locator('table a[href^="/partidos/"][data-spoiler]').first();
  const built = (await result.locator('[data-said]').textContent())!;
  const match = (await result.getAttribute('href'))!;
  // "1 - 0: 9 de Octubre contra Chacaritas, Final. Ver partido"
  expect(built).toMatch(/^\d+ - \d+: .+ contra .+\. Ver partido$/);
  await expect(result).toHaveAccessibleName(built);
  await switchOn(page);
  await expect(result).toHaveAccessibleName(built.replace(/^\d+ - \d+: (.+ contra .+), [^,]+\. Ver partido$/, '$1, resultado oculto. Ver partido'));
  await result.click();
  await expect(result).toHaveAccessibleName(built);

  // A club's form in its statistics (the mode remembered): ten badges, each an image named by its result,
  // are one image that says they are hidden.
  await page.goto('/equipos/10111/estadisticas');
  const form = page.locator('[data-form][data-spoiler]').first();
  await expect(form).toBeVisible();
  await expect(form).toHaveAttribute('role', 'img');
  await expect(form).toHaveAccessibleName('Resultados ocultos');
  await form.click();
  await expect(form).not.toHaveAttribute('role', 'img');
  await expect(form.getByRole('img').first()).toHaveAccessibleName(/^(Victoria|Empate|Derrota)$/);

  // A match page's form: each result's badge says it is hidden.
  await page.goto(match);
  const badge = page.locator('[data-form-competition] [data-form]').first();
  await expect(badge).toHaveAccessibleName('Resultado oculto:');
  await badge.click();
  await expect(badge).toHaveAccessibleName(/^(Victoria|Empate|Derrota):$/);
});

test.describe('with results hidden', () => {
  // axe is injected as an inline script, which the site's CSP refuses (a11y.spec.ts).
  test.use({ bypassCSP: true });

  test('a finished match, a club’s statistics, a cup’s bracket, the news, a report and the search have no axe violations', async ({ page }) => {
    test.setTimeout(120_000);
    await page.addInitScript(() => localStorage.setItem('marcador:sin-spoilers', '1'));
    await page.goto('/');
    const match = (await page.locator('[data-match-kind="Result"] a[href^="/partidos/"]').first().getAttribute('href'))!;
    for (const path of [match, '/equipos/10111/estadisticas', '/libertadores']) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveClass(/\bno-spoilers\b/);
      await expectNoAxeViolations(page);
    }
    // The bracket's aggregates are blurred, and its "(clasificado)" is not said.
    await expect(page.locator('[data-bracket] [data-said-result]').first()).toBeHidden();
    expect(await page.locator('[data-bracket] [data-tie] .tabular-nums[data-spoiler]').count()).toBeGreaterThan(0);
    // The news, a report's page and the search, their reports and scores hidden.
    await page.goto('/noticias/categoria/seleccion');
    const report = (await page.locator('[data-news-card][data-spoiler] a').first().getAttribute('href'))!;
    for (const path of ['/noticias', report, '/search?q=emelec%20barcelona']) {
      await page.goto(path);
      expect(await page.locator('[data-unspoiled]').count(), path).toBeGreaterThan(0);
      await expectNoAxeViolations(page);
    }
  });
});
