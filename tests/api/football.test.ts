import { describe, expect, it } from 'vitest';
import { get, LIVE } from './http.ts';

const envelopeKeys = ['get', 'parameters', 'errors', 'results', 'paging', 'response'];

describe('leagues and tournaments', () => {
  it('lists the portal competitions in the provider envelope', async () => {
    const { status, body } = await get('/api/football/leagues');
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(expect.arrayContaining(envelopeKeys));
    const ids = body.response.map((l: any) => l.league.id);
    expect(ids).toEqual(expect.arrayContaining([242, 243, 13, 11, 34]));
    expect(body.results).toBe(body.response.length);
    for (const l of body.response) expect(l.seasons.some((s: any) => s.current)).toBe(true);
  });

  it('filters leagues by country without caring about case or accents', async () => {
    const { body } = await get('/api/football/leagues?country=ecuador');
    const ids = body.response.map((l: any) => l.league.id);
    expect(ids).toEqual(expect.arrayContaining([242, 243]));
    expect(ids).not.toContain(13);
  });

  it('lists tournaments with the current season and Liga Pro first', async () => {
    const { body } = await get('/api/football/tournaments');
    expect(body.response[0]).toMatchObject({ id: 242, shortName: expect.any(String), season: 2026 });
    for (const t of body.response) expect(t).toHaveProperty('startDate');
  });
});

describe('standings', () => {
  it('returns several groups for Liga Pro, consistent with results', async () => {
    const { status, body } = await get('/api/football/standings?league=242');
    expect(status).toBe(200);
    const groups = body.response[0].league.standings;
    expect(groups.length).toBeGreaterThan(1);
    for (const group of groups) {
      group.forEach((row: any, i: number) => {
        expect(row.rank).toBe(i + 1);
        expect(row.all.played).toBe(row.all.win + row.all.draw + row.all.lose);
        expect(row.points).toBe(3 * row.all.win + row.all.draw);
        expect(row.goalsDiff).toBe(row.all.goals.for - row.all.goals.against);
      });
    }
  });

  it('defaults to the current season and accepts it explicitly', async () => {
    const implicit = await get('/api/football/standings?league=242');
    const explicit = await get('/api/football/standings?league=242&season=2026');
    expect(explicit.body.response).toEqual(implicit.body.response);
    const none = await get('/api/football/standings?league=242&season=1990');
    expect(none.status).toBe(200);
    expect(none.body.response).toEqual([]);
  });

  it('serves the same groups as positions', async () => {
    const { body } = await get('/api/football/positions?league=242');
    expect(body.response.length).toBeGreaterThan(1);
    expect(body.response[0]).toHaveProperty('group');
    expect(body.response[0].standings.length).toBeGreaterThan(0);
  });

  it('rejects non-numeric and unknown tournament ids', async () => {
    const bad = await get('/api/football/standings?league=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid tournament ID format');
    const unknown = await get('/api/football/standings?league=999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Tournament with ID 999999 not found');
    const missing = await get('/api/football/standings');
    expect(missing.status).toBe(400);
  });
});

