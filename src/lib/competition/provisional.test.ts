import { describe, expect, it } from 'vitest';
import { playedByTeam, PROVISIONAL_LIVE, provisionalTables } from './provisional.ts';
import type { TableGroup, TableRow } from './standings.ts';
import type { ScoreboardMatch } from '../match/types.ts';

function row(rank: number, id: number, name: string, points: number, [played, win, draw, lose, goalsFor, goalsAgainst]: number[], description = ''): TableRow {
  return { rank, team: { id, name, logo: '' }, points, goalsDiff: goalsFor! - goalsAgainst!, form: 'WDL', description, all: { played: played!, win: win!, draw: draw!, lose: lose!, goalsFor: goalsFor!, goalsAgainst: goalsAgainst! } };
}

const table: TableGroup[] = [
  {
    name: 'Liga Pro',
    rows: [
      row(1, 10, 'Liga de Quito', 30, [14, 9, 3, 2, 25, 12], 'Promotion - Copa Libertadores'),
      row(2, 20, 'Barcelona SC', 29, [14, 9, 2, 3, 22, 14], 'Promotion - Copa Libertadores'),
      row(3, 30, 'Emelec', 20, [14, 5, 5, 4, 18, 18], 'Promotion - Copa Sudamericana'),
      row(4, 40, 'Aucas', 20, [14, 6, 2, 6, 15, 17]),
    ],
  },
];

function game(id: number, kind: ScoreboardMatch['kind'], home: number, away: number, goals: [number | null, number | null]): ScoreboardMatch {
  const team = (teamId: number) => ({ id: teamId, name: String(teamId), logo: '', winner: null });
  return {
    kind,
    id,
    date: '2026-11-22T20:00:00-05:00',
    timestamp: 0,
    status: { short: kind === 'Live' ? '2H' : kind === 'Result' ? 'FT' : 'NS', elapsed: kind === 'Live' ? 70 : null, extra: null },
    league: { id: 242, name: 'Liga Pro', logo: '', round: 'Regular Season - 15' },
    home: team(home),
    away: team(away),
    goals: { home: goals[0], away: goals[1] },
    score: { penalty: { home: null, away: null } },
  };
}

const summary = (groups: readonly TableGroup[]) => groups[0]!.rows.map((r) => `${r.rank} ${r.team.name} ${r.points} PJ${r.all.played} ${r.all.win}-${r.all.draw}-${r.all.lose} ${r.all.goalsFor}:${r.all.goalsAgainst} ${r.goalsDiff}`);

