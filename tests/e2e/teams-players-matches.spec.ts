import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { liveStream, pollingOnly } from './support/live.ts';

/**
 * Issue 12: team, player and match pages, /equipos, /fichajes, /extranjero; following clubs; the
 * live match page. Against the demo season with the server's clock pinned (MARCADOR_NOW).
 */

interface RawFixture {
  fixture: { id: number; status: { short: string; long: string; elapsed: number | null; extra: number | null } };
  teams: { home: { id: number; name: string }; away: { id: number; name: string } };
  goals: { home: number | null; away: number | null };
  events: unknown[];
}

async function liveFixture(request: APIRequestContext): Promise<RawFixture> {
  const response = await request.get('/api/football/fixtures', { params: { live: 'all' } });
  const body = (await response.json()) as { response: RawFixture[] };
  const [first] = body.response;
  if (!first) throw new Error('The demo season has no live match at MARCADOR_NOW');
  const byId = await request.get('/api/football/fixtures', { params: { id: first.fixture.id } });
  return ((await byId.json()) as { response: RawFixture[] }).response[0];
}

async function finishedFixtureId(request: APIRequestContext): Promise<number> {
  const response = await request.get('/api/football/fixtures', { params: { league: 242, last: 1 } });
  return ((await response.json()) as { response: RawFixture[] }).response[0].fixture.id;
}

