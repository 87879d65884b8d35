import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Issue 25: on a 390 px phone no club or player name is broken inside a word ("Independi|ente del
 * Valle") nor cut to "Universita…": names wrap at spaces, and where the full name does not fit the
 * page shows the name fans use (Liga de Quito, IDV, Católica). Against the demo season with the
 * server's clock pinned (MARCADOR_NOW), like the other e2e tests.
 *
 * A name is a link to a club or player page or an element marked `data-proper-name`. Each word of its
 * visible text is measured with a Range: a word drawn on more than one line box is broken; a word
 * drawn past the edge of a box that hides overflow or scrolls (or a box cut by line-clamp /
 * text-overflow) is cut.
 */

test.use({ viewport: { width: 390, height: 844 } });

const NAME_SELECTOR = 'a[href^="/equipos/"], a[href^="/jugadores/"], [data-proper-name]';

interface NameProblem {
  name: string;
  problem: string;
}

/** Every visible name on the page that is broken inside a word, cut, or ends in ".." / "…". */
function findNameProblems(page: Page): Promise<NameProblem[]> {
  return page.evaluate((selector) => {
    const problems: { name: string; problem: string }[] = [];
    /** Hidden for sighted readers (display none, or sr-only's 1 px clip): not drawn, not measured. */
    const drawn = (el: Element): boolean => {
      for (let e: Element | null = el; e; e = e.parentElement) {
        const style = getComputedStyle(e);
        if (style.display === 'none' || style.visibility === 'hidden') return false;
        if (style.clip !== 'auto' && style.position === 'absolute') return false;
        if (style.clipPath !== 'none') return false;
      }
      return true;
    };
    /**
     * The boxes that would hide part of a word: overflow hidden/clip, up to and including the nearest
     * scroller (a name pushed past a phone's edge inside a scrolling table is out of sight too).
     */
    const clippers = (el: Element): Element[] => {
      const out: Element[] = [];
      for (let e: Element | null = el; e && e !== document.body; e = e.parentElement) {
        const style = getComputedStyle(e);
        const overflow = `${style.overflowX} ${style.overflowY}`;
        if (/hidden|clip|auto|scroll/.test(overflow)) out.push(e);
        if (/auto|scroll/.test(overflow)) break;
      }
      return out;
    };
    for (const root of document.querySelectorAll(selector)) {
      if (!drawn(root)) continue;
      const rootRect = root.getBoundingClientRect();
      if (rootRect.width <= 1 || rootRect.height <= 1) continue;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      const visibleText: string[] = [];
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        const parent = node.parentElement;
        if (!parent || !drawn(parent)) continue;
        const text = node.data;
        visibleText.push(text);
        const boxes = clippers(parent);
        for (const box of boxes) {
          const style = getComputedStyle(box);
          const clamped = style.webkitLineClamp !== 'none' || style.textOverflow === 'ellipsis';
          if (clamped && (box.scrollHeight > box.clientHeight + 1 || box.scrollWidth > box.clientWidth + 1)) {
            problems.push({ name: root.textContent!.trim(), problem: `cut by ${style.webkitLineClamp !== 'none' ? 'line-clamp' : 'text-overflow'}` });
          }
        }
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
          if (rects.length > 1) problems.push({ name: root.textContent!.trim(), problem: `"${match[0]}" broken over ${rects.length} lines` });
          const word = range.getBoundingClientRect();
          // A word wider than its own name's box spills over what is beside it (a crest), though nothing clips it.
          const own = (parent.closest('[data-proper-name]') ?? parent).getBoundingClientRect();
          if (word.right > own.right + 1 || word.left < own.left - 1) problems.push({ name: root.textContent!.trim(), problem: `"${match[0]}" spills out of its box` });
          for (const box of boxes) {
            const b = box.getBoundingClientRect();
            if (word.right > b.right + 1 || word.left < b.left - 1 || word.bottom > b.bottom + 1) {
              problems.push({ name: root.textContent!.trim(), problem: `"${match[0]}" cut at the edge of its box` });
              break;
            }
          }
        }
      }
      const shown = visibleText.join('').trim();
      if (/(\.\.|…)$/.test(shown)) problems.push({ name: shown, problem: 'ends in an ellipsis' });
    }
    // One line per name and problem, so a list of twenty matches does not repeat a name twenty times.
    return [...new Map(problems.map((p) => [`${p.name}|${p.problem}`, p])).values()];
  }, NAME_SELECTOR);
}

async function countNames(page: Page): Promise<number> {
  return page.locator(NAME_SELECTOR).count();
}

interface RawFixture {
  fixture: { id: number };
  teams: { home: { id: number; name: string }; away: { id: number; name: string } };
}

/** A played match of the given club (IDV: its name is the longest of the league). */
async function fixtureOf(request: APIRequestContext, team: number): Promise<RawFixture> {
  const response = await request.get('/api/football/fixtures', { params: { team, last: 1 } });
  const body = (await response.json()) as { response: RawFixture[] };
  const [fixture] = body.response;
  if (!fixture) throw new Error(`The demo season has no played match of team ${team}`);
  return fixture;
}

async function expectNamesWhole(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  expect(await countNames(page), `${path} shows club or player names`).toBeGreaterThan(0);
  expect(await findNameProblems(page), path).toEqual([]);
}

