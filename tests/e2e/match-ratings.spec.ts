import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';

/**
 * Issue 35, after the whistle: each player's rating of a finished match (the `players` list of
 * `/fixtures?id=`), read as a fan reads it: the match page's "Figura del partido" and next best, a
 * player's last rated matches with the season's mean, a squad's mean per player. Checked against
 * the API the build read, never against numbers written here.
 */

interface RatedSide {
  team: { id: number; name: string };
  players: Array<{ player: { id: number; name: string }; statistics: Array<{ games: { minutes: number | null; rating: string | null } }> }>;
}
interface ApiFixture {
  fixture: { id: number; timestamp: number };
  teams: { home: { name: string }; away: { name: string } };
  goals: { home: number; away: number };
  players: RatedSide[];
}

/** "7,4": a rating as the pages write it (es-EC decimals). */
const shown = (rating: number) => rating.toFixed(1).replace('.', ',');

async function finishedLigaProMatches(request: APIRequestContext): Promise<ApiFixture[]> {
  const body = await (await request.get('/api/football/fixtures', { params: { league: 242, status: 'FT', details: 'true' } })).json();
  return body.response as ApiFixture[];
}

/** Every rated player of a match, with his club, rating and minutes. */
function ratingsOf(match: ApiFixture) {
  return match.players.flatMap((side) =>
    side.players.map((p) => ({ id: p.player.id, team: side.team.name, rating: Number(p.statistics[0].games.rating), minutes: p.statistics[0].games.minutes })),
  );
}