describe('provisional tables ("si terminara ahora")', () => {
  const played = playedByTeam(table);

  it('a 2-1 live win adds 3 points and lifts the winner above a rival one point ahead; the loser and the places follow', () => {
    const result = provisionalTables(table, [game(1, 'Live', 20, 30, [2, 1])], played);
    expect(result?.notes).toEqual({ 'Liga Pro': PROVISIONAL_LIVE });
    expect(PROVISIONAL_LIVE).toBe('Provisional: si terminara ahora');
    expect(summary(result!.groups)).toEqual([
      '1 Barcelona SC 32 PJ15 10-2-3 24:15 9',
      '2 Liga de Quito 30 PJ14 9-3-2 25:12 13',
      // Emelec lost but keeps third: level on 20 points, goal difference -1 against -2.
      '3 Emelec 20 PJ15 5-5-5 19:20 -1',
      '4 Aucas 20 PJ14 6-2-6 15:17 -2',
    ]);
    // The places keep their notes: the leader's place is the Libertadores place, whoever holds it.
    expect(result!.groups[0]!.rows.map((r) => r.description)).toEqual(table[0]!.rows.map((r) => r.description));
  });

  it('breaks ties on goal difference, then goals for, and a draw gives each a point', () => {
    // Emelec 1-1 Aucas: both on 21; goal difference 0 vs -2.
    const drawn = provisionalTables(table, [game(2, 'Live', 40, 30, [1, 1])], played);
    expect(summary(drawn!.groups).slice(2)).toEqual(['3 Emelec 21 PJ15 5-6-4 19:19 0', '4 Aucas 21 PJ15 6-3-6 16:18 -2']);
    // Aucas 3-1 Emelec: Aucas 23 (GD 0) above Emelec 20.
    const won = provisionalTables(table, [game(2, 'Live', 40, 30, [3, 1])], played);
    expect(summary(won!.groups).slice(2)).toEqual(['3 Aucas 23 PJ15 7-2-6 18:18 0', '4 Emelec 20 PJ15 5-5-5 19:21 -2']);
  });

  it('marks only the tables a match moves', () => {
    const other: TableGroup = { name: 'Grupo B', rows: [row(1, 50, 'Macará', 12, [6, 4, 0, 2, 10, 5]), row(2, 60, 'Orense', 9, [6, 3, 0, 3, 8, 8])] };
    const result = provisionalTables([...table, other], [game(1, 'Live', 20, 30, [2, 1])], playedByTeam([...table, other]));
    expect(result?.notes).toEqual({ 'Liga Pro': PROVISIONAL_LIVE });
    expect(result!.groups[1]).toBe(other);
  });

  it('a match counts in the last table with both clubs: a final phase match does not move the first stage', () => {
    const final: TableGroup = { name: 'Hexagonal Final', rows: [row(1, 20, 'Barcelona SC', 6, [3, 2, 0, 1, 5, 3]), row(2, 30, 'Emelec', 4, [3, 1, 1, 1, 4, 4])] };
    const result = provisionalTables([...table, final], [game(1, 'Live', 30, 20, [1, 0])], playedByTeam([...table, final]))!;
    expect(result.notes).toEqual({ 'Hexagonal Final': PROVISIONAL_LIVE });
    expect(result.groups[0]).toBe(table[0]);
    expect(summary([result.groups[1]!])).toEqual(['1 Emelec 7 PJ4 2-1-1 5:4 1', '2 Barcelona SC 6 PJ4 2-0-2 5:4 1']);
  });

  it('leaves out matches not started, finished ones (back to the stored table at the whistle), and ones the tables already count', () => {
    expect(provisionalTables(table, [game(3, 'Fixture', 10, 40, [null, null])], played)).toBeNull();
    expect(provisionalTables(table, [game(1, 'Result', 20, 30, [2, 1])], played)).toBeNull();
    // The stored standings caught up with the match while it is still live: both clubs have a match more than at the build.
    const after = provisionalTables(table, [game(1, 'Live', 20, 30, [2, 1])], played)!.groups;
    expect(provisionalTables(after, [game(1, 'Live', 20, 30, [2, 1])], played)).toBeNull();
  });

  it('PJ, points and form come from one set of results: the live one is the newest of the five', () => {
    // Orense (7 PJ after the live match, 6 points) against Aucas, 0-0 in play: a draw for both.
    const orense = row(1, 60, 'Orense', 5, [6, 1, 2, 3, 6, 9]);
    orense.form = 'WDLLD';
    const aucas = row(2, 70, 'Aucas', 4, [6, 1, 1, 4, 5, 10]);
    aucas.form = 'LLW';
    const group: TableGroup[] = [{ name: 'Hexagonal Final', rows: [orense, aucas] }];
    const result = provisionalTables(group, [game(9, 'Live', 70, 60, [0, 0])], playedByTeam(group))!;
    const [first, second] = result.groups[0]!.rows;
    expect([first!.team.name, first!.all.played, first!.points, first!.form]).toEqual(['Orense', 7, 6, 'DWDLL']);
    expect([second!.team.name, second!.all.played, second!.points, second!.form]).toEqual(['Aucas', 7, 5, 'DLLW']);
    expect(first!.all).toEqual({ played: 7, win: 1, draw: 3, lose: 3, goalsFor: 6, goalsAgainst: 9 });
    // The stored rows are left as they were: the next score is added to them, not to this sum.
    expect([orense.all.played, orense.points, orense.form]).toEqual([6, 5, 'WDLLD']);
  });
});
