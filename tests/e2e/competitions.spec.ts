import { expect, test, type Page } from '@playwright/test';
import { axeTestsFor, expectNoAxeViolations } from './support/axe.ts';
import { expectLiveCode, liveStream, pollingOnly } from './support/live.ts';

/**
 * The competition pages of issue 11 against the e2e server (clock pinned by MARCADOR_NOW to a match
 * day with matches in play): every page type is complete without JavaScript, bad ids are the
 * not-found page, competitions switch by plain links, team and match links lead to their pages,
 * live scores change under a fixed clock, and axe finds nothing in either theme.
 */

// The live tests forward the page's polls to the server (route.fetch): a poll still in flight
// when a test ends must not fail the run.
test.afterEach(async ({ page }) => {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

const PAGES: ReadonlyArray<[string, string, string]> = [
  // [path, h1, a selector the page's data must fill]
  ['/serie-a', 'Liga Pro Serie A', '[data-section="current-round"] [data-match-id]'],
  ['/serie-b', 'Liga Pro Serie B', '[data-section="standings"] [data-standings-group]'],
  ['/torneos', 'Torneos', '[data-tournament]'],
  ['/copas', 'Torneos', '[data-tournament]'],
  ['/torneos/242', 'Liga Pro Serie A', '[data-section="scorers"] [data-scorer]'],
  ['/torneos/242/calendario', 'Calendario de la Liga Pro Serie A', '[data-calendar] [data-match-id]'],
  ['/torneos/242/posiciones', 'Posiciones de la Liga Pro Serie A', '[data-standings-table] tbody tr'],
  ['/torneos/242/goleadores', 'Goleadores de la Liga Pro Serie A', '[data-scorers-table] tbody tr'],
  ['/torneos/242/equipos', 'Equipos de la Liga Pro Serie A', '[data-team-list] a[href^="/equipos/"]'],
  ['/torneos/34/posiciones', 'Posiciones de las Eliminatorias Sudamericanas', '[data-standings-table] tbody tr'],
  ['/posiciones', 'Posiciones de la Liga Pro Serie A', '[data-standings-table] tbody tr'],
  ['/goleadores', 'Goleadores de la Liga Pro Serie A', '[data-scorers-table] tbody tr'],
  ['/calendario', 'Calendario de la Liga Pro Serie A', '[data-calendar] [data-match-id]'],
  ['/libertadores', 'Copa Libertadores', '[data-bracket] [data-tie]'],
  ['/libertadores/calendario', 'Calendario de la Copa Libertadores', '[data-calendar] [data-match-id]'],
  ['/sudamericana', 'Copa Sudamericana', '[data-bracket] [data-tie]'],
  ['/sudamericana/calendario', 'Calendario de la Copa Sudamericana', '[data-calendar] [data-match-id]'],
  ['/eliminatorias', 'Eliminatorias Sudamericanas', '[data-standings-table] tbody tr'],
  ['/seleccion', 'Selección de Ecuador', '[data-section="squad"] a[href^="/jugadores/"]'],
  ['/internacional', 'Internacional', '[data-tournament]'],
  ['/football', 'Partidos de hoy', '[data-today-matches] [data-match-id]'],
];

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const [path, title, filled] of PAGES) {
    test(`${path} is complete HTML`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      expect(await page.locator(filled).count()).toBeGreaterThan(0);
    });
  }

  test('the Liga Pro table has every group, every column, form and zones with a legend', async ({ page }) => {
    await page.goto('/torneos/242/posiciones');
    const tables = page.locator('[data-standings-table]');
    // The caption's name (a table a match in play moves says "Provisional" after it).
    const names = await tables.locator('caption').evaluateAll((captions) => captions.map((c) => (c.firstChild?.textContent ?? '').trim()));
    expect(names).toEqual(['Hexagonal Final', 'Hexagonal de Clasificación', 'Cuadrangular de Descenso', 'Primera Etapa']);
    const first = tables.first();
    await expect(first.locator('thead th')).toHaveText(['#', 'Equipo', 'PJ', 'G', 'E', 'P', 'GF', 'GC', 'DG', 'Pts', 'Forma']);
    await expect(first.locator('thead th[aria-label="Diferencia de goles"]')).toHaveCount(1);
    const leader = first.locator('tbody tr').first();
    await expect(leader).toHaveAttribute('data-zone', 'title');
    await expect(leader.locator('td').first()).toContainText('Campeón - Copa Libertadores');
    await expect(leader.locator('[data-form]')).toHaveAttribute('data-form', /^[WDL]{1,5}$/);
    await expect(first.getByRole('list', { name: 'Leyenda de la tabla' })).toContainText('Copa Sudamericana');
    await expect(tables.nth(2).locator('tbody tr[data-zone="relegation"]')).toHaveCount(2);
  });

  test('a calendar groups by phase, round and day, in Ecuador time, with the status of each match', async ({ page }) => {
    await page.goto('/calendario');
    await expect(page.getByText('Horarios en hora de Ecuador (UTC−5).')).toBeVisible();
    const phases = page.locator('[data-phase]');
    await expect(phases.locator('summary h2')).toHaveText(['Primera Etapa', 'Hexagonal de Clasificación', 'Hexagonal Final', 'Cuadrangular de Descenso']);
    // The finished first stage is folded; the phases being played are open.
    await expect(phases.first()).not.toHaveAttribute('open', '');
    await expect(page.locator('[data-phase="Hexagonal Final"]')).toHaveAttribute('open', '');
    const live = page.locator('[data-round-state="in-progress"] [data-match-kind="Live"]').first();
    await expect(live.locator('[data-match-clock]')).toHaveText(/^(\d+(\+\d+)?'|Descanso)$/);
    // Every other round is a link to its own page (the whole season on one page was 5,000 elements).
    const next = page.locator('[data-round-link="Hexagonal Final - 8"]');
    await expect(next).toHaveAttribute('href', '/torneos/242/calendario/fecha-hexagonal-final-8');
    await next.click();
    await expect(page.locator('[data-round="Hexagonal Final - 8"] h2')).toHaveText('Hexagonal Final · Fecha 8');
    await expect(page.locator('[data-round="Hexagonal Final - 8"] [data-match-clock]').first()).toHaveText('Por jugar');
    await page.goto('/calendario');
    await page.locator('[data-round-link="Hexagonal Final - 1"]').click();
    await expect(page.locator('[data-round="Hexagonal Final - 1"] [data-match-clock]').first()).toHaveText('Final');
  });

  test('calendar pages carry complete SportsEvent JSON-LD, fronts a SportsOrganization', async ({ page }) => {
    await page.goto('/torneos/242/calendario');
    const json = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}');
    const events = (json['@graph'] ?? [json]) as Array<Record<string, any>>;
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) {
      expect(event['@type']).toBe('SportsEvent');
      expect(event.homeTeam).toMatchObject({ '@type': 'SportsTeam', name: expect.any(String), url: expect.stringMatching(/\/equipos\/\d+$/) });
      expect(event.awayTeam).toMatchObject({ '@type': 'SportsTeam', name: expect.any(String) });
      expect(event.location).toMatchObject({ '@type': 'Place', name: expect.any(String) });
      expect(Date.parse(event.startDate)).not.toBeNaN();
      expect(event.eventStatus).toMatch(/^https:\/\/schema.org\/Event/);
    }
    await page.goto('/serie-a');
    const org = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}');
    expect(org).toMatchObject({ '@type': 'SportsOrganization', name: 'Liga Pro Serie A' });
  });

  test('the qualifiers list the ten CONMEBOL nations in Spanish and Ecuador’s matches', async ({ page }) => {
    await page.goto('/eliminatorias');
    const names = await page.locator('[data-standings-table] tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-team-name')));
    expect(names.sort()).toEqual(
      ['Argentina', 'Bolivia', 'Brasil', 'Chile', 'Colombia', 'Ecuador', 'Paraguay', 'Perú', 'Uruguay', 'Venezuela'],
    );
    await expect(page.locator('[data-ecuador-place]')).toContainText('Ecuador es');
    const matches = page.locator('[data-section="ecuador-results"] [data-match-id], [data-section="ecuador-next"] [data-match-id]');
    expect(await matches.count()).toBe(18);
  });
});

