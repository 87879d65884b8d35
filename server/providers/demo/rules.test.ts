import { describe, expect, it } from 'vitest';
import type { ApiFixtureFull, ApiPlayerEntry } from '../../store/provider-types.ts';
import { qualifiersNote } from './competitions.ts';
import { computeStandings } from './derive.ts';
import { generateDemoSeason, type DemoSeason } from './generate.ts';
import { renderMediaPng } from './media.ts';
import type { CompetitionBuild, FixtureRecord } from './model.ts';

/**
 * Issue 25: the demo season read by a fan who knows football. Ecuador plays only in FIFA windows
 * and never during the World Cup; a team is "Clasificado al Mundial" only when no result left can
 * take the place away; fees follow age and position; a squad list never shows two players it cannot
 * tell apart; national sides are numbered 1 to 26, the same number wherever a player is listed.
 */

const GYE = 5 * 3_600_000;
const localDay = (ms: number) => new Date(ms - GYE).toISOString().slice(0, 10);
const ECUADOR = 2382;
const ANCHORS = ['2026-11-22T20:30:00-05:00', '2026-06-20T12:00:00-05:00', '2026-03-24T10:00:00-05:00', '2027-09-08T21:00:00-05:00'];
const seasons: Array<[string, DemoSeason]> = ANCHORS.map((a) => [a, generateDemoSeason({ seed: 2026, anchor: new Date(a) })]);
const pinned = seasons[0][1];
const league = (s: DemoSeason, id: number) => s.competitions.find((c) => c.league.league.id === id)!;
const ecuadorMatches = (s: DemoSeason) =>
  [34, 10].flatMap((id) => league(s, id).fixtures).filter((f) => f.teams.home.id === ECUADOR || f.teams.away.id === ECUADOR);

/**
 * The FIFA window days of a year, written out independently of the generator: the Thursday on or
 * after 19 March, 4 June (odd years only), 3 September, 8 October and 12 November, and the Tuesday after.
 */
function fifaDays(year: number): string[] {
  const days: string[] = [];
  for (const [month, from] of [[3, 19], [6, 4], [9, 3], [10, 8], [11, 12]]) {
    if (month === 6 && year % 2 === 0) continue;
    const start = new Date(Date.UTC(year, month - 1, from));
    while (start.getUTCDay() !== 4) start.setUTCDate(start.getUTCDate() + 1);
    days.push(start.toISOString().slice(0, 10));
    start.setUTCDate(start.getUTCDate() + 5);
    days.push(start.toISOString().slice(0, 10));
  }
  return days;
}
const FIFA_DAYS = new Set([2023, 2024, 2025, 2026, 2027, 2028, 2029].flatMap(fifaDays));

describe.each(seasons)('Ecuador’s calendar (anchor %s)', (_anchor, season) => {
  it('has no qualifier or friendly of Ecuador during the 2026 World Cup (11 June to 19 July)', () => {
    const matches = ecuadorMatches(season);
    expect(matches.length).toBe(24);
    for (const f of matches) {
      const day = localDay(f.fixture.timestamp * 1000);
      expect(day >= '2026-06-11' && day <= '2026-07-19', `${f.league.name} ${day}`).toBe(false);
    }
  });

  it('plays every qualifier and friendly on a FIFA window day', () => {
    for (const id of [34, 10]) {
      for (const f of league(season, id).fixtures) expect(FIFA_DAYS.has(localDay(f.fixture.timestamp * 1000)), `${f.league.name} ${f.league.round} ${localDay(f.fixture.timestamp * 1000)}`).toBe(true);
    }
  });

  it('has ten qualifier rounds played and eight to come', () => {
    const rounds = (kind: 'FT' | 'NS') => new Set(league(season, 34).fixtures.filter((f) => f.fixture.status.short === kind).map((f) => f.league.round)).size;
    expect([rounds('FT'), rounds('NS')]).toEqual([10, 8]);
  });
});