test("a finished match names its figure: the API's best-rated player, his club, minutes and rating", async ({ page, request }) => {
  const matches = await finishedLigaProMatches(request);
  // The latest match whose best rating is held by one player alone: no tie to break.
  const match = [...matches].reverse().find((m) => {
    const [first, second] = ratingsOf(m).sort((a, b) => b.rating - a.rating);
    return first && first.rating > second.rating;
  })!;
  const best = ratingsOf(match).sort((a, b) => b.rating - a.rating)[0];
  await page.goto(`/partidos/${match.fixture.id}`);
  const section = page.getByRole('region', { name: 'Figura del partido' });
  const figure = section.locator('[data-player-of-the-match]');
  await expect(figure).toHaveAttribute('data-player-of-the-match', String(best.id));
  await expect(figure).toContainText(shown(best.rating));
  await expect(figure).toContainText(`${best.team} · ${best.minutes} min`);
  await expect(figure.getByRole('link')).toHaveAttribute('href', `/jugadores/${best.id}`);
  // The next four, best first, each with his club and the API's rating, in one sentence.
  const next = ratingsOf(match)
    .filter((r) => r.id !== best.id)
    .sort((a, b) => b.rating - a.rating)
    .slice(0, 4);
  const sentence = (await section.locator('[data-next-rated]').textContent())!.replace(/\s+/g, ' ').trim();
  const named = [...sentence.matchAll(/([^,(]+?) \(([^,]+), (\d,\d)\)/g)].map((m) => ({ team: m[2], rating: m[3] }));
  expect(sentence).toMatch(/^Le siguen .+ y .+\.$/);
  // Players level on a rating may stand in either order (the page breaks ties by goals, minutes and name).
  expect(named.map((n) => n.rating)).toEqual(next.map((r) => shown(r.rating)));
  for (const n of named)
    expect(
      ratingsOf(match).some((r) => r.team === n.team && shown(r.rating) === n.rating),
      `${n.team} ${n.rating}`,
    ).toBe(true);
  await expectNoAxeViolations(page);
});

test('a match not over names no figure', async ({ page, request }) => {
  const body = await (await request.get('/api/football/fixtures', { params: { league: 242, status: 'NS', next: 1 } })).json();
  await page.goto(`/partidos/${body.response[0].fixture.id}`);
  await expect(page.getByRole('heading', { name: 'Alineaciones' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Figura del partido' })).toHaveCount(0);
});

/** Every finished match of the season's competitions with its ratings, once each (a cup tie appears once). */
async function allFinishedMatches(request: APIRequestContext): Promise<ApiFixture[]> {
  const tournaments = (await (await request.get('/api/football/tournaments')).json()).response as Array<{ id: number }>;
  const byId = new Map<number, ApiFixture>();
  for (const { id } of tournaments) {
    const body = await (await request.get('/api/football/fixtures', { params: { league: id, status: 'FT-AET-PEN', details: 'true' } })).json();
    for (const m of body.response as ApiFixture[]) byId.set(m.fixture.id, m);
  }
  return [...byId.values()];
}

/** A player's rated matches (for one club, or any), newest first. */
function ratedMatches(matches: ApiFixture[], playerId: number, teamId?: number) {
  return matches
    .flatMap((m) => {
      const line = m.players
        .filter((s) => teamId === undefined || s.team.id === teamId)
        .flatMap((s) => s.players)
        .find((p) => p.player.id === playerId);
      const rating = line?.statistics[0].games.rating;
      return rating
        ? [{ id: m.fixture.id, timestamp: m.fixture.timestamp, rating: Number(rating), label: `${m.teams.home.name} ${m.goals.home}-${m.goals.away} ${m.teams.away.name}` }]
        : [];
    })
    .sort((a, b) => b.timestamp - a.timestamp || b.id - a.id);
}

const mean = (list: Array<{ rating: number }>) => list.reduce((sum, r) => sum + r.rating, 0) / list.length;

test("a player's page lists his last five rated matches, newest first, and the season's mean of them all", async ({ page, request }) => {
  const matches = await allFinishedMatches(request);
  const liga = await finishedLigaProMatches(request);
  const player = ratingsOf(liga.at(-1)!).sort((a, b) => b.rating - a.rating)[0];
  const rated = ratedMatches(matches, player.id);
  expect(rated.length).toBeGreaterThan(5);
  await page.goto(`/jugadores/${player.id}`);
  const rows = await page
    .locator('[data-player-ratings] tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => ({
        id: Number(tr.getAttribute('data-rated-match')),
        // What is seen (the link's visible part; what a screen reader is given is its own text, spoilers.spec.ts).
        match: (tr as HTMLTableRowElement).cells[1].querySelector('[aria-hidden="true"]')!.textContent!.trim().replace(/\s+/g, ' '),
        rating: (tr as HTMLTableRowElement).cells[3].textContent!.trim(),
      })),
    );
  expect(rows).toEqual(rated.slice(0, 5).map((r) => ({ id: r.id, match: r.label, rating: shown(r.rating) })));
  await expect(page.locator('[data-season-rating]')).toHaveText(`Nota media de la temporada: ${shown(mean(rated))} en ${rated.length} partidos`);
  await expectNoAxeViolations(page);
});

test("a squad shows each player's mean rating in the club's matches, and marks the injured", async ({ page, request }) => {
  const matches = await allFinishedMatches(request);
  const side = (await finishedLigaProMatches(request)).at(-1)!.players[0];
  await page.goto(`/equipos/${side.team.id}/plantilla`);
  for (const { player } of side.players.slice(0, 3)) {
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: player.name, exact: true }) });
    await expect(row.locator('[data-squad-rating]')).toHaveText(shown(mean(ratedMatches(matches, player.id, side.team.id))));
  }
  // The squad as the provider pages it (20 a page).
  const squad: Array<{ player: { injured: boolean } }> = [];
  for (let pageNumber = 1, total = 1; pageNumber <= total; pageNumber++) {
    const body = await (await request.get('/api/football/players', { params: { team: side.team.id, season: 2026, page: pageNumber } })).json();
    squad.push(...body.response);
    total = body.paging.total;
  }
  const injured = squad.filter((p) => p.player.injured);
  expect(squad.length).toBeGreaterThan(20);
  await expect(page.locator('[data-injured]')).toHaveCount(injured.length);
});
