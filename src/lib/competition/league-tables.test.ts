import { describe, expect, it } from 'vitest';
import { leagueTablesView, pendingMatches, slimGroups } from './league-tables.ts';
import { PROVISIONAL_LIVE } from './provisional.ts';
import type { TableGroup, TableRow } from './standings.ts';
import type { ScoreboardMatch } from '../match/types.ts';

function row(rank: number, id: number, points: number, played: number, form: string): TableRow {
  return { rank, team: { id, name: `Club ${id}`, logo: `https://x/${id}.png` }, points, goalsDiff: 0, form, description: rank === 1 ? 'Campeón' : '', all: { played, win: 0, draw: 0, lose: 0, goalsFor: 0, goalsAgainst: 0 } };
}

const stored: TableGroup[] = [{ name: 'Hexagonal Final', rows: [row(1, 1158, 15, 7, 'WWLWW'), row(2, 1152, 10, 6, 'WWDWL'), row(3, 1153, 6, 6, 'DLLDW')] }];

function match(id: number, league: number, kind: ScoreboardMatch['kind'], home: number, away: number, goals: [number, number] | [null, null], at = '2026-11-22T20:00:00-05:00'): ScoreboardMatch {
  const team = (teamId: number) => ({ id: teamId, name: String(teamId), logo: '', winner: null });
  return {
    kind,
    id,
    date: at,
    timestamp: Date.parse(at) / 1000,
    status: { short: kind === 'Live' ? '1H' : kind === 'Result' ? 'FT' : 'NS', elapsed: null, extra: null },
    league: { id: league, name: '', logo: '', round: '' },
    home: team(home),
    away: team(away),
    goals: { home: goals[0], away: goals[1] },
    score: { penalty: { home: null, away: null } },
  };
}

describe('a league table as every page shows it', () => {
  it('adds the scores in play of the league, not another competition’s match between two of its clubs', () => {
    const view = leagueTablesView(242, stored, [match(1, 242, 'Live', 1152, 1153, [2, 0]), match(2, 13, 'Live', 1153, 1158, [5, 0])]);
    expect(view.notes).toEqual({ 'Hexagonal Final': PROVISIONAL_LIVE });
    expect(view.groups[0]!.rows.map((r) => `${r.rank} ${r.team.id} ${r.points} PJ${r.all.played} ${r.form}`)).toEqual(['1 1158 15 PJ7 WWLWW', '2 1152 13 PJ7 WWWDW', '3 1153 6 PJ7 LDLLD']);
  });

  it('is the stored table, unlabelled, when nothing is in play', () => {
    const view = leagueTablesView(242, stored, [match(1, 242, 'Result', 1152, 1153, [2, 0]), match(3, 242, 'Fixture', 1158, 1152, [null, null])]);
    expect(view).toEqual({ groups: stored, notes: {} });
  });

  it('the live script gets the league’s matches of today still to finish, and the stored rows without names or crests', () => {
    const today = [match(1, 242, 'Live', 1152, 1153, [0, 0]), match(2, 242, 'Result', 1158, 1149, [4, 0]), match(3, 242, 'Fixture', 1148, 1992, [null, null]), match(4, 243, 'Live', 5, 6, [0, 0])];
    const tomorrow = match(5, 242, 'Fixture', 1, 2, [null, null], '2026-11-23T15:00:00-05:00');
    expect(pendingMatches([...today, tomorrow], 242, '2026-11-22').map((m) => m.id)).toEqual([1, 3]);
    expect(slimGroups(stored)[0]!.rows[0]).toEqual({ rank: 1, team: { id: 1158, name: '', logo: '' }, points: 15, goalsDiff: 0, form: 'WWLWW', description: '', all: stored[0]!.rows[0]!.all });
  });
});