test('bad tournament ids and sections answer the not-found page with 404', async ({ request }) => {
  for (const path of ['/torneos/abc', '/torneos/999', '/torneos/242/foo', '/torneos/242/posiciones/x', '/torneos/-1/calendario', '/football/2001-01-01']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text()).toContain('No encontramos esta página');
  }
});

test('the iCalendar feed has one event per fixture, keyed by the match id, at its kick-off instant', async ({ request }) => {
  const [feed, fixtures] = await Promise.all([
    request.get('/torneos/242/calendario.ics'),
    request.get('/api/football/fixtures?league=242&timezone=America/Guayaquil'),
  ]);
  expect(feed.status()).toBe(200);
  const text = await feed.text();
  const list = (await fixtures.json()).response as Array<{ fixture: { id: number; date: string; timestamp: number } }>;
  // UIDs are the match ids (not a build's sequence), so the next build's feed updates the same events
  // instead of adding duplicates (a rebuild with moved kick-offs: src/lib/match/ics-jsonld.test.ts).
  const startByUid = new Map(
    text.split('BEGIN:VEVENT').slice(1).map((event) => [/^UID:(.+)$/m.exec(event)![1]!.trim(), /^DTSTART:(\S+)$/m.exec(event)?.[1]]),
  );
  expect(startByUid.size).toBe(list.length);
  expect([...startByUid.keys()].sort()).toEqual(list.map((f) => `partido-${f.fixture.id}@marcador.ec`).sort());
  const utc = (seconds: number) => new Date(seconds * 1000).toISOString().replace(/[-:]/g, '').replace(/\.000Z$/, 'Z');
  for (const f of list) expect(startByUid.get(`partido-${f.fixture.id}@marcador.ec`), String(f.fixture.id)).toBe(utc(f.fixture.timestamp));
  // An evening kick-off in Quito (20:00 = 01:00Z) is written on the next UTC day, never at the clock's 20:00.
  const evening = list.find((f) => f.fixture.date.slice(11, 16) === '20:00') ?? list.find((f) => Number(f.fixture.date.slice(11, 13)) >= 19)!;
  const [day, clock] = [evening.fixture.date.slice(0, 10), evening.fixture.date.slice(11, 16)];
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
  const hourUtc = String((Number(clock.slice(0, 2)) + 5) % 24).padStart(2, '0');
  expect(startByUid.get(`partido-${evening.fixture.id}@marcador.ec`)).toBe(`${next}T${hourUtc}${clock.slice(3, 5)}00Z`);
});