describe('fixtures', () => {
  it("shows today's match day: finished, live and upcoming Liga Pro matches", async () => {
    const { status, body } = await get('/api/football/fixtures?date=today&timezone=America/Guayaquil&league=242');
    expect(status).toBe(200);
    const statuses = body.response.map((f: any) => f.fixture.status.short);
    expect(statuses).toContain('FT');
    expect(statuses.some((s: string) => LIVE.includes(s))).toBe(true);
    expect(statuses).toContain('NS');
  });

  it('lists live matches with a minute and a score', async () => {
    const { body, headers } = await get('/api/football/fixtures?live=all');
    expect(body.response.length).toBeGreaterThan(0);
    for (const f of body.response) {
      expect(LIVE).toContain(f.fixture.status.short);
      expect(f.fixture.status.elapsed).toBeGreaterThan(0);
      expect(typeof f.goals.home).toBe('number');
    }
    expect(headers.get('cache-control')).toContain('max-age=15');
  });

  it('returns one match with events, lineups and statistics', async () => {
    const { body: list } = await get('/api/football/fixtures?league=242&last=1');
    const id = list.response[0].fixture.id;
    const { status, body } = await get(`/api/football/fixtures?id=${id}`);
    expect(status).toBe(200);
    const f = body.response[0];
    expect(f.fixture.status.short).toBe('FT');
    expect(f.fixture.referee).toBeTruthy();
    expect(f.fixture.venue.name).toBeTruthy();
    expect(f.lineups).toHaveLength(2);
    expect(f.lineups[0].startXI).toHaveLength(11);
    expect(f.statistics).toHaveLength(2);
    const goals = f.events.filter((e: any) => e.type === 'Goal' && e.detail !== 'Missed Penalty');
    expect(goals.length).toBe(f.goals.home + f.goals.away);
  });

  it('upcoming matches carry no events, lineups or statistics', async () => {
    const { body: list } = await get('/api/football/fixtures?league=242&next=1');
    expect(list.response[0].fixture.status.short).toBe('NS');
    const { body } = await get(`/api/football/fixtures?id=${list.response[0].fixture.id}`);
    const f = body.response[0];
    expect(f.events).toEqual([]);
    expect(f.lineups).toEqual([]);
    expect(f.statistics).toEqual([]);
    expect(f.goals).toEqual({ home: null, away: null });
  });

  it('filters by team, status, round, date range and next/last', async () => {
    const team = (await get('/api/football/fixtures?team=1158&season=2026')).body.response;
    expect(team.length).toBeGreaterThan(10);
    for (const f of team) expect([f.teams.home.id, f.teams.away.id]).toContain(1158);

    const ft = (await get('/api/football/fixtures?league=242&status=FT')).body.response;
    expect(ft.length).toBeGreaterThan(0);
    for (const f of ft) expect(f.fixture.status.short).toBe('FT');

    const round = ft[0].league.round;
    const inRound = (await get(`/api/football/fixtures?league=242&round=${encodeURIComponent(round)}`)).body.response;
    expect(inRound.length).toBeGreaterThan(0);
    for (const f of inRound) expect(f.league.round).toBe(round);

    // A range is the season's matches whose day (in `timezone`, UTC when absent) lies within it, both ends
    // included: exactly those, found in the whole season's list.
    const season = (await get('/api/football/fixtures?league=242')).body.response;
    const idsOn = (list: any[]) => list.map((f: any) => f.fixture.id).sort((a: number, b: number) => a - b);
    const inDays = (list: any[], from: string, to: string) => list.filter((f: any) => f.fixture.date.slice(0, 10) >= from && f.fixture.date.slice(0, 10) <= to);
    const range = (await get('/api/football/fixtures?league=242&from=2026-11-01&to=2026-11-30')).body.response;
    expect(range.length).toBeGreaterThan(0);
    expect(range.length).toBeLessThan(season.length);
    expect(idsOn(range)).toEqual(idsOn(inDays(season, '2026-11-01', '2026-11-30')));
    // Ecuador's days: an evening kick-off (after 19:00, past midnight UTC) belongs to the day it was played in Quito.
    const quito = (await get('/api/football/fixtures?league=242&timezone=America/Guayaquil')).body.response;
    const day = quito.find((f: any) => Number(f.fixture.date.slice(11, 13)) >= 19)!.fixture.date.slice(0, 10);
    const oneDay = (await get(`/api/football/fixtures?league=242&from=${day}&to=${day}&timezone=America/Guayaquil`)).body.response;
    expect(oneDay.length).toBeGreaterThan(0);
    expect(idsOn(oneDay)).toEqual(idsOn(inDays(quito, day, day)));
    expect(idsOn(oneDay)).not.toEqual(idsOn(inDays(season, day, day)));

    const last = (await get('/api/football/fixtures?league=242&last=3')).body.response;
    expect(last).toHaveLength(3);
    expect(last[0].fixture.timestamp).toBeGreaterThanOrEqual(last[2].fixture.timestamp);
    const next = (await get('/api/football/fixtures?league=242&next=2')).body.response;
    expect(next).toHaveLength(2);
  });

  it('fetches several matches by ids', async () => {
    const last = (await get('/api/football/fixtures?league=242&last=2')).body.response;
    const ids = last.map((f: any) => f.fixture.id).join('-');
    const { body } = await get(`/api/football/fixtures?ids=${ids}`);
    expect(body.response).toHaveLength(2);
  });

  it('lists a round through /matches', async () => {
    const round = (await get('/api/football/fixtures?league=242&last=1')).body.response[0].league.round;
    const { body } = await get(`/api/football/matches?league=242&round=${encodeURIComponent(round)}`);
    expect(body.response.length).toBeGreaterThan(0);
  });

  it('answers bad ids and parameters with clear 400s and unknown matches with 404', async () => {
    expect((await get('/api/football/fixtures?id=abc')).body.message).toBe('Invalid match ID format');
    const unknown = await get('/api/football/fixtures?id=123');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Match not found');
    expect((await get('/api/football/fixtures?date=2026-13-45')).status).toBe(400);
    expect((await get('/api/football/fixtures?status=XYZ')).status).toBe(400);
    expect((await get('/api/football/fixtures?next=0')).status).toBe(400);
    expect((await get('/api/football/fixtures?season=20x6')).body.message).toBe('Invalid season format');
    expect((await get('/api/football/fixtures?team=x')).body.message).toBe('Invalid team ID format');
    const team404 = await get('/api/football/fixtures?team=424242');
    expect(team404.status).toBe(404);
    expect(team404.body.message).toBe('Team with ID 424242 not found');
  });
});

