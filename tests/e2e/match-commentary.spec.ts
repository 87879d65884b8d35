import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';

/**
 * Issue 35, the "Relato": a finished match told minute by minute in Spanish, folded until opened,
 * said to be machine-written on the page, in its JSON-LD and in the API, and the same lines in all
 * three. Checked against the API's own events and scores, never against sentences written here.
 */

interface ApiEvent {
  time: { elapsed: number; extra: number | null };
  team: { id: number };
  player: { name: string | null };
  assist: { name: string | null };
  type: string;
  detail: string;
}
interface ApiFixture {
  fixture: { id: number };
  teams: { home: { id: number; name: string }; away: { id: number; name: string } };
  goals: { home: number; away: number };
  events: ApiEvent[];
}
interface CommentaryAnswer {
  response: Array<{ fixture: number; author: string; notice: string; lines: Array<{ label: string; kind: string; text: string }> }>;
}

/** The latest finished Liga Pro match with a goal and a substitution, with its events. */
async function finishedMatch(request: APIRequestContext): Promise<ApiFixture> {
  const body = await (await request.get('/api/football/fixtures', { params: { league: 242, status: 'FT', details: 'true' } })).json();
  const matches = (body.response as ApiFixture[]).filter((m) => m.events.some((e) => e.type === 'Goal' && e.detail === 'Normal Goal') && m.events.some((e) => e.type === 'subst'));
  expect(matches.length).toBeGreaterThan(0);
  return matches.at(-1)!;
}

const minute = (e: ApiEvent) => (e.time.extra ? `${e.time.elapsed}+${e.time.extra}'` : `${e.time.elapsed}'`);