test('every menu and not-found link into the competition pages answers 200', async ({ page, request }) => {
  await page.goto('/nosotros');
  const hrefs = await page.locator('header a[href^="/"], #mobile-menu a[href^="/"], footer a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  await page.goto('/esta-pagina-no-existe-e2e');
  hrefs.push(...(await page.locator('main a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!))));
  const mine = [...new Set(hrefs)].filter((href) => /^\/(serie-a|serie-b|libertadores|sudamericana|eliminatorias|seleccion|internacional|torneos|copas|posiciones|goleadores|calendario|football)(\/|$)/.test(href));
  expect(mine.length).toBeGreaterThan(15);
  for (const href of mine) expect((await request.get(href)).status(), href).toBe(200);
});

test('switching competition works with plain links', async ({ page }) => {
  await page.goto('/posiciones');
  const switcher = page.getByRole('navigation', { name: 'Posiciones de otras competiciones' });
  await expect(switcher.getByRole('link', { name: 'Liga Pro' })).toHaveAttribute('aria-current', 'page');
  await switcher.getByRole('link', { name: 'Serie B' }).click();
  await expect(page).toHaveURL(/\/torneos\/243\/posiciones$/);
  await expect(page.getByRole('navigation', { name: 'Posiciones de otras competiciones' }).getByRole('link', { name: 'Serie B' })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('[data-standings-table] caption').first()).toHaveText('Segunda Etapa');

  await page.goto('/calendario');
  await page.getByRole('navigation', { name: 'Calendario de otras competiciones' }).getByRole('link', { name: 'Libertadores' }).click();
  await expect(page).toHaveURL(/\/libertadores\/calendario$/);
  // The semi-finals are being played: the final is a link to its round's page.
  await expect(page.locator('[data-round="Semi-finals"]')).toBeVisible();
  await expect(page.locator('[data-round-link="Final"]')).toHaveAttribute('href', '/torneos/13/calendario/fecha-final');
});

test('a long calendar draws the rounds being played and links every round of the season to its page', async ({ page, request }) => {
  await page.goto('/calendario');
  const drawn = await page.locator('[data-calendar] [data-round]').evaluateAll((rounds) => rounds.map((r) => r.getAttribute('data-round')!));
  const linked = await page.locator('[data-calendar] [data-round-link]').evaluateAll((links) => links.map((a) => a.getAttribute('data-round-link')!));
  // Liga Pro's three phases play the same weekend: one round of each is drawn, the rest are links.
  expect(drawn).toHaveLength(3);
  const fixtures = (await (await request.get('/api/football/fixtures?league=242')).json()).response as Array<{ league: { round: string } }>;
  expect([...drawn, ...linked].sort()).toEqual([...new Set(fixtures.map((f) => f.league.round.trim()))].sort());
  // "Ir a la fecha actual" still lands on the round being played.
  await page.getByRole('link', { name: 'Ir a la fecha actual' }).click();
  const current = page.locator(`[id="${decodeURIComponent(new URL(page.url()).hash.slice(1))}"]`);
  await expect(current).toBeInViewport();
  // A round's page leads to the rounds before and after it in its phase, and back to the calendar.
  await page.goto('/torneos/242/calendario/fecha-hexagonal-final-8');
  const others = page.getByRole('navigation', { name: 'Otras fechas' });
  await expect(others.getByRole('link')).toHaveText(['← Fecha 7', 'Calendario completo', 'Fecha 9 →']);
  await others.getByRole('link', { name: 'Fecha 9 →' }).click();
  await expect(page).toHaveURL(/\/torneos\/242\/calendario\/fecha-hexagonal-final-9$/);
});

test('a team link and a match link lead to their pages', async ({ page }) => {
  await page.goto('/torneos/242/posiciones');
  const teamLink = page.locator('[data-standings-table] tbody tr').first().getByRole('link');
  const teamId = await page.locator('[data-standings-table] tbody tr').first().getAttribute('data-team-id');
  await teamLink.click();
  await expect(page).toHaveURL(new RegExp(`/equipos/${teamId}$`));

  await page.goto('/serie-a');
  const row = page.locator('[data-section="current-round"] [data-match-id]').first();
  const matchId = await row.getAttribute('data-match-id');
  await row.getByRole('link', { name: /Ver partido/ }).click();
  await expect(page).toHaveURL(new RegExp(`/partidos/${matchId}$`));
});

test('a live score changes on the dashboard under a fixed clock', async ({ page }) => {
  await pollingOnly(page);
  await page.clock.install();
  let goal: { id: number; home: number } | null = null;
  // The API's clock is frozen, so the live match scores a goal in the answer to the refresh.
  await page.route('**/api/football/fixtures?date=*', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    const live = (body.response as Array<{ fixture: { id: number; status: { short: string } }; goals: { home: number } }>).find((f) =>
      ['1H', '2H'].includes(f.fixture.status.short),
    );
    if (live) {
      live.goals.home += 1;
      goal = { id: live.fixture.id, home: live.goals.home };
    }
    await route.fulfill({ response, json: body });
  });
  await page.goto('/football');
  const island = page.locator('[data-today-matches]');
  await expectLiveCode(island);
  await page.clock.fastForward(21_000);
  await expect.poll(() => goal).not.toBeNull();
  const row = island.locator(`[data-match-id="${goal!.id}"]`);
  await expect(row.locator('[aria-hidden="true"].tabular-nums')).toHaveText(new RegExp(`^${goal!.home} - \\d+$`));
  await expect(page.getByRole('link', { name: /Mañana/ })).toHaveAttribute('href', /^\/football\/\d{4}-\d{2}-\d{2}$/);
});

axeTestsFor(['/torneos/242/posiciones', '/libertadores', '/serie-a', '/seleccion', '/eliminatorias', '/torneos', '/football', '/torneos/243/goleadores', '/torneos/11/equipos']);
test('a calendar on a phone has no axe violations', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/libertadores/calendario');
  await expectNoAxeViolations(page);
});

test('a league front page: the live score of the round in play changes under a fixed clock', async ({ page }) => {
  await pollingOnly(page);
  await page.clock.install();
  let goal: { id: number; home: number } | null = null;
  await page.route('**/api/football/fixtures?league=242&date=*', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    const live = (body.response as Array<{ fixture: { id: number; status: { short: string } }; goals: { home: number } }>).find((f) => ['1H', '2H'].includes(f.fixture.status.short));
    if (live) {
      live.goals.home += 1;
      goal = { id: live.fixture.id, home: live.goals.home };
    }
    await route.fulfill({ response, json: body });
  });
  await page.goto('/serie-a');
  const island = page.locator('[data-section="current-round"] [data-competition-live]');
  await island.scrollIntoViewIfNeeded();
  await expectLiveCode(island);
  await page.clock.fastForward(21_000);
  await expect.poll(() => goal).not.toBeNull();
  const row = island.locator(`[data-match-id="${goal!.id}"]`);
  await expect(row.locator('a[href^="/partidos/"] [aria-hidden="true"].tabular-nums')).toHaveText(new RegExp(`^${goal!.home} - \\d+$`));
  await expect(island.locator('[data-freshness]')).toHaveText('Actualizado ahora mismo');
});

test('a standings page without a match still to finish today is plain HTML: no React, the time of its data', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
  // Serie B plays no match on the fixed day the e2e build and server use (MARCADOR_NOW, playwright.config.ts).
  await page.goto('/torneos/243/posiciones');
  await page.waitForLoadState('networkidle');
  const island = page.locator('[data-competition-live]');
  await expect(island.locator('[data-standings-table]').first()).toBeVisible();
  await expect(island).toHaveAttribute('data-hydrated', 'false');
  await expect(island.locator('[data-freshness]')).toHaveText(/^Datos de las \d{2}:\d{2}$/);
  expect(scripts.filter((path) => /\/_astro\/(react|islands|Competition\w*Live)\./.test(path))).toEqual([]);
});