test('table → team → player → match: the journey a new reader takes', async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.goto('/');
  const tableLink = page.locator('[data-section="standings"] tbody a[href^="/equipos/"]').first();
  const teamName = (await tableLink.innerText()).trim();
  await tableLink.click();
  await expect(page).toHaveURL(/\/equipos\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(teamName);
  // Matches and the standing row (the club's own row marked) are in the page; the squad and the
  // season statistics are summed up there, whole on their own pages.
  const teamUrl = new URL(page.url()).pathname;
  await expect(page.locator('[data-standing-around] tr[aria-current="true"]')).toContainText(teamName);
  await expect(page.locator('[data-season-records] li').first()).toContainText(/\d+ partidos?, \d+ G, \d+ E, \d+ P · goles \d+-\d+$/);
  await page.locator('[data-season-records] a').first().click();
  await expect(page).toHaveURL(new RegExp(`${teamUrl}/estadisticas$`));
  await expect(page.locator('[data-team-statistics]').first()).toBeVisible();
  await page.goto(teamUrl);
  await expect(page.locator('[data-squad-summary]')).toContainText(/^\d+ jugadores: \d+ porteros? · /);
  await page.locator('[data-squad-summary] a').click();
  await expect(page).toHaveURL(new RegExp(`${teamUrl}/plantilla$`));
  await expect(page.locator('[data-section="squad"] table').first()).toBeVisible();

  const playerLink = page.locator('[data-section="squad"] a[href^="/jugadores/"]').first();
  const playerName = (await playerLink.innerText()).trim();
  await playerLink.click();
  await expect(page).toHaveURL(/\/jugadores\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(playerName);
  await expect(page.locator('[data-player-facts]')).toContainText('Nacionalidad');
  // The birth date is the API's calendar day, whatever zone the site was built in (1995-12-20 is
  // "20 de diciembre de 1995", never the 19th).
  const playerId = Number(new URL(page.url()).pathname.split('/').pop());
  const born = ((await (await request.get('/api/football/players', { params: { id: playerId } })).json()) as { response: Array<{ player: { birth: { date: string } } }> }).response[0]!.player.birth.date;
  const [year, month, day] = born.split('-').map(Number);
  const months = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
  await expect(page.locator('[data-player-facts] dd').filter({ hasText: String(year) })).toContainText(`${day} de ${months[month! - 1]} de ${year}`);
  await expect(page.locator('[data-player-statistics] tbody tr').first()).toBeVisible();
  await expect(page.locator('header a[href^="/equipos/"]')).toContainText(teamName);

  await page.goto(teamUrl);
  await page.locator('[data-team-matches="Resultados"] a[href^="/partidos/"]').first().click();
  await expect(page).toHaveURL(/\/partidos\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(teamName);
  await expect(page.locator('[data-match-scoreboard]')).toContainText(/\d+ - \d+/);
  await expect(page.locator('[data-match-events] li').first()).toBeVisible();
  await expect(page.locator('[data-lineup]')).toHaveCount(2);
  await expect(page.locator('[data-pitch]').first()).toBeVisible();
  await expect(page.locator('[data-match-statistics] tbody tr').first()).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('team, player and match pages are complete; bad ids are 404', async ({ page, request }) => {
    test.setTimeout(120_000);
    const matchId = await finishedFixtureId(request);
    await page.goto(`/partidos/${matchId}`);
    await expect(page.locator('[data-match-events] li').first()).toBeVisible();
    await expect(page.locator('[data-start-xi] li')).toHaveCount(22);
    const json = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}');
    expect(json['@type']).toBe('SportsEvent');
    expect(json.homeTeam.name).toBeTruthy();
    expect(json.location.name).toBeTruthy();
    const ogImage = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(ogImage).toMatch(new RegExp(`/partidos/${matchId}/og\\.png$`));
    const card = await request.get(`/partidos/${matchId}/og.png`);
    expect(card.status()).toBe(200);
    expect(card.headers()['content-type']).toContain('image/png');

    const teamHref = (await page.locator('[data-match-scoreboard] a[href^="/equipos/"]').first().getAttribute('href'))!;
    await page.goto(`${teamHref}/plantilla`);
    await expect(page.locator('[data-section="squad"] tbody tr').first()).toBeVisible();
    await page.goto(teamHref);
    await expect(page.locator('button[data-follow-team]')).toBeHidden();
    const ics = await request.get(`${teamHref}/calendario.ics`);
    expect(ics.status()).toBe(200);
    const calendar = await ics.text();
    expect(calendar).toContain('BEGIN:VCALENDAR');
    expect(calendar).toMatch(/UID:partido-\d+@marcador\.ec/);

    await page.goto('/equipos');
    await expect(page.locator('[data-team-card]').first()).toBeVisible();
    await expect(page.locator('[data-team-filter]')).toBeHidden();
    await page.goto('/fichajes');
    const club = page.locator('[data-transfer-club] a').first();
    await expect(club).toBeVisible();
    await club.click();
    await expect(page).toHaveURL(/\/fichajes\/\d+$/);
    await expect(page.locator('[data-transfer-club] li').first()).toBeVisible();
    await page.goto('/extranjero');
    await expect(page.locator('[data-players-abroad] tbody tr').first()).toBeVisible();

    for (const path of ['/partidos/abc', '/partidos/1', '/equipos/0', '/equipos/999999999', '/jugadores/999999999', '/jugadores/x1', '/fichajes/abc']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(await response.text()).toContain('No encontramos esta página');
    }
  });
});

test('team and live match pages hydrate without a React error; the data time turns into its age', async ({ page, request }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  for (const path of ['/equipos/10111', `/partidos/${(await liveFixture(request)).fixture.id}`]) {
    await page.goto(path);
    // Prebuilt: the time of the build's data (its age at reading time is unknown to the build).
    const html = await (await request.get(path)).text();
    expect(html).toMatch(/data-freshness[^>]*>Datos de las \d{2}:\d{2}</);
    await expect(page.locator('[data-live-match] [data-freshness]')).toHaveText(/^Actualizado /);
  }
  // A text that differs between the HTML and the first render is React's error #418.
  expect(errors).toEqual([]);
});

test('a live match updates while the tab is visible and stops at full time', async ({ page, request }) => {
  const live = await liveFixture(request);
  const id = live.fixture.id;
  const home = live.goals.home ?? 0;
  const away = live.goals.away ?? 0;
  const elapsed = live.fixture.status.elapsed ?? 1;
  // Each answer of the fixture's refresh: a goal for the home side, then full time.
  const answers: RawFixture[] = [
    { ...live, goals: { home: home + 1, away }, fixture: { ...live.fixture, status: { ...live.fixture.status, elapsed: elapsed + 1 } } },
    { ...live, goals: { home: home + 1, away }, fixture: { ...live.fixture, status: { short: 'FT', long: 'Match Finished', elapsed: 90, extra: null } } },
  ];
  await pollingOnly(page);
  let calls = 0;
  // Refreshes are held until the prebuilt state has been checked.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.clock.install();
  await page.route(new RegExp(`/api/football/fixtures\\?(.*&)?id=${id}(&|$)`), async (route) => {
    await released;
    const answer = answers[Math.min(calls, answers.length - 1)];
    calls++;
    await route.fulfill({ json: { get: 'fixtures', parameters: { id: String(id) }, errors: [], results: 1, paging: { current: 1, total: 1 }, response: [answer] } });
  });
  await page.goto(`/partidos/${id}`);
  const score = page.locator('[data-match-scoreboard] [data-score]');
  await expect(score).toHaveText(`${home} - ${away}`);
  await expect(page.locator('[data-match-scoreboard] [data-match-clock]')).toContainText('En vivo');
  release();
  // Hydration refreshes at once (the build is older than the cadence): the goal appears.
  await expect(score).toHaveText(`${home + 1} - ${away}`, { timeout: 15_000 });
  await expect(page.locator('[data-match-scoreboard] [data-match-clock]')).toContainText(`${elapsed + 1}'`);
  // Next refresh 20 s later: full time; then polling stops.
  await page.clock.runFor(21_000);
  await expect(page.locator('[data-match-scoreboard] [data-match-clock]')).toHaveText('Final');
  const after = calls;
  await page.clock.runFor(120_000);
  expect(calls).toBe(after);
});

test('a goal pushed by /api/live reaches the live match page: score and timeline, without polling', async ({ page, request }) => {
  const live = await liveFixture(request);
  const raw = (await (await request.get('/api/football/fixtures', { params: { id: live.fixture.id } })).json()).response[0];
  const id = live.fixture.id;
  const home = live.goals.home ?? 0;
  const away = live.goals.away ?? 0;
  const minute = (live.fixture.status.elapsed ?? 1) + 1;
  const goal = { time: { elapsed: minute, extra: null }, team: { id: live.teams.home.id, name: live.teams.home.name }, player: { id: null, name: 'Gol de prueba' }, assist: { id: null, name: null }, type: 'Goal', detail: 'Normal Goal', comments: null };
  const status = { ...live.fixture.status, elapsed: minute };
  const change = { league: raw.league.id, season: raw.league.season, fixture: id, kinds: ['score', 'event'], status, goals: { home: home + 1, away }, score: raw.score, newEvents: [goal] };
  const streams: string[] = [];
  await liveStream(page, [{ event: 'fixture', data: change }], streams);
  // A new connection replays nothing, so the page reads the match; the server's store has the goal by then.
  const reads: string[] = [];
  await page.route(new RegExp(`/api/football/fixtures\\?(.*&)?id=${id}(&|$)`), async (route) => {
    reads.push(route.request().url());
    const answer = { ...raw, goals: change.goals, fixture: { ...raw.fixture, status }, events: [...(raw.events ?? []), goal] };
    await route.fulfill({ json: { get: 'fixtures', parameters: { id: String(id) }, errors: [], results: 1, paging: { current: 1, total: 1 }, response: [answer] } });
  });
  await page.clock.install();
  await page.goto(`/partidos/${id}`);
  await expect(page.locator('[data-match-scoreboard] [data-score]')).toHaveText(`${home + 1} - ${away}`, { timeout: 15_000 });
  await expect(page.locator('[data-match-events] [data-event-kind="goal"]').filter({ hasText: 'Gol de prueba' })).toHaveCount(1);
  expect(streams[0]).toContain(`/api/live?fixtures=${id}`);
  await expect(page.locator('[data-live-match] [data-freshness]')).toHaveText('Actualizado ahora mismo');
  // The stream carries the changes: no polling, however long the page stays open. Reads: the new
  // connection's catch-up, and once more when the goal came while that answer was on its way.
  await page.clock.runFor(120_000);
  const settled = reads.length;
  expect(settled).toBeLessThanOrEqual(2);
  await page.clock.runFor(120_000);
  expect(reads.length).toBe(settled);
});

test('following a club puts it first on the home page, across reloads and tabs', async ({ page, context }) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await expect(page.locator('[data-my-teams-strip]')).toHaveCount(0);
  const teamHref = (await page.locator('[data-section="standings"] tbody a[href^="/equipos/"]').nth(2).getAttribute('href'))!;
  await page.goto(teamHref);
  const name = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
  const follow = page.locator('button[data-follow-team]');
  await expect(follow).toHaveAttribute('aria-pressed', 'false');

  const other = await context.newPage();
  await other.goto(teamHref);
  await follow.click();
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  await expect(follow).toContainText('Siguiendo');
  // The other tab hears of it (storage event) without a reload.
  await expect(other.locator('button[data-follow-team]')).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/');
  await page.reload();
  const strip = page.locator('[data-my-teams-strip]');
  await expect(strip).toBeVisible();
  await expect(strip.locator('[data-followed-team]').first()).toContainText(name);
  await expect(strip.locator('[data-followed-team] [data-match-id]').first()).toBeVisible();
  // First in the page's main column, before today's scoreboard.
  const order = await page.evaluate(() => {
    const a = document.querySelector('[data-my-teams-strip]');
    const b = document.querySelector('[data-section="today"]');
    return a && b ? a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING : 0;
  });
  expect(order).toBe(4); // Node.DOCUMENT_POSITION_FOLLOWING: the strip comes first
  // The rest of the home page is checked by home.spec.ts.
  await expectNoAxeViolations(page, '[data-my-teams-strip]');

  // The day dashboard shows the same strip above its matches.
  await page.goto('/football');
  await expect(page.locator('[data-my-teams-strip] [data-followed-team]').first()).toContainText(name);
  await page.goto('/');
  await expect(strip.locator('[data-followed-team]').first()).toContainText(name);

  // Unfollowing in the other tab removes the strip's club here.
  await other.locator('button[data-follow-team]').click();
  await expect(strip.locator('[data-followed-team]')).toHaveCount(0);
});