describe('the qualifiers table', () => {
  const qualifiers = league(pinned, 34);
  const table = qualifiers.standings[0];
  const left = new Map<number, number>();
  for (const f of qualifiers.fixtures.filter((x) => x.fixture.status.short === 'NS')) for (const id of [f.teams.home.id, f.teams.away.id]) left.set(id, (left.get(id) ?? 0) + 1);

  it('says nobody has qualified after 10 of 18 rounds, when the points do not make it certain', () => {
    for (const row of table) {
      // The team is certain of a top-6 place only if fewer than six others can still reach its points.
      const chasers = table.filter((o) => o !== row && o.points + 3 * (left.get(o.team.id) ?? 0) >= row.points).length;
      expect(row.description === 'Clasificado al Mundial', `${row.rank}. ${row.team.name} ${row.points} pts, ${chasers} can reach them`).toBe(chasers < 6);
    }
    expect(table.map((r) => r.description)).toEqual([...Array(6).fill('En zona de clasificación al Mundial'), 'En zona de repechaje', null, null, null]);
  });

  /** The season's qualifiers replayed by hand: Ecuador wins every match up to round `played`, all others are draws. */
  function replay(played: number) {
    const records: FixtureRecord[] = qualifiers.fixtures.map((f): FixtureRecord => {
      const round = Number(f.league.round.split(' - ')[1]);
      const done = round <= played;
      const ecuadorHome = f.teams.home.id === ECUADOR;
      const ecuadorAway = f.teams.away.id === ECUADOR;
      const data = {
        ...f,
        fixture: { ...f.fixture, status: { ...f.fixture.status, short: done ? 'FT' : 'NS' } },
        goals: done ? { home: ecuadorHome ? 1 : 0, away: ecuadorAway ? 1 : 0 } : { home: null, away: null },
      } as ApiFixtureFull;
      return { data, scripted: false, group: 'Q' };
    });
    const build = { fixtures: records, groups: [{ name: 'Q', teamIds: table.map((r) => r.team.id), counts: () => true, describe: qualifiersNote }] } as unknown as CompetitionBuild;
    return computeStandings(build, Date.now())[0];
  }

  it('announces a qualification once it is mathematically certain, and not a round before', () => {
    // After 10 rounds Ecuador has 30 points; the others 8 or 9, and 24 still to play for: not certain.
    expect(replay(10)[0]).toMatchObject({ team: { id: ECUADOR }, points: 30, description: 'En zona de clasificación al Mundial' });
    // After 14: 42 points against at most 12 + 12 for anyone else.
    expect(replay(14)[0]).toMatchObject({ team: { id: ECUADOR }, points: 42, description: 'Clasificado al Mundial' });
    expect(replay(14).slice(1).map((r) => r.description)).not.toContain('Clasificado al Mundial');
  });
});

