import { expect, test, type Page } from '@playwright/test';

/**
 * ARCHITECTURE.md "Budgets": at most 800 elements on every page type (issue 32), at a phone's width and at a
 * desktop's: one markup adapts to both, so the two counts differ only by what a script adds. Counted
 * as a reader's browser holds the page once loaded (`document.querySelectorAll('*')`), islands
 * hydrated, against the e2e server's fixed day (MARCADOR_NOW: Liga Pro's three phases in play).
 * The same load checks that the page's scripts make no Intl formatter (recordIntlUse).
 */

const MAX_ELEMENTS = 800;
const WIDTHS = [412, 1280] as const;

/** A page type's URL: fixed, or the first link matching `selector` on `from` (ids differ by season). */
type PageType = { name: string; path: string } | { name: string; from: string; selector: string; suffix?: string };

const PAGE_TYPES: readonly PageType[] = [
  { name: 'home', path: '/' },
  { name: 'league front', path: '/serie-a' },
  { name: 'Serie B front', path: '/serie-b' },
  { name: 'cup front', path: '/libertadores' },
  { name: 'Sudamericana front', path: '/sudamericana' },
  { name: 'tournament front', path: '/torneos/242' },
  { name: 'tournaments', path: '/torneos' },
  { name: 'calendar', path: '/calendario' },
  { name: 'cup calendar', path: '/libertadores/calendario' },
  { name: 'Serie B calendar', path: '/torneos/243/calendario' },
  { name: 'qualifiers calendar', path: '/torneos/34/calendario' },
  { name: 'calendar round', from: '/calendario', selector: '[data-round-link]' },
  { name: 'standings', path: '/posiciones' },
  { name: 'standings at home', path: '/torneos/242/posiciones/local' },
  { name: 'standings over the last five', path: '/torneos/242/posiciones/ultimos-5' },
  { name: 'scorers', path: '/goleadores' },
  { name: 'tournament teams', path: '/torneos/242/equipos' },
  { name: 'qualifiers', path: '/eliminatorias' },
  { name: 'national team', path: '/seleccion' },
  { name: 'international', path: '/internacional' },
  { name: 'day dashboard', path: '/football' },
  { name: 'another day', from: '/football', selector: 'a[href^="/football/2"]' },
  { name: 'teams', path: '/equipos' },
  { name: 'team', from: '/torneos/242/equipos', selector: '[data-team-list] a[href^="/equipos/"]' },
  { name: 'team squad', from: '/torneos/242/equipos', selector: '[data-team-list] a[href^="/equipos/"]', suffix: '/plantilla' },
  { name: 'team statistics', from: '/torneos/242/equipos', selector: '[data-team-list] a[href^="/equipos/"]', suffix: '/estadisticas' },
  { name: 'player', from: '/seleccion', selector: '[data-section="squad"] a[href^="/jugadores/"]' },
  { name: 'finished match', from: '/torneos/242/calendario/fecha-hexagonal-final-1', selector: 'a[href^="/partidos/"]' },
  { name: 'live match', from: '/calendario', selector: '[data-match-kind="Live"] a[href^="/partidos/"]' },
  { name: 'transfers', path: '/fichajes' },
  { name: 'other clubs’ transfers', path: '/fichajes/otros-clubes' },
  { name: 'a club’s transfers', from: '/fichajes', selector: '[data-transfer-club] a' },
  { name: 'players abroad', path: '/extranjero' },
  { name: 'news', path: '/noticias' },
  { name: 'news page 2', path: '/noticias/pagina/2' },
  { name: 'article', from: '/noticias', selector: 'main a[href^="/noticias/"]:not([href*="/pagina/"]):not([href*="/categoria/"])' },
  { name: 'search', path: '/search' },
  { name: 'information', path: '/nosotros' },
  { name: 'not found', path: '/esta-pagina-no-existe' },
];

/**
 * Records each Intl formatter a page's scripts make (and each toLocale… call, which makes one). The
 * first in a page starts ICU, about 30 ms of a phone's main thread: no page needs one to load, and
 * one made at a module's top level cost every page that much (issue 32).
 */
function recordIntlUse(): void {
  const made: string[] = [];
  (window as unknown as { intlMade: string[] }).intlMade = made;
  const where = () => (new Error().stack ?? '').split('\n')[3]?.trim() ?? '';
  for (const name of ['NumberFormat', 'DateTimeFormat', 'ListFormat', 'PluralRules', 'RelativeTimeFormat', 'Collator', 'Segmenter', 'DisplayNames'] as const) {
    const original = Intl[name] as unknown as new (...args: unknown[]) => object;
    const recorded = function (...args: unknown[]) {
      made.push(`Intl.${name} ${where()}`);
      return new original(...args);
    };
    Object.setPrototypeOf(recorded, original);
    recorded.prototype = original.prototype;
    (Intl as unknown as Record<string, unknown>)[name] = recorded;
  }
  for (const [owner, method] of [
    [Date.prototype, 'toLocaleString'],
    [Date.prototype, 'toLocaleDateString'],
    [Date.prototype, 'toLocaleTimeString'],
    [Number.prototype, 'toLocaleString'],
    [String.prototype, 'localeCompare'],
  ] as const) {
    const original = (owner as unknown as Record<string, (...args: unknown[]) => unknown>)[method];
    (owner as unknown as Record<string, unknown>)[method] = function (this: unknown, ...args: unknown[]) {
      made.push(`${method} ${where()}`);
      return original.apply(this, args);
    };
  }
}

async function pathOf(page: Page, type: PageType): Promise<string> {
  if ('path' in type) return type.path;
  await page.goto(type.from);
  const href = await page.locator(type.selector).first().getAttribute('href');
  expect(href, `${type.selector} on ${type.from}`).toMatch(/^\//);
  return href! + (type.suffix ?? '');
}

for (const type of PAGE_TYPES) {
  test(`${type.name}: at most ${MAX_ELEMENTS} elements at ${WIDTHS.join(' and ')} px, and no Intl formatter made as it loads`, async ({ page }) => {
    // Up to two page loads, each waiting for every picture of the page.
    test.setTimeout(60_000);
    const path = await pathOf(page, type);
    const counts: Record<number, number> = {};
    // One load, read at each width in turn: the markup is the same, and what a script draws for a
    // width (a media query's listener, an island that became visible) is drawn on the resize.
    await page.setViewportSize({ width: WIDTHS[0], height: 900 });
    await page.addInitScript(recordIntlUse);
    await page.goto(path, { waitUntil: 'load' });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      // Islands hydrate when idle or visible: what they draw counts too.
      await page.waitForTimeout(500);
      counts[width] = await page.evaluate(() => document.querySelectorAll('*').length);
    }
    for (const width of WIDTHS) expect(counts[width], `${path} at ${width} px`).toBeLessThanOrEqual(MAX_ELEMENTS);
    expect(await page.evaluate(() => (window as unknown as { intlMade: string[] }).intlMade), `Intl used while ${path} loads`).toEqual([]);
  });
}
