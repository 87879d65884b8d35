import { describe, expect, it } from 'vitest';
import { buildBracket, buildTie, isKnockoutRound, legLabels } from './bracket.ts';
import { roundLabel } from '../match/scoreboard.ts';
import { groupByDay, groupPhases, groupRounds, parseRound, phaseLabel, roundsNow } from './phases.ts';
import { formResults, groupLabel, groupZones, shownTables, zoneKind, zoneLabel } from './standings.ts';
import type { Match } from '../match/types.ts';
import type { StandingRow, StandingsGroup } from './types.ts';
import { squadByPosition } from '../team/parse-squad.ts';
import type { Player } from '../player/types.ts';
import { expectAnswers } from '../../../tests/helpers/expect-answers.ts';

let nextId = 1;
function match(over: { round: string; at: string; short?: string; home?: number; away?: number; goals?: [number | null, number | null]; pen?: [number, number] }): Match {
  const short = over.short ?? 'FT';
  const kind = ['FT', 'AET', 'PEN', 'AWD', 'WO'].includes(short) ? 'Result' : ['NS', 'TBD', 'PST', 'CANC', 'ABD'].includes(short) ? 'Fixture' : 'Live';
  const goals = over.goals ?? (kind === 'Fixture' ? [null, null] : [1, 0]);
  const home = over.home ?? 1;
  const away = over.away ?? 2;
  const pen = over.pen ?? null;
  return {
    kind,
    id: nextId++,
    date: over.at,
    timestamp: Date.parse(over.at) / 1000,
    referee: '',
    timezone: 'UTC',
    venue: { id: null, name: '', city: '' },
    periods: { first: null, second: null },
    status: { short, long: '', elapsed: null, extra: null },
    league: { id: 13, name: 'Copa', country: 'World', logo: '', flag: '', season: 2026, round: over.round },
    home: { id: home, name: `T${home}`, logo: '', winner: pen ? pen[0] > pen[1] : goals[0] !== null && goals[1] !== null ? goals[0] > goals[1] : null },
    away: { id: away, name: `T${away}`, logo: '', winner: pen ? pen[1] > pen[0] : goals[0] !== null && goals[1] !== null ? goals[1] > goals[0] : null },
    goals: { home: goals[0], away: goals[1] },
    score: {
      halftime: { home: null, away: null },
      fulltime: { home: goals[0], away: goals[1] },
      extratime: { home: null, away: null },
      penalty: { home: pen?.[0] ?? null, away: pen?.[1] ?? null },
    },
  } as Match;
}

function row(rank: number, description: string, form = ''): StandingRow {
  const record = { played: 1, win: 0, draw: 0, lose: 0, goalsFor: 0, goalsAgainst: 0 };
  return { rank, team: { id: rank, name: `T${rank}`, logo: '' }, points: 0, goalsDiff: 0, group: 'G', form, status: '', description, all: record, home: record, away: record, update: '' };
}

