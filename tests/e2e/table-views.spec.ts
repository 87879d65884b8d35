import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';

/**
 * Issue 35: the table as Total / Local / Visitante / Últimos 5, each view its own page, switched with
 * links (so without JavaScript). What each view shows is checked against the API the build read: the
 * provider's home and away blocks, and the league's results for the last five.
 */

type ApiRecord = { played: number; win: number; draw: number; lose: number; goals: { for: number; against: number } };
interface ApiRow {
  team: { id: number; name: string };
  group: string;
  home: ApiRecord;
  away: ApiRecord;
}
interface ApiFixture {
  fixture: { timestamp: number; status: { short: string } };
  teams: { home: { id: number; winner: boolean | null }; away: { id: number; winner: boolean | null } };
  goals: { home: number | null; away: number | null };
}

async function ligaProTables(request: APIRequestContext): Promise<ApiRow[][]> {
  const body = await (await request.get('/api/football/standings', { params: { league: 242 } })).json();
  return body.response[0].league.standings as ApiRow[][];
}

/** Each shown table's rows as a reader reads them: club id, PJ, Pts, and the form cell's letters (oldest first). */
async function shownTables(page: Page) {
  return page.locator('[data-league-table="242"]').evaluateAll((tables) =>
    tables.map((table) => ({
      group: (table as HTMLElement).dataset.group ?? '',
      rows: [...table.querySelectorAll<HTMLTableRowElement>('tbody tr[data-team-id]')].map((tr) => ({
        team: Number(tr.dataset.teamId),
        rank: Number(tr.querySelector('[data-cell="rank"]')?.firstChild?.textContent),
        played: Number(tr.querySelector('[data-cell="played"]')?.textContent),
        points: Number(tr.querySelector('[data-cell="points"]')?.textContent),
        form: [...tr.querySelectorAll('[data-cell="form"] [role="img"]')].map((badge) => badge.textContent).join(''),
      })),
    })),
  );
}

const pointsOf = (r: ApiRecord) => r.win * 3 + r.draw;

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the standings page links its three other views; each is a page of its own that works without JavaScript', async ({ page }) => {
    await page.goto('/posiciones');
    const views = page.getByRole('navigation', { name: 'Vistas de la tabla' });
    await expect(views.getByRole('link')).toHaveText(['Total', 'Local', 'Visitante', 'Últimos 5']);
    await expect(views.getByRole('link', { name: 'Total' })).toHaveAttribute('aria-current', 'page');

    await views.getByRole('link', { name: 'Local' }).click();
    await expect(page).toHaveURL(/\/torneos\/242\/posiciones\/local$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Posiciones como local de la Liga Pro Serie A');
    await expect(page.getByRole('navigation', { name: 'Vistas de la tabla' }).getByRole('link', { name: 'Local' })).toHaveAttribute('aria-current', 'page');

    await page.getByRole('navigation', { name: 'Vistas de la tabla' }).getByRole('link', { name: 'Últimos 5' }).click();
    await expect(page).toHaveURL(/\/torneos\/242\/posiciones\/ultimos-5$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Posiciones en los últimos 5 partidos de la Liga Pro Serie A');

    await page.getByRole('navigation', { name: 'Vistas de la tabla' }).getByRole('link', { name: 'Total' }).click();
    await expect(page).toHaveURL(/\/torneos\/242\/posiciones$/);
  });
});

test('"Local" and "Visitante" rank each club on its home or away record as the provider counts it', async ({ page, request }) => {
  const stored = await ligaProTables(request);
  for (const [view, venue] of [
    ['local', 'home'],
    ['visitante', 'away'],
  ] as const) {
    await page.goto(`/torneos/242/posiciones/${view}`);
    const shown = await shownTables(page);
    expect(shown.length, view).toBe(stored.length);
    for (const rows of stored) {
      const table = shown.find((t) => t.group === rows[0]!.group)!;
      expect(table, `${view}: ${rows[0]!.group}`).toBeDefined();
      // The club on top has the most points on that record; every row shows its own record's PJ and points.
      const best = Math.max(...rows.map((r) => pointsOf(r[venue])));
      expect(pointsOf(rows.find((r) => r.team.id === table.rows[0]!.team)![venue]), `${view}: ${rows[0]!.group}`).toBe(best);
      for (const row of table.rows) {
        const record = rows.find((r) => r.team.id === row.team)![venue];
        expect({ played: row.played, points: row.points }, `${view}: club ${row.team}`).toEqual({ played: record.played, points: pointsOf(record) });
      }
      expect(table.rows.map((r) => r.rank)).toEqual(table.rows.map((_, i) => i + 1));
    }
  }
});

test('"Últimos 5" shows each club’s last five results of its table, the latest on the right', async ({ page, request }) => {
  const stored = await ligaProTables(request);
  const season = (await (await request.get('/api/football/standings', { params: { league: 242 } })).json()).response[0].league.season;
  const fixtures = (await (await request.get('/api/football/fixtures', { params: { league: 242, season } })).json()).response as ApiFixture[];
  await page.goto('/torneos/242/posiciones/ultimos-5');
  const shown = await shownTables(page);
  const finished = fixtures.filter((f) => ['FT', 'AET', 'PEN'].includes(f.fixture.status.short) && f.goals.home !== null && f.goals.away !== null);
  let checked = 0;
  for (const rows of stored) {
    const clubs = new Set(rows.map((r) => r.team.id));
    const table = shown.find((t) => t.group === rows[0]!.group)!;
    for (const row of table.rows) {
      const last = finished
        .filter((f) => clubs.has(f.teams.home.id) && clubs.has(f.teams.away.id) && (f.teams.home.id === row.team || f.teams.away.id === row.team))
        .sort((a, b) => b.fixture.timestamp - a.fixture.timestamp)
        .slice(0, 5);
      // G / E / P as the badges read, oldest first.
      const letters = last
        .map((f) => {
          const mine = f.teams.home.id === row.team ? f.goals.home! : f.goals.away!;
          const theirs = f.teams.home.id === row.team ? f.goals.away! : f.goals.home!;
          return mine > theirs ? 'G' : mine < theirs ? 'P' : 'E';
        })
        .reverse()
        .join('');
      expect({ form: row.form, played: row.played }, `${rows[0]!.group}: club ${row.team}`).toEqual({ form: letters, played: last.length });
      checked += 1;
    }
  }
  expect(checked).toBeGreaterThan(10);
});

test('the league front links the table at home, away and over the last five', async ({ page }) => {
  await page.goto('/serie-a');
  const links = page.locator('[data-section="standings"] [data-table-views] a');
  await expect(links).toHaveText(['como local', 'como visitante', 'en los últimos 5 partidos']);
  await expect(links.nth(1)).toHaveAttribute('href', '/torneos/242/posiciones/visitante');
});

test('the views have no axe violations', async ({ page }) => {
  await page.goto('/torneos/242/posiciones/ultimos-5');
  await expectNoAxeViolations(page);
});