test('a finished match’s Relato opens on a tap and tells the match as the API’s events say it, as the API words it', async ({ page, request }) => {
  const match = await finishedMatch(request);
  const answer = (await (await request.get('/api/football/fixtures/commentary', { params: { fixture: match.fixture.id } })).json()) as CommentaryAnswer;
  const [commentary] = answer.response;
  expect(commentary).toMatchObject({ fixture: match.fixture.id, author: 'machine', notice: 'Relato automático a partir de los datos del partido' });

  await page.goto(`/partidos/${match.fixture.id}`);
  const section = page.locator('#relato');
  // Folded at first: its lines are not part of the page until opened.
  await expect(section).not.toHaveAttribute('open');
  expect(await page.locator('[data-commentary-list]').count()).toBe(0);
  await section.locator('summary').click();
  const lines = section.locator('[data-commentary-list] > li');
  await expect(lines.first()).toBeVisible();
  await expect(section).toContainText('Relato automático a partir de los datos del partido.');

  // Newest first: the final whistle with the score the scoreboard shows.
  const { home, away } = match.teams;
  await expect(lines.first()).toHaveAttribute('data-commentary-kind', 'fulltime');
  await expect(lines.first()).toContainText(`¡Final del partido! ${home.name} ${match.goals.home}-${match.goals.away} ${away.name}.`);
  await expect(lines.last()).toHaveAttribute('data-commentary-kind', 'kickoff');

  // Each goal of the API's events: its minute, its club and its scorer.
  const goals = match.events.filter((e) => e.type === 'Goal' && e.detail !== 'Missed Penalty');
  const goalLines = section.locator('[data-commentary-list] > li[data-commentary-kind$="goal"]');
  await expect(goalLines).toHaveCount(goals.length);
  for (const [i, goal] of [...goals].reverse().entries()) {
    const club = goal.team.id === home.id ? home.name : away.name;
    await expect(goalLines.nth(i)).toContainText(minute(goal));
    await expect(goalLines.nth(i)).toContainText(`¡Gol de ${club}!`);
    if (goal.detail !== 'Own Goal') await expect(goalLines.nth(i)).toContainText(goal.player.name!);
  }
  // The timeline drawing above the events: a mark a goal, and the goals said in its label.
  const timeline = page.locator('[data-section="events"] svg[data-timeline]');
  await expect(timeline.locator('[data-kind="goals"]')).toHaveAttribute('data-marks', String(goals.length));
  for (const goal of goals) await expect(timeline).toHaveAttribute('aria-label', new RegExp(`de ${goal.team.id === home.id ? home.name : away.name} \\([^)]*${minute(goal).replace('+', '\\+')}`));

  // A substitution names who comes on (the provider's assist) and who goes off (its player).
  const change = match.events.find((e) => e.type === 'subst' && e.player.name && e.assist.name)!;
  const changeLine = section.locator('[data-commentary-list] > li[data-commentary-kind="substitution"]', { hasText: change.assist.name! }).first();
  await expect(changeLine).toContainText(new RegExp(`(entra|ingresa) ${change.assist.name!.replaceAll('.', '\\.')} (por|en lugar de) ${change.player.name!.replaceAll('.', '\\.')}|sale ${change.player.name!.replaceAll('.', '\\.')} y entra ${change.assist.name!.replaceAll('.', '\\.')}`));

  // The page's lines are the API's, word for word and in order.
  const texts = await lines.evaluateAll((items) => items.map((li) => [li.firstElementChild!.textContent, li.lastChild!.textContent]));
  expect(texts).toEqual(commentary!.lines.map((line) => [line.label, line.text]));

  // Its JSON-LD says it is machine-written and on what it is based.
  const nodes = (await page.locator('script[type="application/ld+json"]').allTextContents()).flatMap((text) => {
    const value = JSON.parse(text);
    return Array.isArray(value) ? value : Array.isArray(value['@graph']) ? value['@graph'] : [value];
  });
  const event = nodes.find((node: { '@type': string }) => node['@type'] === 'SportsEvent');
  expect(event.subjectOf).toMatchObject({ '@type': 'LiveBlogPosting', description: 'Relato automático a partir de los datos del partido' });
  expect(event.subjectOf.isBasedOn).toMatch(new RegExp(`/api/football/fixtures\\?id=${match.fixture.id}$`));

  await expectNoAxeViolations(page, '#relato');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the Relato says where the match is told instead', async ({ page, request }) => {
    const match = await finishedMatch(request);
    await page.goto(`/partidos/${match.fixture.id}`);
    await page.locator('#relato summary').click();
    await expect(page.locator('#relato')).toContainText('Con JavaScript desactivado el relato no se muestra; las incidencias de arriba cuentan el partido.');
    await expect(page.locator('[data-section="events"] [data-event-kind]').first()).toBeVisible();
  });
});

/** The e2e server's moment (playwright.config.ts): the site was built at it. */
const NOW = Date.parse(process.env.MARCADOR_NOW ?? '2026-11-22T20:30:00-05:00');
const DAY_MS = 24 * 3600 * 1000;

test('a match of another day has no Relato yet; one kicking off within a day waits for its first line', async ({ page, request }) => {
  const body = await (await request.get('/api/football/fixtures', { params: { league: 242, status: 'NS' } })).json();
  const upcoming = body.response as Array<ApiFixture & { fixture: { timestamp: number } }>;
  const later = upcoming.find((m) => m.fixture.timestamp * 1000 - NOW > DAY_MS)!;
  const soon = upcoming.find((m) => m.fixture.timestamp * 1000 > NOW && m.fixture.timestamp * 1000 - NOW < DAY_MS)!;
  const answer = (await (await request.get('/api/football/fixtures/commentary', { params: { fixture: later.fixture.id } })).json()) as CommentaryAnswer;
  expect(answer.response[0]!.lines).toEqual([]);
  await page.goto(`/partidos/${later.fixture.id}`);
  await expect(page.locator('[data-section="events"]')).toBeVisible();
  await expect(page.locator('#relato')).toHaveCount(0);

  await page.goto(`/partidos/${soon.fixture.id}`);
  await page.locator('#relato summary').click();
  await expect(page.locator('#relato')).toContainText('El relato empieza con el pitazo inicial.');
});

