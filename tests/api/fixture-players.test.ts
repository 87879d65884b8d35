import { describe, expect, it } from 'vitest';
import { get } from './http.ts';

/**
 * Issue 25: what a client written for API-Football asks and used to be refused: a match's players
 * (`/fixtures/players`) and the competitions of a team or of a type (`/leagues?team=&type=`).
 */

async function finishedMatchWithChanges() {
  const { body } = await get('/api/football/fixtures?league=242&status=FT&details=true');
  const match = body.response.find((f: any) => f.events.some((e: any) => e.type === 'Goal' && e.detail === 'Normal Goal') && f.events.some((e: any) => e.type === 'subst'));
  expect(match, 'a finished Liga Pro match with a goal and a change').toBeTruthy();
  return match;
}

describe('/fixtures/players', () => {
  it("gives each team's players with the minutes the changes leave them, their goals and cards, and the match's ratings", async () => {
    const match = await finishedMatchWithChanges();
    const { status, body } = await get(`/api/football/fixtures/players?fixture=${match.fixture.id}`);
    expect(status).toBe(200);
    expect(body.get).toBe('fixtures/players');
    expect(body.response.map((t: any) => t.team.id)).toEqual([match.teams.home.id, match.teams.away.id]);
    const lineOf = (teamId: number, playerId: number) =>
      body.response.find((t: any) => t.team.id === teamId).players.find((p: any) => p.player.id === playerId).statistics[0];

    // A starter replaced before 90' by someone who then stays on (no later change or red card of his).
    const starters = new Set(match.lineups.flatMap((l: any) => l.startXI.map((p: any) => p.player.id)));
    const leavesLater = (id: number) => match.events.some((e: any) => (e.type === 'subst' || (e.type === 'Card' && e.detail !== 'Yellow Card')) && e.player.id === id);
    const change = match.events.find((e: any) => e.type === 'subst' && e.time.elapsed < 90 && starters.has(e.player.id) && !leavesLater(e.assist.id));
    // The provider's convention: `player` leaves at that minute, `assist` comes on for the rest.
    expect(lineOf(change.team.id, change.player.id).games).toMatchObject({ minutes: change.time.elapsed, substitute: false });
    expect(lineOf(change.team.id, change.assist.id).games).toMatchObject({ minutes: 90 - change.time.elapsed, substitute: true });

    const goal = match.events.find((e: any) => e.type === 'Goal' && e.detail === 'Normal Goal');
    const goals = match.events.filter((e: any) => e.type === 'Goal' && e.detail !== 'Own Goal' && e.detail !== 'Missed Penalty' && e.player.id === goal.player.id).length;
    expect(lineOf(goal.team.id, goal.player.id).goals.total).toBe(goals);

    const lineup = match.lineups[0];
    const players = body.response[0].players;
    expect(players).toHaveLength(lineup.startXI.length + lineup.substitutes.length);
    expect(players[0].player.photo).toMatch(/\/media\/players\/\d+\.png$/);
    // Unused substitutes have no minutes and no rating; everyone who played has the rating of the
    // match's `players` list, as /fixtures?id= gives it (the provider's shape: "7.2").
    const unused = lineup.substitutes.find((s: any) => !match.events.some((e: any) => e.type === 'subst' && e.assist.id === s.player.id));
    if (unused) expect(lineOf(lineup.team.id, unused.player.id).games).toMatchObject({ minutes: null, rating: null });
    const single = (await get(`/api/football/fixtures?id=${match.fixture.id}`)).body.response[0];
    expect(single.players).toEqual(match.players);
    const rated = new Map(match.players.flatMap((side: any) => side.players.map((p: any) => [p.player.id, p.statistics[0].games.rating])));
    const lines = body.response.flatMap((t: any) => t.players);
    expect(lines.filter((p: any) => p.statistics[0].games.minutes !== null).length).toBe(rated.size);
    for (const p of lines) expect(p.statistics[0].games.rating, p.player.name).toBe(rated.get(p.player.id) ?? null);
    expect(lineOf(change.team.id, change.assist.id).games.rating).toMatch(/^\d\.\d$/);
  });

  it('filters by team, and answers a bad or unknown fixture as the other /fixtures/* paths do', async () => {
    const match = await finishedMatchWithChanges();
    const away = await get(`/api/football/fixtures/players?fixture=${match.fixture.id}&team=${match.teams.away.id}`);
    expect(away.body.response.map((t: any) => t.team.id)).toEqual([match.teams.away.id]);
    expect((await get('/api/football/fixtures/players')).status).toBe(400);
    expect((await get('/api/football/fixtures/players?fixture=abc')).body.message).toBe('Invalid match ID format');
    const unknown = await get('/api/football/fixtures/players?fixture=999999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Match not found');
  });

  it('gives no players for a match not played yet', async () => {
    const { body } = await get('/api/football/fixtures?league=242&status=NS&next=1');
    const { status, body: players } = await get(`/api/football/fixtures/players?fixture=${body.response[0].fixture.id}`);
    expect(status).toBe(200);
    expect(players.response).toEqual([]);
  });
});

describe('/leagues?team=&type=', () => {
  it('lists only the competitions a team plays in', async () => {
    const { status, body } = await get('/api/football/leagues?team=1148');
    expect(status).toBe(200);
    const ids = body.response.map((l: any) => l.league.id);
    expect(ids).toContain(242);
    expect(ids).not.toContain(243);
    expect(ids).not.toContain(34);
    for (const l of body.response) expect(l.seasons.length).toBeGreaterThan(0);
    const ecuador = (await get('/api/football/leagues?team=2382')).body.response.map((l: any) => l.league.id);
    expect(ecuador).toContain(34);
    expect(ecuador).not.toContain(242);
  });

  it('filters by type in any case, and refuses an unknown type or team', async () => {
    const cups = (await get('/api/football/leagues?type=cup')).body.response;
    expect(cups.map((l: any) => l.league.id)).toEqual(expect.arrayContaining([11, 13, 34]));
    for (const l of cups) expect(l.league.type).toBe('Cup');
    const leagues = (await get('/api/football/leagues?type=League')).body.response.map((l: any) => l.league.id);
    expect(leagues.sort()).toEqual([242, 243]);
    expect((await get('/api/football/leagues?team=1148&type=cup')).body.response.map((l: any) => l.league.id)).not.toContain(242);
    const bad = await get('/api/football/leagues?type=friendly');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid type: expected one of league, cup');
    expect((await get('/api/football/leagues?team=99999999')).status).toBe(404);
  });
});