test('a standings page: a goal in a live match of the competition brings the new table', async ({ page }) => {
  await pollingOnly(page);
  await page.clock.install();
  let points: number | null = null;
  // The tables are asked for again when a result moves (src/lib/competition/live-store.ts): a goal.
  await page.route('**/api/football/fixtures?league=242&date=*', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    const live = (body.response as Array<{ fixture: { status: { short: string } }; goals: { home: number } }>).find((f) => ['1H', '2H'].includes(f.fixture.status.short));
    if (live) live.goals.home += 1;
    await route.fulfill({ response, json: body });
  });
  let leader = 0;
  await page.route('**/api/football/standings?league=242', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    const groups = body.response[0].league.standings as Array<Array<{ group: string; points: number; team: { id: number } }>>;
    const final = groups.find((g) => g[0]?.group === 'Hexagonal Final')!;
    final[0]!.points += 3;
    points = final[0]!.points;
    leader = final[0]!.team.id;
    await route.fulfill({ response, json: body });
  });
  await page.goto('/torneos/242/posiciones');
  const island = page.locator('[data-competition-live]');
  await expect(island).toHaveAttribute('data-hydrated', 'true');
  await page.clock.fastForward(21_000);
  await expect.poll(() => points).not.toBeNull();
  // The new table, with the live score on top while the match is played (the provisional table).
  const live = await liveLeagueMatch(page);
  const extra = live ? liveContribution(live, leader) : 0;
  await expect(island.locator(`[data-standings-table="Hexagonal Final"] tbody tr[data-team-id="${leader}"] [data-points]`)).toHaveText(String(points! + extra));
});