test('the team list filters by name with JavaScript', async ({ page }) => {
  await page.goto('/equipos');
  const input = page.getByRole('searchbox', { name: 'Filtrar por nombre' });
  const first = (await page.locator('[data-team-card]').first().innerText()).split('\n')[0].trim();
  await input.fill(first.slice(0, 5));
  await expect(page.locator('[data-team-card]:visible').first()).toContainText(first);
  // Typed as a fan types it, without the accent: the one club of that name, counted in the singular.
  await input.fill('catolica');
  await expect(page.locator('[data-team-card]:visible')).toHaveCount(1);
  await expect(page.locator('[data-team-card]:visible')).toContainText('Universidad Católica');
  await expect(page.locator('[data-filter-status]')).toHaveText('1 resultado');
  await input.fill('zzzzzz');
  await expect(page.locator('[data-team-card]:visible')).toHaveCount(0);
  await expect(page.locator('[data-filter-status]')).toHaveText('Ningún equipo coincide');
});

const AXE_PAGES = ['finished match', 'live match', 'team', 'player', '/equipos', '/fichajes', '/extranjero'] as const;

async function axePath(request: APIRequestContext, page: Page, which: (typeof AXE_PAGES)[number]): Promise<string> {
  if (which.startsWith('/')) return which;
  if (which === 'live match') return `/partidos/${(await liveFixture(request)).fixture.id}`;
  const finished = `/partidos/${await finishedFixtureId(request)}`;
  if (which === 'finished match') return finished;
  await page.goto(finished);
  const selector = which === 'team' ? '[data-match-scoreboard] a[href^="/equipos/"]' : '[data-start-xi] a[href^="/jugadores/"]';
  return (await page.locator(selector).first().getAttribute('href'))!;
}

