import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Issue 33: on a 390 px phone no page scrolls sideways and no text runs out of its box. One URL per
 * route family of the built site, each read with the two checks a reader would notice:
 * - the document is no wider than the viewport;
 * - no element holding text is wider inside than its own box (a name running into the next column, a
 *   table cut off without a scroller), unless it sits in a horizontal scroller (overflow-x auto/scroll:
 *   the reader can swipe it) or it is cut on purpose with an ellipsis (the reader sees "…").
 */

const PHONE = { width: 390, height: 844 };

interface Overflow {
  what: string;
  text: string;
  scrollWidth: number;
  clientWidth: number;
}

/**
 * Every text that runs out of its box: an element holding text directly whose content is wider than
 * its box, or a line of text reaching past its nearest block ancestor (inline text overflows there).
 */
async function measure(page: Page): Promise<{ documentWidth: number; viewport: number; overflows: Overflow[] }> {
  return page.evaluate(() => {
    const inScroller = (el: Element): boolean => {
      for (let node: Element | null = el; node && node !== document.body; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.overflowX === 'auto' || style.overflowX === 'scroll') return true;
        // Cut on purpose with "…": the reader sees that there is more.
        if (style.textOverflow === 'ellipsis' && style.overflowX !== 'visible') return true;
      }
      return false;
    };
    // What a closed <details> holds besides its summary is not on screen (Chromium still gives it boxes).
    const visible = (el: HTMLElement): boolean =>
      !el.closest('.sr-only, [hidden], [aria-hidden="true"] .sr-only, details:not([open]) > :not(summary)') &&
      el.getClientRects().length > 0 &&
      getComputedStyle(el).visibility !== 'hidden';
    const blockOf = (el: HTMLElement): HTMLElement => {
      let node: HTMLElement = el;
      while (
        node.parentElement &&
        getComputedStyle(node).display.startsWith('inline') &&
        !getComputedStyle(node).display.includes('block') &&
        !getComputedStyle(node).display.includes('flex') &&
        !getComputedStyle(node).display.includes('grid')
      )
        node = node.parentElement;
      return node;
    };
    const describe = (el: Element): string => {
      const parts: string[] = [];
      for (let node: Element | null = el; node && parts.length < 4 && node !== document.body; node = node.parentElement) {
        const cls = typeof node.className === 'string' ? node.className.split(/\s+/).slice(0, 3).join('.') : '';
        parts.unshift(`${node.tagName.toLowerCase()}${cls ? `.${cls}` : ''}`);
      }
      return parts.join(' > ');
    };
    const overflows: Array<{ what: string; text: string; scrollWidth: number; clientWidth: number }> = [];
    const seen = new Set<Element>();
    const reported = new Set<Element>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim();
      const el = node.parentElement;
      if (!text || !el || seen.has(el) || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(el.tagName)) continue;
      if (!visible(el) || inScroller(el)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const textBox = range.getBoundingClientRect();
      if (textBox.width === 0) continue;
      const block = blockOf(el);
      const box = block.getBoundingClientRect();
      const report = (what: Element, width: number, room: number) => {
        seen.add(el);
        // One line per box that runs out, however many texts it holds.
        if (reported.has(what)) return;
        reported.add(what);
        overflows.push({ what: describe(what), text: text.slice(0, 60).replace(/\s+/g, ' '), scrollWidth: Math.round(width), clientWidth: Math.round(room) });
      };
      if (block.clientWidth > 0 && block.scrollWidth > block.clientWidth + 1) {
        report(block, block.scrollWidth, block.clientWidth);
        continue;
      }
      if (textBox.right > box.right + 1 || textBox.left < box.left - 1 || textBox.right > window.innerWidth) {
        report(el, textBox.right - box.left, box.width);
        continue;
      }
      // The box holding the text, or one around it, sticks out of its container's content box.
      for (let inner: HTMLElement = block; inner.parentElement && inner !== document.body; inner = inner.parentElement) {
        let outer: HTMLElement = inner.parentElement;
        // A box that draws nothing (an island's wrapper) is not a container: its parent is.
        while (getComputedStyle(outer).display === 'contents' && outer.parentElement) outer = outer.parentElement;
        if (getComputedStyle(inner).display === 'contents') continue;
        const { position, transform, rotate } = getComputedStyle(inner);
        if (position === 'fixed' || position === 'absolute') break;
        // A turned mark (the open/closed chevron) measures its rotated box, not its place.
        if (transform !== 'none' || (rotate && rotate !== 'none')) continue;
        const a = inner.getBoundingClientRect();
        const b = outer.getBoundingClientRect();
        const style = getComputedStyle(outer);
        const left = b.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft);
        const right = b.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
        // 4 px of slack: a link pulled out by a small negative margin to line its text up (the logo).
        if (a.right > right + 4 || a.left < left - 4) {
          report(inner, a.width, right - left);
          break;
        }
      }
    }
    return { documentWidth: document.documentElement.scrollWidth, viewport: window.innerWidth, overflows };
  });
}

