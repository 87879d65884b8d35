import { describe, expect, it, vi } from 'vitest';

// Counts the season's generations: each builds the competitions once.
const generations = vi.hoisted(() => ({ count: 0 }));
vi.mock('./competitions.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./competitions.ts')>();
  return { ...actual, buildCompetitions: (...args: Parameters<typeof actual.buildCompetitions>) => (generations.count++, actual.buildCompetitions(...args)) };
});

import { anchoredSeason } from './generate.ts';
import { loadDemoSeason } from './load.ts';
import { createDemoProvider } from './provider.ts';
import { scriptedFullTimeAt } from './scripted-match.ts';
import { getMeta, openDb } from '../../store/db.ts';

/**
 * The demo provider serves the season the store was loaded from, generated once, and at a scripted
 * match's final whistle its competition's tables count that match.
 */
const ANCHOR = new Date('2026-11-22T20:30:00-05:00');
const db = openDb(':memory:');
loadDemoSeason(db, { seed: 2026, anchor: ANCHOR });
let clock = ANCHOR.getTime();
const provider = createDemoProvider({
  season: () => ({ seed: Number(getMeta(db, 'demo.seed')), anchor: getMeta(db, 'demo.anchor')! }),
  now: () => new Date(clock),
});

async function ask(path: string, atMs: number) {
  clock = atMs;
  const body = await (await provider.fetch(`${provider.baseUrl}/${path}`)).json();
  expect(body.errors).toEqual([]);
  return body.response;
}

// A scripted Liga Pro match of the anchor's evening not over at the anchor, as planned (its final score).
const ligaPro = anchoredSeason(2026, ANCHOR).season.competitions.find((c) => c.league.league.id === 242)!;
const plan = ligaPro.fixtures.find((f) => ligaPro.scriptedFixtureIds?.includes(f.fixture.id) && scriptedFullTimeAt(f) > ANCHOR.getTime())!;
const fullTime = scriptedFullTimeAt(plan);
// The table it counts for ('Hexagonal Final - 7' counts for 'Hexagonal Final').
const group = plan.league.round.replace(/ - \d+$/, '');

describe('the demo provider', () => {
  it("counts a scripted match in its league's table and its teams' statistics from its full time", async () => {
    const table = `standings?league=242&season=${ligaPro.season}`;
    type Row = { team: { id: number }; group: string; points: number; all: { played: number } };
    const rowsAt = async (atMs: number) => ((await ask(table, atMs))[0].league.standings.flat() as Row[]).filter((r) => r.group === group);
    const before = await rowsAt(fullTime - 60_000);
    const after = await rowsAt(fullTime + 1_000);
    const home = plan.goals.home!;
    const away = plan.goals.away!;
    const gained = (scored: number, conceded: number) => (scored > conceded ? 3 : scored === conceded ? 1 : 0);
    for (const [team, points] of [[plan.teams.home.id, gained(home, away)], [plan.teams.away.id, gained(away, home)]]) {
      const was = before.find((r) => r.team.id === team)!;
      const is = after.find((r) => r.team.id === team)!;
      expect(is.points - was.points).toBe(points);
      expect(is.all.played - was.all.played).toBe(1);
      const statistics = `teams/statistics?league=242&season=${ligaPro.season}&team=${team}`;
      const playedBefore = (await ask(statistics, fullTime - 60_000)).fixtures.played.total;
      expect((await ask(statistics, fullTime + 1_000)).fixtures.played.total).toBe(playedBefore + 1);
    }
  });

  it("leaves another competition's tables as they were at a Liga Pro whistle, their update time included", async () => {
    // A table that changed (its `update` moved) would be written and pushed to readers again for nothing.
    const serieB = `standings?league=243&season=${ligaPro.season}`;
    const before = await ask(serieB, fullTime - 60_000);
    expect(before[0].league.standings.length).toBeGreaterThan(0);
    expect(await ask(serieB, fullTime + 1_000)).toEqual(before);
  });

  it("answers /fixtures/headtohead with the two clubs' meetings of its one season, the last finished newest first", async () => {
    const [home, away] = [plan.teams.home.id, plan.teams.away.id];
    const meetings = anchoredSeason(2026, ANCHOR)
      .season.competitions.flatMap((c) => c.fixtures.map((f) => ({ f, scripted: c.scriptedFixtureIds?.includes(f.fixture.id) ?? false })))
      .filter(({ f }) => [home, away].includes(f.teams.home.id) && [home, away].includes(f.teams.away.id))
      .sort((a, b) => a.f.fixture.timestamp - b.f.fixture.timestamp || a.f.fixture.id - b.f.fixture.id);
    const all = (await ask(`fixtures/headtohead?h2h=${away}-${home}`, ANCHOR.getTime())) as Array<{ fixture: { id: number; status: { short: string } } }>;
    expect(all.map((f) => f.fixture.id)).toEqual(meetings.map(({ f }) => f.fixture.id));
    // A scripted match is finished once its full time has passed, as the provider would say then.
    const finishedAt = (atMs: number) =>
      meetings.filter(({ f, scripted }) => ['FT', 'AET', 'PEN'].includes(f.fixture.status.short) && (!scripted || scriptedFullTimeAt(f) <= atMs)).map(({ f }) => f.fixture.id).reverse();
    expect(finishedAt(ANCHOR.getTime()).length).toBeGreaterThan(0);
    const last = (await ask(`fixtures/headtohead?h2h=${home}-${away}&last=10`, ANCHOR.getTime())) as typeof all;
    expect(last.map((f) => f.fixture.id)).toEqual(finishedAt(ANCHOR.getTime()).slice(0, 10));
    // The planned match is their last meeting once it has reached full time.
    const after = (await ask(`fixtures/headtohead?h2h=${home}-${away}&last=10`, fullTime + 1_000)) as typeof all;
    expect(after.map((f) => f.fixture.id)).toEqual([plan.fixture.id, ...finishedAt(ANCHOR.getTime())].slice(0, 10));
    const bad = await (await provider.fetch(`${provider.baseUrl}/fixtures/headtohead?h2h=${home}`)).json();
    expect(bad.errors).toEqual({ h2h: 'The H2h field must contain two team ids separated by a dash.' });
  });

  it('generates the season once: the store was loaded from it and the provider serves it', async () => {
    await ask('fixtures?live=all', fullTime - 30 * 60_000);
    await ask(`players/topscorers?league=242&season=${ligaPro.season}`, fullTime + 3 * 3_600_000);
    await ask(`standings?league=243&season=${ligaPro.season}`, fullTime + 3 * 3_600_000);
    expect(generations.count).toBe(1);
    expect(anchoredSeason(2026, new Date(getMeta(db, 'demo.anchor')!)).season.competitions).toContain(ligaPro);
  });
});

