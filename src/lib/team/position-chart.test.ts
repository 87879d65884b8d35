import { describe, expect, it } from 'vitest';
import type { Phase } from '../competition/phases.ts';
import type { StandingRow, StandingsGroup } from '../competition/types.ts';
import type { Match } from '../match/types.ts';
import { CHART, positionHistory, positionLine, positionSummary } from './position-chart.ts';

/**
 * A club's place after each round, from the results: four clubs over three rounds whose table is
 * worked out by hand below.
 */

const CLUBS = [
  { id: 1, name: 'Aucas' },
  { id: 2, name: 'Barcelona SC' },
  { id: 3, name: 'Delfín' },
  { id: 4, name: 'Emelec' },
];
const record = { played: 0, win: 0, draw: 0, lose: 0, goalsFor: 0, goalsAgainst: 0 };
const row = (id: number, rank: number, played: number): StandingRow => ({
  rank,
  team: { ...CLUBS.find((c) => c.id === id)!, logo: '' },
  points: 0,
  goalsDiff: 0,
  group: 'Primera Etapa',
  form: '',
  status: '',
  description: '',
  all: { ...record, played },
  home: record,
  away: record,
  update: '',
});
const result = (home: number, away: number, goals: [number, number]): Match =>
  ({ kind: 'Result', home: { id: home }, away: { id: away }, goals: { home: goals[0], away: goals[1] } }) as unknown as Match;
const round = (number: number, matches: Match[]) => ({ round: `Regular Season - ${number}`, label: `Fecha ${number}`, number, matches }) as unknown as Phase['rounds'][number];

// Fecha 1: Emelec 2-0 Aucas, Delfín 1-1 Barcelona → Emelec 1st, Aucas 4th.
// Fecha 2: Aucas 3-0 Emelec, Barcelona 2-0 Delfín → Barcelona 4 pts, Aucas 3 (+1), Emelec 3 (-1), Delfín 1.
// Fecha 3: Emelec 1-0 Barcelona, Aucas 0-0 Delfín → Emelec 6 pts 1st; Aucas and Barcelona 4 pts, +1, three goals: Aucas 2nd by name.
const phase = {
  phase: 'Regular Season',
  rounds: [
    round(1, [result(4, 1, [2, 0]), result(3, 2, [1, 1])]),
    round(2, [result(1, 4, [3, 0]), result(2, 3, [2, 0])]),
    round(3, [result(4, 2, [1, 0]), result(1, 3, [0, 0])]),
  ],
} as unknown as Phase;
const group = (rank: number, played = 3): StandingsGroup => ({ name: 'Primera Etapa', rows: [row(4, rank, played), row(1, 2, 3), row(2, 3, 3), row(3, 4, 3)] });

describe('positionHistory', () => {
  it('places the club after each round by points, goal difference and goals', () => {
    expect(positionHistory(group(1), phase, 4)).toEqual({
      clubs: 4,
      points: [
        { round: 1, label: 'Fecha 1', position: 1 },
        { round: 2, label: 'Fecha 2', position: 3 },
        { round: 3, label: 'Fecha 3', position: 1 },
      ],
    });
    expect(positionHistory(group(2), phase, 1)!.points.map((p) => p.position)).toEqual([4, 2, 2]);
  });

  it('ends on the stored table’s rank when that table has counted the same matches, and only then', () => {
    // A tie-break the provider applies and the results alone do not tell.
    expect(positionHistory(group(2), phase, 4)!.points.at(-1)!.position).toBe(2);
    expect(positionHistory(group(2, 4), phase, 4)!.points.at(-1)!.position).toBe(1);
  });

  it('needs three rounds played by the club, and the club in the table', () => {
    expect(positionHistory(group(1), { ...phase, rounds: phase.rounds.slice(0, 2) }, 4)).toBeNull();
    expect(positionHistory(group(1), phase, 99)).toBeNull();
  });

  it('draws 1st at the top and the last club at the bottom, and says the best, worst and latest places', () => {
    const history = positionHistory(group(1), phase, 4)!;
    const { d, y } = positionLine(history);
    expect(y(1)).toBe(CHART.top);
    expect(y(4)).toBe(CHART.bottom);
    expect(d).toBe(`M${CHART.left} ${CHART.top}L${(CHART.left + CHART.right) / 2} ${y(3)}L${CHART.right} ${CHART.top}`);
    expect(positionSummary(history, 'Primera Etapa')).toBe('Primera Etapa, fecha a fecha: mejor puesto 1.º (fecha 1), peor 3.º (fecha 2); 1.º tras la fecha 3.');
  });
});