for (const which of AXE_PAGES) {
  test(`${which} has no axe violations`, async ({ page, request }) => {
    // Axe walks long pages; on two busy cores that takes a while.
    test.setTimeout(120_000);
    await page.goto(await axePath(request, page, which));
    await expectNoAxeViolations(page);
  });
}

// ---- Issue 25: what a fan reads on a match page and an article (exact words, found from the API's data)

interface DetailedFixture {
  fixture: { id: number; status: { short: string } };
  league: { id: number; round: string };
  teams: { home: { id: number; name: string }; away: { id: number; name: string } };
  goals: { home: number | null; away: number | null };
  score: { halftime: { home: number | null; away: number | null }; penalty: { home: number | null; away: number | null } };
  events: Array<{ time: { elapsed: number; extra: number | null }; team: { id: number }; type: string; detail: string; player: { id: number; name: string }; assist: { id: number | null; name: string | null } }>;
}

test('a match page names who comes on and who goes off, the half-time score and each player\'s part', async ({ page, request }) => {
  const body = (await (await request.get('/api/football/fixtures', { params: { league: 242, status: 'FT', details: 'true' } })).json()) as { response: DetailedFixture[] };
  const match = body.response.find((f) => f.score.halftime.home !== null && f.events.some((e) => e.type === 'subst') && f.events.some((e) => e.type === 'Goal' && e.detail === 'Normal Goal'))!;
  const change = match.events.find((e) => e.type === 'subst' && e.assist.name)!;
  await page.goto(`/partidos/${match.fixture.id}`);

  // The provider's `assist` is the one coming on, its `player` the one leaving.
  await expect(page.locator('[data-match-events]')).toContainText(`Entra ${change.assist.name} · sale ${change.player.name}`);
  await expect(page.locator('[data-halftime]')).toHaveText(`Descanso: ${match.score.halftime.home}-${match.score.halftime.away}`);
  // The goal icon is drawn, not an emoji.
  const ballMinute = page.locator('[data-event-kind="goal"] [data-icon="goal"]').first();
  await expect(ballMinute).toBeVisible();
  expect(await ballMinute.evaluate((el) => getComputedStyle(el, '::after').backgroundImage)).toContain('data:image/svg+xml');

  // In the line-ups: the substitute came on at that minute, the starter went off at it.
  const minute = `${change.time.elapsed}'`;
  const cameOn = page.locator('[data-substitutes] li', { has: page.locator(`a[href="/jugadores/${change.assist.id}"]`) });
  await expect(cameOn.locator('[data-mark="on"]')).toContainText(minute);
  const wentOff = page.locator('[data-start-xi] li', { has: page.locator(`a[href="/jugadores/${change.player.id}"]`) });
  await expect(wentOff.locator('[data-mark="off"]')).toContainText(minute);

  // Each player's part in his line-up line: the scorer's goal marks, his minutes and rating as the API's
  // players' table gives them; no second table of the same players.
  const goal = match.events.find((e) => e.type === 'Goal' && e.detail === 'Normal Goal')!;
  const goalMinutes = match.events.filter((e) => e.type === 'Goal' && e.detail !== 'Own Goal' && e.detail !== 'Missed Penalty' && e.player.id === goal.player.id).map((e) => `${e.time.elapsed}'`);
  const scorer = page.locator(`[data-lineup] li[data-player-line="${goal.player.id}"]`);
  await expect(scorer.locator('[data-mark="goal"]')).toHaveText(goalMinutes);
  const table = (await (await request.get('/api/football/fixtures/players', { params: { fixture: match.fixture.id } })).json()) as {
    response: Array<{ players: Array<{ player: { id: number }; statistics: [{ games: { minutes: number | null; rating: string | null } }] }> }>;
  };
  const scorerGames = table.response.flatMap((t) => t.players).find((p) => p.player.id === goal.player.id)!.statistics[0].games;
  await expect(scorer.locator('[data-minutes]')).toHaveText(`${scorerGames.minutes} min`);
  await expect(scorer.locator('[data-minutes]')).toHaveAttribute('data-rating', scorerGames.rating!.replace('.', ','));
  const rated = table.response.flatMap((t) => t.players).filter((p) => p.statistics[0].games.rating !== null);
  await expect(page.locator('[data-lineup] [data-rating]')).toHaveCount(rated.length);
  await expect(page.locator('[data-section="players"]')).toHaveCount(0);
});