/** Liga Pro's match in play on the server's fixed day, with one goal more for the home side (the routes above add it). */
async function liveLeagueMatch(page: Page) {
  const body = await (await page.request.get('/api/football/fixtures', { params: { live: '242' } })).json();
  const match = body.response[0] as { teams: { home: { id: number }; away: { id: number } }; goals: { home: number; away: number } } | undefined;
  return match && { ...match, goals: { home: match.goals.home + 1, away: match.goals.away } };
}

function liveContribution(match: { teams: { home: { id: number }; away: { id: number } }; goals: { home: number; away: number } }, team: number): number {
  const [mine, theirs] = match.teams.home.id === team ? [match.goals.home, match.goals.away] : match.teams.away.id === team ? [match.goals.away, match.goals.home] : [null, null];
  if (mine === null || theirs === null) return 0;
  return mine > theirs ? 3 : mine === theirs ? 1 : 0;
}

test('a standings page while a league match is played: the table as it would stand if it ended now, marked provisional', async ({ page, request }) => {
  const body = await (await request.get('/api/football/fixtures', { params: { live: '242' } })).json();
  const live = body.response[0] as { teams: { home: { id: number; name: string }; away: { id: number } }; goals: { home: number; away: number } };
  const standings = await (await request.get('/api/football/standings', { params: { league: 242 } })).json();
  const groups = standings.response[0].league.standings as Array<Array<{ group: string; points: number; team: { id: number } }>>;
  // The phase being played: the last table with both clubs (the first stage, settled, comes first).
  const group = groups.filter((g) => g.some((r) => r.team.id === live.teams.home.id) && g.some((r) => r.team.id === live.teams.away.id)).at(-1)!;
  const before = group.find((r) => r.team.id === live.teams.home.id)!.points;
  await page.goto('/torneos/242/posiciones');
  const table = page.locator(`[data-standings-table="${group[0]!.group}"]`);
  // The HTML has the real table; once hydrated, the provisional one.
  await expect(table.locator('[data-provisional]')).toHaveText('Provisional: si terminara ahora');
  await expect(table.locator(`tr[data-team-id="${live.teams.home.id}"] [data-points]`)).toHaveText(String(before + liveContribution(live, live.teams.home.id)));
  const ranks = await table.locator('tbody tr td:first-child').evaluateAll((cells) => cells.map((c) => Number.parseInt(c.textContent ?? '', 10)));
  expect(ranks).toEqual(ranks.map((_, i) => i + 1));
  // Only the tables a live match moves say so: the others are the real ones.
  const playing = new Set((body.response as Array<typeof live>).flatMap((m) => [m.teams.home.id, m.teams.away.id]));
  const still = groups.filter((g) => !g.some((r) => playing.has(r.team.id))).map((g) => g[0]!.group);
  expect(still.length).toBeGreaterThan(0);
  for (const name of still) await expect(page.locator(`[data-standings-table="${name}"] [data-provisional]:visible`)).toHaveCount(0);
});