describe('rounds and phases', () => {
  it('parses numbered rounds and leaves knockout rounds whole', () => {
    expect(parseRound('Hexagonal Final - 7')).toEqual({ phase: 'Hexagonal Final', number: 7 });
    expect(parseRound('Regular Season - 28')).toEqual({ phase: 'Regular Season', number: 28 });
    expect(parseRound('Friendlies 3')).toEqual({ phase: 'Friendlies', number: 3 });
    expect(parseRound('Round of 16')).toEqual({ phase: 'Round of 16', number: null });
    expect(parseRound('Final')).toEqual({ phase: 'Final', number: null });
  });

  it('names every phase and round in Spanish', () => {
    expectAnswers(phaseLabel, { 'Group Stage': 'Fase de grupos', 'Regular Season': 'Fase regular', 'Hexagonal Final': 'Hexagonal Final', 'Round of 16': 'Octavos de final' });
    expectAnswers(roundLabel, { 'Hexagonal Final - 7': 'Hexagonal Final · Fecha 7', 'Friendlies 2': 'Fecha 2', 'Quarter-finals': 'Cuartos de final' });
    // Issue 33: Liga Pro's regular season is the "Primera Etapa" its table is named after.
    expect(phaseLabel('Regular Season', 242)).toBe('Primera Etapa');
    expect(roundLabel('Regular Season - 12', 242)).toBe('Fecha 12');
    expect(roundLabel('1st Phase - 3')).toBe('Primera Etapa · Fecha 3');
  });

  it('groups a season by round and by Ecuador day, rounds in the order they start', () => {
    const matches = [
      match({ round: 'Regular Season - 2', at: '2026-03-08T01:00:00Z' }),
      match({ round: 'Regular Season - 1', at: '2026-03-01T20:00:00Z' }),
      // 00:30 UTC on the 2nd is still the 1st in Ecuador.
      match({ round: 'Regular Season - 1', at: '2026-03-02T00:30:00Z' }),
    ];
    const rounds = groupRounds(matches);
    expect(rounds.map((r) => r.label)).toEqual(['Fecha 1', 'Fecha 2']);
    expect(rounds[0]!.days.map((d) => d.day)).toEqual(['2026-03-01']);
    expect(groupByDay(rounds[1]!.matches).map((d) => d.day)).toEqual(['2026-03-07']);
    expect(groupPhases(rounds).map((p) => [p.label, p.state])).toEqual([['Fase regular', 'done']]);
  });

  it('finds the rounds under way in every phase and the next of each', () => {
    const rounds = groupRounds([
      match({ round: 'Hexagonal Final - 1', at: '2026-11-01T20:00:00Z' }),
      match({ round: 'Hexagonal Final - 2', at: '2026-11-22T20:00:00Z' }),
      match({ round: 'Hexagonal Final - 2', at: '2026-11-23T01:00:00Z', short: '2H' }),
      match({ round: 'Hexagonal Final - 3', at: '2026-11-29T20:00:00Z', short: 'NS' }),
      match({ round: 'Cuadrangular de Descenso - 2', at: '2026-11-22T22:00:00Z', short: 'NS' }),
      match({ round: 'Cuadrangular de Descenso - 2', at: '2026-11-22T18:00:00Z' }),
      match({ round: 'Cuadrangular de Descenso - 3', at: '2026-11-29T22:00:00Z', short: 'NS' }),
    ]);
    const now = roundsNow(rounds);
    expect(now.current.map((r) => r.round).sort()).toEqual(['Cuadrangular de Descenso - 2', 'Hexagonal Final - 2']);
    expect(now.current.find((r) => r.round === 'Hexagonal Final - 2')!.live).toBe(true);
    expect(now.next.map((r) => r.round).sort()).toEqual(['Cuadrangular de Descenso - 3', 'Hexagonal Final - 3']);
  });

  it('between rounds of a cup shows the last one played and the next to play', () => {
    const rounds = groupRounds([
      match({ round: 'Semi-finals', at: '2026-10-20T23:00:00Z' }),
      match({ round: 'Final', at: '2026-11-29T21:00:00Z', short: 'NS' }),
    ]);
    const now = roundsNow(rounds);
    expect(now.current.map((r) => r.round)).toEqual(['Semi-finals']);
    expect(now.next.map((r) => r.round)).toEqual(['Final']);
  });

  it('before a season starts, the first round is the current one', () => {
    const now = roundsNow(groupRounds([match({ round: 'Regular Season - 1', at: '2027-02-01T20:00:00Z', short: 'NS' })]));
    expect(now.current.map((r) => r.round)).toEqual(['Regular Season - 1']);
    expect(now.next).toEqual([]);
  });
});