async function json<T>(request: APIRequestContext, path: string, params: Record<string, string | number>): Promise<T> {
  const response = await request.get(path, { params });
  if (!response.ok()) throw new Error(`GET ${path} → ${response.status()}`);
  return (await response.json()) as T;
}

interface Fixture {
  fixture: { id: number };
  lineups?: Array<{ formation: string | null }>;
}

/** The pages to read: fixed routes, and one page of each route with an id, picked from the API. */
async function pages(request: APIRequestContext): Promise<string[]> {
  const teams = await json<{ response: Array<{ team: { id: number } }> }>(request, '/api/football/teams', { league: 242, season: 2026 });
  const scorers = await json<{ response: Array<{ player: { id: number } }> }>(request, '/api/football/players/topscorers', { league: 242, season: 2026 });
  // A finished Liga Pro match whose line-up has a line of five (the widest row of the pitch drawing).
  const finished = await json<{ response: Fixture[] }>(request, '/api/football/fixtures', { league: 242, season: 2026, status: 'FT', details: 'true' });
  const match = finished.response.find((f) => f.lineups?.some((l) => (l.formation ?? '').split('-').includes('5'))) ?? finished.response.at(-1);
  const articles = await json<{ data: Array<{ slug: string }> }>(request, '/api/ai-articles', { limit: 1, sort: 'createdAt', order: 'desc' });
  if (!teams.response[0] || !scorers.response[0] || !match || !articles.data[0]) throw new Error('The demo season lacks a team, a scorer, a finished match or an article');
  return [
    '/',
    '/calendario',
    '/posiciones',
    '/goleadores',
    '/equipos',
    `/equipos/${teams.response[0].team.id}`,
    `/jugadores/${scorers.response[0].player.id}`,
    `/partidos/${match.fixture.id}`,
    '/noticias',
    `/noticias/${articles.data[0].slug}`,
    '/fichajes',
    `/fichajes/${teams.response[0].team.id}`,
    '/extranjero',
    '/seleccion',
    '/eliminatorias',
    '/libertadores',
    '/libertadores/calendario',
    '/sudamericana',
    '/torneos',
    '/torneos/242',
    '/torneos/242/posiciones',
    '/serie-a',
    '/serie-b',
    '/copas',
    '/internacional',
    '/football',
    '/search?q=liga',
    '/nosotros',
    '/informacion',
  ];
}

test.use({ viewport: PHONE });

test('at 390 px no page is wider than the screen and no text runs out of its box', async ({ page, request }) => {
  test.setTimeout(180_000);
  const failures: string[] = [];
  for (const path of await pages(request)) {
    const response = await page.goto(path, { waitUntil: 'load' });
    expect(response?.status(), path).toBe(200);
    // Widths are the web font's, not the fallback's.
    await page.evaluate(() => document.fonts.ready);
    const { documentWidth, viewport, overflows } = await measure(page);
    if (documentWidth > viewport) failures.push(`${path}: the page is ${documentWidth} px wide in a ${viewport} px screen`);
    for (const o of overflows) failures.push(`${path}: ${o.what} "${o.text}" is ${o.scrollWidth} px wide in ${o.clientWidth} px`);
  }
  expect(failures).toEqual([]);
});

test("a team page on a phone gives the club's name the width of the screen, its buttons below it", async ({ page, request }) => {
  // 412 px (a common Android width, and Lighthouse's): just wide enough for the buttons to fit beside the name.
  await page.setViewportSize({ width: 412, height: 823 });
  // Serie B's longest club name: the one a squeezed header breaks first.
  const teams = await json<{ response: Array<{ team: { id: number; name: string } }> }>(request, '/api/football/teams', { league: 243, season: 2026 });
  const team = [...teams.response].sort((a, b) => b.team.name.length - a.team.name.length)[0]?.team;
  if (!team) throw new Error('The demo season has no Serie B club');
  await page.goto(`/equipos/${team.id}`);
  const name = page.getByRole('heading', { level: 1, name: team.name });
  const calendarLink = page
    .locator('header')
    .filter({ has: name })
    .getByRole('link', { name: /Calendario/ });
  const [nameBox, buttonBox] = [await name.boundingBox(), await calendarLink.boundingBox()];
  // Before, the buttons stayed beside the name and left it 7 px: "9 de Octubre" one word a line, under the buttons.
  expect(nameBox!.width).toBeGreaterThanOrEqual(192);
  expect(buttonBox!.y).toBeGreaterThanOrEqual(nameBox!.y + nameBox!.height);
});