test('a cup tie decided on penalties shows "(pen.)", the shoot-out and who went through on aggregate', async ({ page, request }) => {
  let decided: DetailedFixture | undefined;
  for (const league of [13, 11]) {
    const list = (await (await request.get('/api/football/fixtures', { params: { league, status: 'PEN' } })).json()) as { response: DetailedFixture[] };
    decided ??= list.response[0];
  }
  // The pinned clock's demo season has shoot-outs in both cups (4 at 2026-11-22 20:30): none is a bug, not a skip.
  expect(decided, 'a Libertadores or Sudamericana match decided on penalties').toBeDefined();
  const m = decided!;
  const legs = (await (await request.get('/api/football/fixtures/headtohead', { params: { h2h: `${m.teams.home.id}-${m.teams.away.id}`, league: m.league.id } })).json()) as { response: DetailedFixture[] };
  const tie = legs.response.filter((f) => f.league.round === m.league.round);
  const goalsOf = (teamId: number) => tie.reduce((sum, f) => sum + ((f.teams.home.id === teamId ? f.goals.home : f.goals.away) ?? 0), 0);
  const through = m.score.penalty.home! > m.score.penalty.away! ? m.teams.home.name : m.teams.away.name;

  await page.goto(`/partidos/${m.fixture.id}`);
  await expect(page.locator('[data-penalties]')).toHaveText(`${m.score.penalty.home}-${m.score.penalty.away} (pen.)`);
  await expect(page.locator('[data-match-scoreboard] [data-match-clock]')).toHaveText('Final por penales');
  // The demo's knockout rounds are two-legged: the shoot-out closes the return leg, level on aggregate.
  expect(tie).toHaveLength(2);
  expect(goalsOf(m.teams.home.id)).toBe(goalsOf(m.teams.away.id));
  await expect(page.locator('[data-tie="leg-2"]')).toHaveText(`Global ${goalsOf(m.teams.home.id)}-${goalsOf(m.teams.away.id)} · Pasa ${through} por penales`);
});