describe('standings: form and zones', () => {
  it("puts a refresh's tables in the page's order, leaves out settled ones and keeps only what a table shows", () => {
    const group = (name: string): StandingsGroup => ({ name, rows: [row(1, 'Copa Libertadores'), row(2, '')] });
    // The provider lists the first stage first; the page shows the phase being played first.
    const fresh = [group('Primera Etapa'), group('Cuadrangular de Descenso'), group('Hexagonal Final'), group('Tabla Acumulada')];
    const tables = shownTables(fresh, ['Hexagonal Final', 'Cuadrangular de Descenso', 'Tabla Acumulada'], ['Primera Etapa']);
    expect(tables.map((t) => t.name)).toEqual(['Hexagonal Final', 'Cuadrangular de Descenso', 'Tabla Acumulada']);
    expect(Object.keys(tables[0]!.rows[0]!).sort()).toEqual(['all', 'description', 'form', 'goalsDiff', 'points', 'rank', 'team']);
    // A table the page did not have at the build comes after the ones it shows.
    expect(shownTables([group('Final'), group('Hexagonal Final')], ['Hexagonal Final']).map((t) => t.name)).toEqual(['Hexagonal Final', 'Final']);
  });

  it('shows the form oldest first, so the latest result is on the right', () => {
    // The provider sends the newest result first.
    expect(formResults('WDLLW').map((r) => r.letter)).toEqual(['W', 'L', 'L', 'D', 'W']);
    expect(formResults('LWWWWD').map((r) => r.short)).toEqual(['G', 'G', 'G', 'G', 'P']);
    expect(formResults('W?D').map((r) => r.label)).toEqual(['Empate', 'Victoria']);
    expect(formResults('')).toEqual([]);
  });

  it('reads zones from the qualification notes', () => {
    expectAnswers(zoneKind, {
      'Campeón - Copa Libertadores': 'title', 'Copa Libertadores': 'libertadores', 'Promotion - Copa Sudamericana': 'sudamericana',
      'Descenso - Serie B': 'relegation', 'Ascenso - Liga Pro': 'promotion', 'Repechaje intercontinental': 'playoff', 'En zona de repechaje': 'playoff',
      'Clasificado al Mundial': 'next', 'Hexagonal de Clasificación': 'other', 'Octavos de final': 'next', '': null,
    });
    // The qualifiers' zone before a place is certain shares the colour of a certain one.
    expect(zoneKind('En zona de clasificación al Mundial')).toBe(zoneKind('Clasificado al Mundial'));
    expect(zoneLabel('Relegation - Serie B')).toBe('Descenso - Serie B');
  });

  it('lists a table zones in the order they appear going down it', () => {
    const group: StandingsGroup = { name: 'Hexagonal Final', rows: [row(2, 'Copa Libertadores'), row(1, 'Campeón - Copa Libertadores'), row(3, 'Copa Libertadores'), row(4, ''), row(5, 'Copa Sudamericana')] };
    expect(groupZones(group)).toEqual([
      { description: 'Campeón - Copa Libertadores', kind: 'title', ranks: [1] },
      { description: 'Copa Libertadores', kind: 'libertadores', ranks: [2, 3] },
      { description: 'Copa Sudamericana', kind: 'sudamericana', ranks: [5] },
    ]);
  });

  it('names groups in Spanish', () => {
    expect(groupLabel('Group A')).toBe('Grupo A');
    expect(groupLabel('Hexagonal Final')).toBe('Hexagonal Final');
    expect(groupLabel('World Cup - Qualification South America', 34)).toBe('Eliminatorias Sudamericanas');
  });
});