describe('who misses a coming match', () => {
  it('answers /injuries with the clubs’ injured players, whom their line-ups of the last month leave out, as the store was loaded', async () => {
    const soon = ligaPro.fixtures.filter((f) => f.fixture.timestamp * 1000 > ANCHOR.getTime()).slice(0, 3);
    const answer = (await ask(`injuries?ids=${soon.map((f) => f.fixture.id).join('-')}`, ANCHOR.getTime())) as Array<{
      player: { id: number; type: string; reason: string };
      team: { id: number };
      fixture: { id: number };
    }>;
    expect(answer.length).toBeGreaterThan(0);
    expect(answer.every((i) => i.player.type === 'Missing Fixture' && i.player.reason.length > 0)).toBe(true);
    // The same entries the store was loaded with for those matches.
    const stored = ligaPro.injuries!.filter((i) => soon.some((f) => f.fixture.id === i.fixture.id));
    expect(answer).toEqual(stored);
    // Each is his club's injured player, and his club's matches of the last 30 days were played without him.
    const injured = new Set(ligaPro.players.filter((p) => p.player.injured).map((p) => p.player.id));
    for (const entry of answer) {
      expect(injured.has(entry.player.id)).toBe(true);
      const recent = ligaPro.fixtures.filter(
        (f) => f.lineups?.length && f.fixture.timestamp * 1000 < ANCHOR.getTime() && ANCHOR.getTime() - f.fixture.timestamp * 1000 < 30 * 24 * 3_600_000 && (f.teams.home.id === entry.team.id || f.teams.away.id === entry.team.id),
      );
      expect(recent.length).toBeGreaterThan(0);
      for (const f of recent) expect(f.lineups!.flatMap((l) => [...l.startXI, ...l.substitutes]).some((p) => p.player.id === entry.player.id)).toBe(false);
    }
  });

  it('asks for a fixture or a league’s season, as the provider does', async () => {
    clock = ANCHOR.getTime();
    const body = await (await provider.fetch(`${provider.baseUrl}/injuries`)).json();
    expect(body.errors).toEqual({ required: 'At least one parameter is required.' });
    expect(await ask('injuries?league=242&season=2026', ANCHOR.getTime())).toEqual(ligaPro.injuries);
  });
});