describe('transfer fees', () => {
  const players = new Map<number, ApiPlayerEntry>();
  for (const c of pinned.competitions) for (const p of c.players) players.set(p.player.id, p);
  for (const p of pinned.global.extraPlayers) players.set(p.player.id, p);
  const millions = (type: string | null) => {
    if (type === null) return null;
    const m = /^€ ([\d.]+)([MK])$/.exec(type);
    return m ? Number(m[1]) / (m[2] === 'K' ? 1000 : 1) : null;
  };
  const moves = pinned.global.transfers.flatMap((entry) => {
    const p = players.get(entry.player.id)!;
    const position = p.statistics[0]?.games.position ?? null;
    return entry.transfers.map((t) => {
      const birth = new Date(`${p.player.birth.date}T12:00:00Z`);
      const at = new Date(`${t.date}T12:00:00Z`);
      const age = at.getUTCFullYear() - birth.getUTCFullYear() - (at.toISOString().slice(5) < birth.toISOString().slice(5) ? 1 : 0);
      return { age, position, fee: millions(t.type), label: `${p.player.name} (${age}, ${position}) ${t.date} ${t.type}` };
    });
  });

  it('charges little or nothing for players of 33 or more: a 35-year-old never costs over €1M', () => {
    const veterans = moves.filter((m) => m.age >= 33);
    expect(veterans.length).toBeGreaterThan(20);
    for (const m of veterans) expect(m.fee ?? 0, m.label).toBeLessThanOrEqual(0.5);
    // Most such moves are free, loans or undisclosed.
    expect(veterans.filter((m) => m.fee !== null).length / veterans.length).toBeLessThan(0.25);
  });

  it('prices goalkeepers well below outfield players, and keeps the big fees for players in their prime', () => {
    const paid = moves.filter((m) => m.fee !== null);
    for (const m of paid.filter((x) => x.position === 'Goalkeeper')) expect(m.fee!, m.label).toBeLessThanOrEqual(4.5);
    for (const m of paid.filter((x) => x.age >= 30)) expect(m.fee!, m.label).toBeLessThanOrEqual(4.5);
    expect(Math.max(...paid.filter((m) => m.age <= 27 && m.position !== 'Goalkeeper').map((m) => m.fee!))).toBeGreaterThanOrEqual(8);
  });
});

describe.each(seasons.slice(0, 2))('squads (anchor %s)', (_anchor, season) => {
  it('never lists two players of a squad under the same displayed name', () => {
    for (const c of season.competitions) {
      const names = new Map(c.players.map((p) => [p.player.id, p.player.name]));
      for (const squad of c.squads) {
        const shown = squad.players.map((p) => names.get(p.id)!);
        const twice = shown.filter((n, i) => shown.indexOf(n) !== i);
        expect(twice, `${c.shortName} team ${squad.teamId}`).toEqual([]);
      }
    }
  });

  it('numbers every national side 1 to 26, each once, and uses the same number in its matches', () => {
    const qualifiers = league(season, 34);
    for (const squad of qualifiers.squads) {
      const numbers = squad.players.map((p) => p.number!);
      expect(new Set(numbers).size, `team ${squad.teamId}`).toBe(numbers.length);
      for (const n of numbers) expect(n, `team ${squad.teamId}`).toBeGreaterThanOrEqual(1);
      for (const n of numbers) expect(n, `team ${squad.teamId}`).toBeLessThanOrEqual(26);
    }
    const ecuador = qualifiers.squads.find((s) => s.teamId === ECUADOR)!;
    expect(ecuador.players.map((p) => p.number).sort((a, b) => a! - b!)).toEqual(Array.from({ length: 26 }, (_, i) => i + 1));
    const numberOf = new Map(ecuador.players.map((p) => [p.id, p.number]));
    // The squad list on /seleccion reads the qualifiers' player statistics: same number there.
    for (const p of qualifiers.players.filter((x) => numberOf.has(x.player.id))) {
      expect(p.statistics[0]?.games.number, p.player.name).toBe(numberOf.get(p.player.id));
    }
    for (const f of ecuadorMatches(season).filter((x) => x.lineups?.length)) {
      const lineup = f.lineups!.find((l) => l.team.id === ECUADOR)!;
      for (const entry of [...lineup.startXI, ...lineup.substitutes]) expect(entry.player.number, `${entry.player.name} ${localDay(f.fixture.timestamp * 1000)}`).toBe(numberOf.get(entry.player.id!));
    }
  });

  it('draws player photos without a shirt number, which would contradict the national or the club list', async () => {
    const ecuador = league(season, 34).squads.find((s) => s.teamId === ECUADOR)!.players;
    const club = league(season, 242).squads[0].players;
    // Two players of the same club with different numbers have the same photo.
    expect(club[0].number).not.toBe(club[1].number);
    expect((await renderMediaPng('players', String(club[0].id)))!.equals((await renderMediaPng('players', String(club[1].id)))!)).toBe(true);
    expect(ecuador.length).toBe(26);
  });
});