describe('bracket', () => {
  it('tells knockout rounds from matchdays', () => {
    expect(isKnockoutRound('Round of 16')).toBe(true);
    expect(isKnockoutRound('Quarter-finals')).toBe(true);
    expect(isKnockoutRound('Final')).toBe(true);
    expect(isKnockoutRound('Group Stage - 3')).toBe(false);
    expect(isKnockoutRound('Hexagonal Final - 3')).toBe(false);
  });

  it('adds both legs and settles a level tie on penalties', () => {
    const tie = buildTie([
      match({ round: 'Round of 16', at: '2026-08-12T23:00:00Z', home: 1, away: 2, goals: [2, 1] }),
      match({ round: 'Round of 16', at: '2026-08-19T23:00:00Z', home: 2, away: 1, goals: [1, 0], short: 'PEN', pen: [4, 3] }),
    ]);
    expect(tie.teams.map((t) => t.id)).toEqual([1, 2]);
    expect(tie.aggregate).toEqual([2, 2]);
    expect(tie.penalties).toEqual([3, 4]);
    expect(tie.winnerId).toBe(2);
  });

  it("names each leg in a calendar, the return leg's aggregate in its own home-away order (issue 33)", () => {
    const first = match({ round: 'Round of 16', at: '2026-08-12T23:00:00Z', home: 1, away: 2, goals: [0, 1] });
    const second = match({ round: 'Round of 16', at: '2026-08-19T23:00:00Z', home: 2, away: 1, goals: [1, 4] });
    const open = match({ round: 'Round of 16', at: '2026-08-13T23:00:00Z', home: 3, away: 4, goals: [2, 0] });
    const next = match({ round: 'Round of 16', at: '2026-08-20T23:00:00Z', home: 4, away: 3, short: 'NS' });
    const final = match({ round: 'Final', at: '2026-11-29T21:00:00Z', home: 5, away: 6, short: 'NS' });
    // T1 won 4-2 over both legs: the return leg was played at T2's, so it reads "Global 2-4".
    expect(legLabels([first, second, open, next, final])).toEqual({
      [first.id]: 'Ida',
      [second.id]: 'Global 2-4',
      [open.id]: 'Ida',
      [next.id]: 'Vuelta',
    });
  });

  it('leaves an open tie without a winner', () => {
    const tie = buildTie([match({ round: 'Final', at: '2026-11-29T21:00:00Z', short: 'NS' })]);
    expect(tie.aggregate).toBeNull();
    expect(tie.winnerId).toBeNull();
  });

  it('orders earlier ties so the two feeding a later tie sit together', () => {
    const rounds = groupRounds([
      match({ round: 'Semi-finals', at: '2026-10-01T23:00:00Z', home: 1, away: 2 }),
      match({ round: 'Semi-finals', at: '2026-10-02T23:00:00Z', home: 3, away: 4 }),
      match({ round: 'Semi-finals', at: '2026-10-03T23:00:00Z', home: 5, away: 6 }),
      match({ round: 'Semi-finals', at: '2026-10-04T23:00:00Z', home: 7, away: 8 }),
      // Final pairs: winners 1 & 5, then 3 & 7.
      match({ round: 'Final', at: '2026-11-01T23:00:00Z', home: 1, away: 5, short: 'NS' }),
      match({ round: 'Final', at: '2026-11-02T23:00:00Z', home: 3, away: 7, short: 'NS' }),
    ]);
    const bracket = buildBracket(rounds);
    expect(bracket.map((r) => r.label)).toEqual(['Semifinales', 'Final']);
    expect(bracket[0]!.ties.map((t) => t.key)).toEqual(['1-2', '5-6', '3-4', '7-8']);
  });
});

describe('national team squad', () => {
  it('groups players by position, goalkeepers first, by shirt number', () => {
    const p = (id: number, position: string, number: number | null) => ({ id, name: `P${id}`, position, number }) as Player;
    const groups = squadByPosition([p(1, 'Attacker', 9), p(2, 'Goalkeeper', 12), p(3, 'Goalkeeper', 1), p(4, 'Unknown', null), p(5, 'Defender', 3)]);
    expect(groups.map((g) => [g.label, g.players.map((x) => x.id)])).toEqual([
      ['Porteros', [3, 2]],
      ['Defensas', [5]],
      ['Delanteros', [1]],
      ['Otros', [4]],
    ]);
  });
});