test('a finished match links its report, the article that tells it', async ({ page, request }) => {
  // A report of the API's: an article written after its match, whose body links that match first.
  const body = await (await request.get('/api/ai-articles', { params: { limit: 50, content: 'true' } })).json();
  const reports = (body.data as Array<{ slug: string; title: string; category: string; createdAt: string; content: string }>).flatMap((article) => {
    const id = /href="\/partidos\/(\d+)"/.exec(article.content)?.[1];
    return article.category === 'cronica' && id ? [{ ...article, match: Number(id) }] : [];
  });
  expect(reports.length).toBeGreaterThan(0);
  const report = reports[0]!;
  const newest = reports.filter((r) => r.match === report.match).sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0]!;
  await page.goto(`/partidos/${report.match}`);
  const link = page.locator('[data-match-article="Crónica"]');
  // Seen, and said (a report's title tells the result: its link says it in words of its own, hidden under Sin spoilers).
  await expect(link.locator('[aria-hidden="true"]')).toHaveText(`Crónica: ${newest.title}`);
  await expect(link).toHaveAccessibleName(`Crónica: ${newest.title}`);
  await link.click();
  await expect(page).toHaveURL(`/noticias/${newest.slug}`);
  await expect(page.locator(`main a[href="/partidos/${report.match}"]`).first()).toBeVisible();
});

test('before kick-off a match page says where both clubs stand in their table', async ({ page, request }) => {
  const body = await (await request.get('/api/football/fixtures', { params: { league: 242, status: 'NS' } })).json();
  const upcoming = (body.response as ApiFixture[])[0]!;
  const standings = await (await request.get('/api/football/standings', { params: { league: 242 } })).json();
  const groups = standings.response[0].league.standings as Array<Array<{ rank: number; points: number; group: string; team: { id: number } }>>;
  const group = [...groups].reverse().find((rows) => rows.some((r) => r.team.id === upcoming.teams.home.id) && rows.some((r) => r.team.id === upcoming.teams.away.id))!;
  const row = (id: number) => group.find((r) => r.team.id === id)!;
  await page.goto(`/partidos/${upcoming.fixture.id}`);
  const { home, away } = upcoming.teams;
  await expect(page.locator('[data-table-places]')).toHaveText(
    `En la tabla (${group[0]!.group}): ${home.name} ${row(home.id).rank}.º, ${row(home.id).points} pts · ${away.name} ${row(away.id).rank}.º, ${row(away.id).points} pts`,
  );
  // Nothing to retry before kick-off: each empty block says when its data comes.
  await expect(page.locator('[data-section="events"] [data-empty-state]')).toContainText('Aún no hay incidencias');
  await expect(page.locator('[data-empty-state]', { hasText: 'Alineaciones aún no confirmadas' })).toBeVisible();
  await expect(page.locator('body')).not.toContainText('Vuelve a intentarlo más tarde');
});

test('before kick-off a match page names who misses it, club by club, as the API’s absences say', async ({ page, request }) => {
  const body = await (await request.get('/api/football/injuries', { params: { league: 242 } })).json();
  const injuries = body.response as Array<{ player: { id: number; name: string; type: string }; team: { id: number; name: string }; fixture: { id: number } }>;
  const fixture = injuries[0]!.fixture.id;
  const ofMatch = injuries.filter((i) => i.fixture.id === fixture);
  await page.goto(`/partidos/${fixture}`);
  const section = page.locator('[data-section="absences"]');
  await expect(section.locator('h2')).toHaveText('Bajas');
  for (const teamId of new Set(ofMatch.map((i) => i.team.id))) {
    const line = section.locator(`[data-absences="${teamId}"]`);
    const players = ofMatch.filter((i) => i.team.id === teamId);
    await expect(line).toContainText(`${players[0]!.team.name}:`);
    await expect(line.locator('a[href^="/jugadores/"]')).toHaveText(players.map((i) => i.player.name.replace(/\. /g, '.\u00a0')));
    for (const player of players) await expect(line).toContainText(`${player.player.name.replace(/\. /g, '.\u00a0')} (${player.player.type === 'Questionable' ? 'duda' : 'baja'}`);
  }
});
