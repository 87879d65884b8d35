import { expect, test, type Page } from '@playwright/test';
import { pollingOnly } from './support/live.ts';

/**
 * Issue 33: one table while a match is played. On the e2e server's fixed moment (MARCADOR_NOW) Liga
 * Pro has matches in play; every table of the league on the home page, the league front, the
 * standings page and a team page shows the same rows (place, PJ, DG, Pts, form) and the same
 * "Provisional" label, as they would stand if those matches ended now. Issue 32: one table per group
 * at every width, under the DOM budget.
 */

test.afterEach(async ({ page }) => {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

interface LiveFixture {
  fixture: { id: number; status: { short: string } };
  teams: { home: { id: number }; away: { id: number } };
  goals: { home: number; away: number };
}
interface StoredRow {
  group: string;
  points: number;
  goalsDiff: number;
  form: string;
  team: { id: number };
  all: { played: number };
}

interface ShownRow {
  group: string;
  team: string;
  rank: number;
  played: number;
  diff: string;
  points: number;
  /** The form cell's results, oldest first (null where the table has no form column). */
  form: string | null;
  /** The caption's note as a screen reader hears it, '' when hidden. */
  note: string;
}

/** Every visible row of every Liga Pro table on the page, once its live script follows them. */
async function leagueRows(page: Page, path: string): Promise<ShownRow[]> {
  await page.goto(path);
  const tables = page.locator('[data-league-table="242"]');
  await expect(tables.first()).toBeVisible();
  // The live script has taken the tables a match can move over (it loads after the first paint, once a
  // table nears the screen, as a reader scrolls to it; a settled phase stays plain HTML).
  await tables.first().scrollIntoViewIfNeeded();
  await expect(page.locator('[data-league-table="242"][data-following]').first()).toBeAttached();
  return tables.evaluateAll((elements) =>
    elements.flatMap((table) => {
      const marker = table.querySelector<HTMLElement>('[data-provisional]');
      const note = marker && !marker.hidden ? (marker.textContent ?? '').trim() : '';
      return [...table.querySelectorAll<HTMLTableRowElement>('tbody tr[data-team-id]')]
        .filter((tr) => !tr.hidden)
        .map((tr) => ({
          group: (table as HTMLElement).dataset.group ?? '',
          team: tr.dataset.teamId ?? '',
          rank: Number.parseInt(tr.querySelector('[data-cell="rank"]')?.textContent ?? '', 10),
          played: Number(tr.querySelector('[data-cell="played"]')?.textContent),
          diff: (tr.querySelector('[data-cell="diff"]')?.textContent ?? '').trim(),
          points: Number(tr.querySelector('[data-cell="points"]')?.textContent),
          form: tr.querySelector<HTMLElement>('[data-cell="form"]')?.dataset.form ?? null,
          note,
        }));
    }),
  );
}

function result(mine: number, theirs: number): { letter: string; points: number } {
  return mine > theirs ? { letter: 'W', points: 3 } : mine === theirs ? { letter: 'D', points: 1 } : { letter: 'L', points: 0 };
}

test('while Liga Pro matches are played, the home page, the league front, the standings page and the team page show one table', async ({ page, request }) => {
  test.setTimeout(90_000);
  const live = (await (await request.get('/api/football/fixtures', { params: { live: '242' } })).json()).response as LiveFixture[];
  expect(live.length).toBeGreaterThan(0);
  const stored = ((await (await request.get('/api/football/standings', { params: { league: 242 } })).json()).response[0].league.standings as StoredRow[][]).map((rows) => rows);
  const match = live[0]!;
  const club = match.teams.home.id;

  const pages = ['/posiciones', '/', '/serie-a', `/equipos/${club}`];
  const shown = new Map<string, ShownRow[]>();
  for (const path of pages) shown.set(path, await leagueRows(page, path));
  const reference = new Map(shown.get('/posiciones')!.map((row) => [`${row.group}/${row.team}`, row]));

  // The club of the match in play: the stored row plus the live score, with the label, on every page that shows its table.
  const group = stored.filter((rows) => rows.some((r) => r.team.id === club) && rows.some((r) => r.team.id === match.teams.away.id)).at(-1)!;
  const before = group.find((r) => r.team.id === club)!;
  const { letter, points } = result(match.goals.home, match.goals.away);
  const expected = {
    played: before.all.played + 1,
    points: before.points + points,
    diff: before.goalsDiff + match.goals.home - match.goals.away,
    // The form cell reads oldest first: the live result is the last of the five.
    form: [...(letter + before.form).slice(0, 5)].reverse().join(''),
  };
  const mine = reference.get(`${before.group}/${club}`)!;
  expect({ played: mine.played, points: mine.points, form: mine.form, note: mine.note }).toEqual({
    played: expected.played,
    points: expected.points,
    form: expected.form,
    note: 'Provisional: si terminara ahora',
  });
  expect(mine.diff).toBe(expected.diff > 0 ? `+${expected.diff}` : String(expected.diff));

  // Every row every page shows is the standings page's row, label included.
  for (const path of pages.slice(1)) {
    const rows = shown.get(path)!;
    expect(rows.length, path).toBeGreaterThan(0);
    for (const row of rows) {
      const same = reference.get(`${row.group}/${row.team}`);
      expect(same, `${path}: ${row.group}/${row.team}`).toBeDefined();
      expect({ ...row, form: row.form === null ? null : row.form }, `${path}: ${row.group}/${row.team}`).toEqual({ ...same!, form: row.form === null ? null : same!.form });
    }
  }
  // The team page shows its club's group, the league front every group being played.
  expect(shown.get(`/equipos/${club}`)!.some((row) => row.team === String(club) && row.note === 'Provisional: si terminara ahora')).toBe(true);
  expect(shown.get('/serie-a')!.some((row) => row.team === String(club))).toBe(true);
});

test("a phone's first screen of the home page does not load the tables' script; scrolling to the table loads it and the table follows", async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  const tableScripts: string[] = [];
  page.on('request', (request) => {
    if (/\/_astro\/live-tables\.[^/]+\.js$/.test(new URL(request.url()).pathname)) tableScripts.push(request.url());
  });
  await page.goto('/');
  const table = page.locator('[data-league-table="242"]').first();
  await expect(table).toBeAttached();
  // The page has its data block (a match of today can move the table), and the table is below the first screen.
  await expect(page.locator('script[data-live-tables]')).toHaveCount(1);
  expect(await table.evaluate((element) => element.getBoundingClientRect().top > 1.5 * window.innerHeight)).toBe(true);
  await page.waitForLoadState('load');
  // Past the shell's deferred tasks: still nothing asked for the tables.
  await page.evaluate(() => new Promise((done) => setTimeout(done, 500)));
  expect(tableScripts).toEqual([]);
  await expect(page.locator('[data-league-table][data-following]')).toHaveCount(0);

  await table.scrollIntoViewIfNeeded();
  await expect(page.locator('[data-league-table="242"][data-following]').first()).toBeAttached();
  expect(tableScripts).toHaveLength(1);
});

test('a goal in play moves the same rows on the standings page and on the team page', async ({ page, request }) => {
  test.setTimeout(90_000);
  const live = (await (await request.get('/api/football/fixtures', { params: { live: '242' } })).json()).response as LiveFixture[];
  const match = live.find((m) => m.goals.home <= m.goals.away) ?? live[0]!;
  const club = match.teams.home.id;
  const stored = (await (await request.get('/api/football/standings', { params: { league: 242 } })).json()).response[0].league.standings as StoredRow[][];
  const before = stored.filter((rows) => rows.some((r) => r.team.id === club) && rows.some((r) => r.team.id === match.teams.away.id)).at(-1)!.find((r) => r.team.id === club)!;
  const { points, letter } = result(match.goals.home + 1, match.goals.away);
  await pollingOnly(page);
  await page.clock.install();
  // Today's matches as the page reads them bring a goal for the home side.
  await page.route('**/api/football/fixtures?league=242&date=*', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    for (const fixture of body.response as LiveFixture[]) if (fixture.fixture.id === match.fixture.id) fixture.goals.home += 1;
    await route.fulfill({ response, json: body });
  });
  const after: Record<string, ShownRow> = {};
  for (const path of ['/posiciones', `/equipos/${club}`]) {
    await leagueRows(page, path);
    await page.clock.fastForward(21_000);
    const row = page.locator(`[data-league-table="242"] tr[data-team-id="${club}"]`).first();
    await expect(row.locator('[data-cell="points"]')).toHaveText(String(before.points + points));
    await expect(row.locator('[data-cell="played"]')).toHaveText(String(before.all.played + 1));
    await expect(row.locator('[data-cell="form"]')).toHaveAttribute('data-form', new RegExp(`${letter}$`));
    after[path] = (await row.evaluate((tr) => ({ rank: tr.querySelector('[data-cell="rank"]')?.textContent ?? '' }))) as unknown as ShownRow;
  }
  expect(Number.parseInt(String(after['/posiciones']!.rank), 10)).toBe(Number.parseInt(String(after[`/equipos/${club}`]!.rank), 10));
});

test('the standings pages: one table per group at every width, each club once, no sideways scroll on a phone', async ({ page }) => {
  test.setTimeout(120_000);
  for (const width of [390, 412, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ['/posiciones', '/torneos/242/posiciones']) {
      await page.goto(path);
      await expect(page.locator('[data-league-table="242"][data-following]').first()).toBeAttached();
      // One table per group, each club once in it: no phone copy beside a desktop one.
      const tables = await page.locator('[data-standings-table]').evaluateAll((elements) =>
        elements.map((t) => ({ group: (t as HTMLElement).dataset.standingsTable, tables: t.querySelectorAll('table').length, clubs: [...t.querySelectorAll('tbody tr')].map((tr) => (tr as HTMLElement).dataset.teamId) })),
      );
      expect(new Set(tables.map((t) => t.group)).size).toBe(tables.length);
      for (const table of tables) {
        expect(table.tables, `${path} ${table.group}`).toBe(1);
        expect(new Set(table.clubs).size, `${path} ${table.group}`).toBe(table.clubs.length);
      }
      // The page's element count is tests/e2e/dom-size.spec.ts's (the standings page is still over 800 there).
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${path} at ${width}px`).toBe(true);
    }
  }
});