test('a machine-written article says so, in the list, on the page and in its metadata', async ({ page }) => {
  await page.goto('/noticias/categoria/cronica');
  const card = page.locator('[data-news-card]').first();
  await expect(card.locator('[data-machine-written]')).toHaveText('Texto automático');
  await card.locator('a').first().click();
  await expect(page).toHaveURL(/\/noticias\/[a-z0-9-]+$/);
  await expect(page.locator('[data-machine-written-notice]')).toHaveText('Texto generado automáticamente con los datos del partido.');
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').last().textContent())!);
  const article = ([] as any[]).concat(ld['@graph'] ?? ld).find((x) => x['@type'] === 'NewsArticle');
  expect(article.author).toMatchObject({ '@type': 'Organization', name: 'Marcador (texto automático)' });
  expect(article.creditText).toBe('Texto generado automáticamente con los datos del partido.');

  await page.goto('/noticias/categoria/fichajes');
  await page.locator('[data-news-card] a').first().click();
  await expect(page.locator('[data-machine-written-notice]')).toHaveText(/^Texto generado automáticamente (con los datos del fichaje|a partir de los datos)\.$/);
});

test('a match page\'s form tags each result with its competition and a G/E/P badge; the draw\'s fill shows in light and dark', async ({ page }) => {
  // Barcelona SC–Emelec, 30 Nov 2026: Barcelona's last five, as the reader reads them (newest first).
  await page.goto('/partidos/9420294');
  const form = page.getByRole('list', { name: 'Últimos partidos de Barcelona SC' });
  const lines = await form.locator('[data-form-match]').evaluateAll((items) =>
    items.map((li) => `${li.getAttribute('data-form-match')} ${li.querySelector('[data-form]')?.textContent} ${li.querySelector('[data-form-competition]')?.lastChild?.textContent?.trim()}`),
  );
  expect(lines).toEqual([
    '9420287 G Serie A · Hexagonal Final · Fecha 6',
    '9420278 G Serie A · Hexagonal Final · Fecha 5',
    '9420271 E Serie A · Hexagonal Final · Fecha 4',
    '9420266 G Serie A · Hexagonal Final · Fecha 3',
    '9420258 P Serie A · Hexagonal Final · Fecha 2',
  ]);
  await expect(form.locator('[data-form-match="9420271"] [data-form]')).toHaveAccessibleName('Empate:');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate((s) => document.documentElement.classList.toggle('dark', s === 'dark'), scheme);
    const [fill, card] = await form.locator('[data-form-match="9420271"]').evaluate((li) => [
      getComputedStyle(li.querySelector('[data-form]')!).backgroundColor,
      getComputedStyle(li.closest('ul')!).backgroundColor,
    ]);
    expect(fill, scheme).not.toBe(card);
    expect(fill, scheme).not.toMatch(/^rgba\(0, 0, 0, 0\)$|transparent/);
  }
});

test("a club's page draws its place round by round in the first stage, ending where the table has it", async ({ page, request }) => {
  const body = await (await request.get('/api/football/standings', { params: { league: 242 } })).json();
  const firstStage = body.response[0].league.standings[0] as Array<{ rank: number; group: string; team: { id: number; name: string }; all: { played: number } }>;
  const club = firstStage.find((row) => row.team.name === 'Emelec')!;
  await page.goto(`/equipos/${club.team.id}`);
  const chart = page.locator('[data-position-chart]');
  await expect(chart).toHaveAttribute('data-position-chart', String(club.rank));
  await expect(chart.locator('figcaption')).toContainText(`${club.group}, fecha a fecha: mejor puesto`);
  await expect(chart.locator('figcaption')).toContainText(`; ${club.rank}.º tras la fecha ${club.all.played}.`);
  await expect(chart.locator('svg')).toHaveAttribute('aria-label', new RegExp(`^Posición de Emelec\\. ${club.group}, fecha a fecha`));
});
