import { describe, expect, it } from 'vitest';
import { fixturePlayers, type FixtureForPlayers } from '../../../contract/fixture-players.ts';
import { generateDemoSeason } from './generate.ts';

/**
 * Issue 33: players' minutes from the periods a match really had. A tie decided on penalties
 * straight after 90 minutes (CONMEBOL has no extra time) gave every starter 120 because the status
 * code `PEN` was read as "after extra time"; `score.extratime` says whether extra time was played.
 */

const person = (id: number) => ({ id, name: `Jugador ${id}`, number: id % 100, pos: id % 100 === 1 ? 'G' : 'M' });
const team = (id: number) => ({ id, name: `Club ${id}`, logo: '' });
const lineup = (teamId: number) => ({
  team: team(teamId),
  startXI: Array.from({ length: 11 }, (_, i) => ({ player: person(teamId * 100 + i + 1) })),
  substitutes: Array.from({ length: 5 }, (_, i) => ({ player: person(teamId * 100 + 50 + i) })),
});
/** Home (team 10): 107 off for 150 at 70', 108 off for 151 at 90+3'. */
const events: NonNullable<FixtureForPlayers['events']> = [
  { time: { elapsed: 70, extra: null }, team: { id: 10 }, player: { id: 1007, name: 'Jugador 1007' }, assist: { id: 1050, name: 'Jugador 1050' }, type: 'subst', detail: 'Substitution 1' },
  { time: { elapsed: 90, extra: 3 }, team: { id: 10 }, player: { id: 1008, name: 'Jugador 1008' }, assist: { id: 1051, name: 'Jugador 1051' }, type: 'subst', detail: 'Substitution 2' },
];

function fixture(short: string, elapsed: number | null, extratime: { home: number | null; away: number | null }, list = events): FixtureForPlayers {
  return { fixture: { status: { short, elapsed } }, score: { extratime }, events: list, lineups: [lineup(10), lineup(20)] };
}

const NONE = { home: null, away: null };
function minutes(f: FixtureForPlayers): Map<number, number | null> {
  return new Map(fixturePlayers(f).flatMap((t) => t.players.map((p) => [p.player.id!, p.statistics[0].games.minutes] as const)));
}

describe('minutes from the periods played', () => {
  it('a tie decided on penalties without extra time: 90 for a full match, 20 for a substitute on at 70', () => {
    const m = minutes(fixture('PEN', 90, NONE));
    expect(m.get(1001)).toBe(90);
    expect(m.get(2011)).toBe(90);
    expect(m.get(1007)).toBe(70);
    expect(m.get(1050)).toBe(20);
    // A change in stoppage time counts as the provider counts it (fixture-by-id-full.json): 89 and 1.
    expect(m.get(1008)).toBe(89);
    expect(m.get(1051)).toBe(1);
    expect(m.get(1052)).toBeNull();
    expect(Math.max(...[...m.values()].map((v) => v ?? 0))).toBe(90);
  });

  it('the shoot-out in progress adds no minutes either', () => {
    const m = minutes(fixture('P', 90, NONE));
    expect(m.get(1001)).toBe(90);
    expect(m.get(1050)).toBe(20);
  });

  it('with extra time played (score.extratime filled, even 0-0): 120, and 50 for the substitute on at 70', () => {
    for (const f of [fixture('PEN', 120, { home: 0, away: 0 }), fixture('AET', 120, { home: 1, away: 0 })]) {
      const m = minutes(f);
      expect(m.get(1001)).toBe(120);
      expect(m.get(1007)).toBe(70);
      expect(m.get(1050)).toBe(50);
      expect(m.get(1008)).toBe(90);
      expect(m.get(1051)).toBe(30);
    }
  });

  it('while the match is played, up to the minute on the clock', () => {
    const at57 = minutes(fixture('2H', 57, NONE, []));
    expect(at57.get(1001)).toBe(57);
    expect(at57.get(2005)).toBe(57);
    expect(at57.get(1050)).toBeNull();
    const at86 = minutes(fixture('2H', 86, NONE));
    expect(at86.get(1001)).toBe(86);
    expect(at86.get(1007)).toBe(70);
    expect(at86.get(1050)).toBe(16);
    // In extra time, past 90.
    expect(minutes(fixture('ET', 104, NONE)).get(1001)).toBe(104);
  });
});

describe('the demo season', () => {
  const season = generateDemoSeason({ seed: 2026, anchor: new Date('2026-11-22T20:30:00-05:00') });

  it('never gives a player more than 90 minutes in a tie it decides on penalties without extra time', () => {
    const ties = season.competitions.flatMap((c) => c.fixtures).filter((f) => f.fixture.status.short === 'PEN');
    expect(ties.length).toBeGreaterThan(0);
    for (const f of ties) {
      expect(f.score.extratime).toEqual(NONE);
      const played = new Map(fixturePlayers(f).flatMap((t) => t.players.map((p) => [p.player.id, p.statistics[0].games.minutes] as const)));
      expect(Math.max(...[...played.values()].map((v) => v ?? 0)), `fixture ${f.fixture.id}`).toBe(90);
      // A starter nobody took off or sent off played the 90 minutes, not 120.
      const off = new Set((f.events ?? []).filter((e) => e.type === 'subst' || (e.type === 'Card' && e.detail === 'Red Card')).map((e) => e.player.id));
      for (const l of f.lineups ?? []) for (const { player } of l.startXI) if (!off.has(player.id)) expect(played.get(player.id)).toBe(90);
    }
    // Nor do the season figures the demo derives from them (derive.ts counts with fixturePlayers).
    for (const c of season.competitions.filter((x) => x.fixtures.some((f) => f.fixture.status.short === 'PEN'))) {
      for (const { statistics } of c.players) expect(statistics[0].games.minutes ?? 0).toBeLessThanOrEqual(90 * (statistics[0].games.appearences ?? 0));
    }
  });
});
