import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';

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

test('a match report’s card in the news is hidden too, other news are not', async ({ page }) => {
  await page.goto('/noticias');
  await switchOn(page);
  const report = page.locator('[data-news-card][data-spoiler]').first();
  await expect(report).toBeVisible();
  expect(await hidden(report)).toBe(true);
  expect(await hidden(page.locator('[data-news-card]:not([data-spoiler])').first())).toBe(false);
  await report.click({ position: { x: 10, y: 10 } });
  expect(await hidden(report)).toBe(false);
  expect(new URL(page.url()).pathname).toBe('/noticias');
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

  test('a finished match, a club’s statistics and a cup’s bracket have no axe violations', async ({ page }) => {
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
  });
});