describe('teams, players, scorers, transfers, statistics', () => {
  it('lists the 16 Liga Pro clubs with venues', async () => {
    const { body } = await get('/api/football/teams?league=242');
    expect(body.response).toHaveLength(16);
    const ldu = body.response.find((t: any) => t.team.id === 1158);
    expect(ldu.venue.name).toBeTruthy();
    expect(ldu.venue.capacity).toBeGreaterThan(0);
  });

  it('finds a team by id and by accent-insensitive search', async () => {
    const byId = await get('/api/football/teams?id=1151');
    expect(byId.body.response[0].team.name).toMatch(/Técnico/);
    const search = await get('/api/football/teams?search=tecnico');
    expect(search.body.response.map((t: any) => t.team.id)).toContain(1151);
    const missing = await get('/api/football/teams?id=424243');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Team with ID 424243 not found');
    expect((await get('/api/football/teams?search=ab')).status).toBe(400);
  });

  it("lists a club's squad with statistics and pages", async () => {
    const { body } = await get('/api/football/players?team=1158&season=2026');
    expect(body.response.length).toBeGreaterThanOrEqual(20);
    expect(body.paging.current).toBe(1);
    const p = body.response[0];
    expect(p.player).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
  });

  it('returns a player by id, 404 for an unknown one', async () => {
    const squad = (await get('/api/football/players?team=1158&season=2026')).body.response;
    const id = squad[0].player.id;
    const { body } = await get(`/api/football/players?id=${id}&season=2026`);
    expect(body.response[0].player.id).toBe(id);
    const missing = await get('/api/football/players?id=1');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Player not found');
    expect((await get('/api/football/players?id=1e3')).body.message).toBe('Invalid player ID format');
  });

  it('ranks top scorers by goals, matching their statistics', async () => {
    const { body } = await get('/api/football/topscorers?league=242');
    expect(body.response.length).toBeGreaterThan(5);
    const goals = body.response.map((p: any) => p.statistics[0].goals.total);
    expect([...goals].sort((a, b) => b - a)).toEqual(goals);
  });

  it('lists Ecuadorians abroad', async () => {
    const { body } = await get('/api/football/players/abroad');
    expect(body.response.length).toBeGreaterThan(5);
    for (const p of body.response) expect(p.player.nationality).toBe('Ecuador');
  });

  it('returns transfers by team and by player', async () => {
    const byTeam = (await get('/api/football/transfers?team=1158')).body.response;
    expect(byTeam.length).toBeGreaterThan(0);
    const player = byTeam[0].player.id;
    const byPlayer = (await get(`/api/football/transfers?player=${player}`)).body.response;
    expect(byPlayer[0].transfers.length).toBeGreaterThan(0);
    expect((await get('/api/football/transfers')).status).toBe(400);
  });

  it('serves team statistics on all three paths', async () => {
    for (const path of [
      '/api/football/team-statistics?league=242&team=1158',
      '/api/football/statistics?team=1158&league=242',
      '/api/football/teams/1158/statistics?leagueId=242',
    ]) {
      const { status, body } = await get(path);
      expect(status, path).toBe(200);
      expect(body.response.team.id).toBe(1158);
    }
    expect((await get('/api/football/teams/abc/statistics')).body.message).toBe('Invalid team ID format');
    expect((await get('/api/football/team-statistics?team=999999')).status).toBe(404);
  });
});

describe('tournament', () => {
  it('combines phases, groups, matchdays and matches', async () => {
    const { status, body } = await get('/api/tournaments/242');
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: 242, shortName: expect.any(String), season: 2026 });
    expect(body.phases.length).toBeGreaterThan(1);
    expect(body.groups.length).toBeGreaterThan(1);
    expect(body.matchdays.length).toBeGreaterThan(10);
    expect(body.matches.length).toBeGreaterThan(100);
  });

  it('rejects bad and unknown ids', async () => {
    const bad = await get('/api/tournaments/liga');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid tournament ID format');
    const unknown = await get('/api/tournaments/71');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Tournament with ID 71 not found');
  });
});