test('the league front page follows /api/live while its round is played: a pushed goal, no polling', async ({ page, request }) => {
  const body = await (await request.get('/api/football/fixtures', { params: { live: '242' } })).json();
  const live = body.response[0];
  const change = { league: 242, season: live.league.season, fixture: live.fixture.id, kinds: ['score'], status: live.fixture.status, goals: { home: live.goals.home + 1, away: live.goals.away }, score: live.score };
  const streams: string[] = [];
  await liveStream(page, [{ event: 'fixture', data: change }], streams);
  // A new connection replays nothing, so the page reads its matches once: the server's store has the goal by then.
  const polls: string[] = [];
  await page.route('**/api/football/fixtures?league=242&date=*', async (route) => {
    polls.push(route.request().url());
    const response = await route.fetch();
    const json = await response.json();
    for (const f of json.response) if (f.fixture.id === live.fixture.id) f.goals = change.goals;
    await route.fulfill({ response, json });
  });
  await page.clock.install();
  await page.goto('/serie-a');
  const island = page.locator('[data-section="current-round"] [data-competition-live]');
  await island.scrollIntoViewIfNeeded();
  await expectLiveCode(island);
  // The league tables' script may open the stream first (leagues=242); the island's subscription then
  // reopens it with its matches added.
  const followsMatch = (url: string) => new URL(url).searchParams.get('fixtures')?.split(',').includes(String(live.fixture.id)) ?? false;
  await expect.poll(() => streams.some(followsMatch)).toBe(true);
  const row = island.locator(`[data-match-id="${live.fixture.id}"]`);
  await expect(row.locator('a[href^="/partidos/"] [aria-hidden="true"].tabular-nums')).toHaveText(`${change.goals.home} - ${change.goals.away}`);
  await expect(island.locator('[data-freshness]')).toHaveText('Actualizado ahora mismo');
  // The page has two readers of the round, the island and the tables' script (src/client/live-tables.ts).
  // Each reads once per connection it is on, as soon as it is open (a new connection replays nothing):
  // the tables' script's first, then the one reopened with the island's matches added, or one for both.
  // Each read once more when the goal came while its answer was on its way. Then no polling at all
  // (its cadence is 20 s).
  expect(streams.length).toBeLessThanOrEqual(2);
  await page.clock.runFor(120_000);
  const settled = polls.length;
  expect(settled).toBeLessThanOrEqual(2 * 2 * streams.length);
  await page.clock.runFor(120_000);
  expect(polls.length).toBe(settled);
});