const STATIC_PAGES = [
  '/',
  '/serie-a',
  '/serie-b',
  '/posiciones',
  '/calendario',
  '/goleadores',
  '/equipos',
  '/fichajes',
  '/extranjero',
  '/seleccion',
  '/libertadores',
  '/sudamericana',
  '/eliminatorias',
];

for (const path of STATIC_PAGES) {
  test(`${path}: no club or player name is broken inside a word or cut at 390 px`, async ({ page }) => {
    await expectNamesWhole(page, path);
  });
}

// IDV, Técnico Universitario, Universidad Católica, Atlético Vinotinto: the league's longest names.
for (const team of [1153, 1151, 1157, 25737]) {
  test(`/equipos/${team}: names whole at 390 px`, async ({ page }) => {
    await expectNamesWhole(page, `/equipos/${team}`);
  });
}

test('a match page of IDV (scoreboard, line-ups, head-to-head and form lists): names whole at 390 px', async ({ page, request }) => {
  const fixture = await fixtureOf(request, 1153);
  await expectNamesWhole(page, `/partidos/${fixture.fixture.id}`);
});

test('a match page of IDV at 1280 px: the head-to-head and form lists of the side column keep names whole', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const fixture = await fixtureOf(request, 1153);
  await expectNamesWhole(page, `/partidos/${fixture.fixture.id}`);
  // As narrow as a phone's, a side column's row shows the name fans use; the full one is heard.
  const row = page.locator('[data-section="head-to-head"] li').first();
  await expect(row.locator('a[href="/equipos/1153"] [data-proper-name]:not([aria-hidden])')).toHaveText('Independiente del Valle');
  await expect(row.locator('a[href="/equipos/1153"] [data-proper-name][aria-hidden="true"]')).toBeVisible();
});

test('a match page of Técnico Universitario: names whole at 390 px', async ({ page, request }) => {
  const fixture = await fixtureOf(request, 1151);
  await expectNamesWhole(page, `/partidos/${fixture.fixture.id}`);
});

test('a player page and a news article: names whole at 390 px', async ({ page }) => {
  await page.goto('/equipos/1151/plantilla');
  const player = await page.locator('[data-section="squad"] a[href^="/jugadores/"]').first().getAttribute('href');
  expect(player).toMatch(/^\/jugadores\/\d+$/);
  await expectNamesWhole(page, player!);

  await page.goto('/noticias');
  const hrefs = await page.locator('main a[href^="/noticias/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  const article = hrefs.find((href) => /^\/noticias\/(?!categoria\/|pagina\/)[\w-]+$/.test(href));
  expect(article, 'an article link on /noticias').toBeDefined();
  await page.goto(article!);
  // An article may name no club as a link; when it does, the names must be whole.
  expect(await findNameProblems(page), article!).toEqual([]);
});

test('the phone standings use the names fans use, not three-letter codes', async ({ page }) => {
  await page.goto('/posiciones');
  const row = (id: number) => page.locator(`[data-standings-table] tr[data-team-id="${id}"] th a`).first();
  // What a phone shows: the first name of the cell (the full one is for screen readers there).
  const shown = (id: number) => row(id).locator('[data-proper-name]').first();
  // LDU's own name is as short as any other it has: one name on every page (issue 33).
  await expect(row(1158)).toHaveText('LDU de Quito');
  await expect(shown(1153)).toHaveText('IDV');
  await expect(shown(1157)).toHaveText('Católica');
  await expect(row(1153)).toHaveAccessibleName('Independiente del Valle');
});

test('the team page table: the leader, the club and its form, most recent on the right, not clipped', async ({ page }) => {
  await page.goto('/posiciones');
  const table = page.locator('[data-standings-table]').first();
  const leader = await table.locator('tbody tr').first().getAttribute('data-team-id');
  const last = await table.locator('tbody tr').last().getAttribute('data-team-id');
  const lastForm = await table.locator('tbody tr').last().locator('[data-form]').getAttribute('data-form');
  await page.goto(`/equipos/${last}`);
  const around = page.locator('[data-standing-around]');
  await expect(around.locator('tbody tr').first()).toHaveAttribute('data-team-id', leader!);
  await expect(around.locator('tr[aria-current="true"]')).toHaveAttribute('data-team-id', last!);
  // The same order as /posiciones (oldest first), and said so.
  await expect(around.locator('tr[aria-current="true"] [data-form]')).toHaveAttribute('data-form', lastForm!);
  await expect(page.locator('[data-section="standing"]').getByText('Forma: últimos 5 partidos, el más reciente a la derecha.')).toBeVisible();
  // The form column is inside the phone's width (no horizontal scroll needed to read it).
  const form = around.locator('tr[aria-current="true"] [data-form]');
  const box = await form.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  const scroller = around.locator('.overflow-x-auto').first();
  if (await scroller.count()) expect(await scroller.evaluate((e) => e.scrollWidth <= e.clientWidth + 1)).toBe(true);
});

test('following a club says so in a toast and on the button', async ({ page }) => {
  await page.goto('/equipos/1148');
  const button = page.locator('button[data-follow-team]').first();
  await expect(button).toBeVisible();
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await button.click();
  await expect(page.getByRole('status').filter({ hasText: 'Ahora sigues a Emelec' })).toBeVisible();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await expect(button).toContainText('Siguiendo');
  await button.click();
  await expect(page.getByRole('status').filter({ hasText: 'Dejaste de seguir a Emelec' })).toBeVisible();
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await expect(button).toContainText('Seguir');
});
