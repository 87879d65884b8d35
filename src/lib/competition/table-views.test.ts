import { describe, expect, it } from 'vitest';
import { capture } from '../../../tests/helpers/captures.ts';
import { parseStandings } from './parse-standings.ts';
import { lastResultsTable, tableViewPath, venueTable } from './table-views.ts';
import type { StandingsGroup } from './types.ts';
import type { Match } from '../match/types.ts';

/** The Premier League's final 2022-23 table as API-Football answered it, with its `home` and `away` blocks. */
function premierLeague(): StandingsGroup {
  const parsed = parseStandings(capture('standings-single-group.json'));
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value.groups[0]!;
}

describe('the table at home and away, from the provider’s blocks', () => {
  it('ranks the home matches alone: City first on 17 wins, a draw and a defeat, United (third in the whole table) second', () => {
    const home = venueTable(premierLeague(), 'home');
    const top = home.rows.slice(0, 3).map((r) => [r.rank, r.team.name, r.points, r.all.win, r.all.draw, r.all.lose, r.all.goalsFor, r.all.goalsAgainst, r.goalsDiff]);
    expect(top).toEqual([
      [1, 'Manchester City', 52, 17, 1, 1, 60, 17, 43],
      [2, 'Manchester United', 48, 15, 3, 1, 36, 10, 26],
      [3, 'Arsenal', 45, 14, 3, 2, 53, 25, 28],
    ]);
    expect(home.rows.at(-1)).toMatchObject({ rank: 20, team: { name: 'Southampton' }, points: 11 });
    expect(home.rows.every((r) => r.all.played === 19)).toBe(true);
  });

  it('ranks the away matches alone: Arsenal above the champions, who took two points fewer on the road', () => {
    const away = venueTable(premierLeague(), 'away');
    expect(away.rows.slice(0, 2).map((r) => [r.rank, r.team.name, r.points, r.goalsDiff])).toEqual([
      [1, 'Arsenal', 39, 17],
      [2, 'Manchester City', 37, 18],
    ]);
    expect(away.rows.at(-1)).toMatchObject({ rank: 20, team: { name: 'Nottingham Forest' }, points: 8, goalsDiff: -33 });
  });

  it('carries no zone and no season form into a view that is not the whole table', () => {
    const away = venueTable(premierLeague(), 'away');
    expect(away.rows.every((r) => r.description === '' && r.form === '')).toBe(true);
  });
});

describe('the table over the last five results', () => {
  const club = (id: number) => ({ id, name: `Club ${id}`, logo: '' });
  const group: StandingsGroup = {
    name: 'Hexagonal Final',
    rows: [1, 2, 3].map((id, index) => ({
      rank: index + 1,
      team: club(id),
      points: 0,
      goalsDiff: 0,
      group: 'Hexagonal Final',
      form: '',
      status: '',
      description: '',
      all: { played: 0, win: 0, draw: 0, lose: 0, goalsFor: 0, goalsAgainst: 0 },
      home: { played: 0, win: 0, draw: 0, lose: 0, goalsFor: 0, goalsAgainst: 0 },
      away: { played: 0, win: 0, draw: 0, lose: 0, goalsFor: 0, goalsAgainst: 0 },
      update: '',
    })),
  };
  let day = 0;
  /** A match one day after the previous one. */
  const played = (home: number, away: number, goals: [number | null, number | null], kind: Match['kind'] = 'Result') => ({
    kind,
    timestamp: Date.parse('2026-10-01T20:00:00-05:00') / 1000 + day++ * 86_400,
    goals: { home: goals[0], away: goals[1] },
    home: { ...club(home), winner: null },
    away: { ...club(away), winner: null },
  });
  const matches = [
    played(1, 2, [0, 1]), // the oldest: out of club 1's last five
    played(1, 3, [2, 0]),
    played(2, 1, [1, 1]),
    played(3, 1, [0, 3]),
    played(1, 2, [2, 2]),
    played(3, 2, [1, 0]),
    played(1, 3, [4, 1]),
    played(2, 4, [5, 0]), // against a club of another table: not in this one
    played(2, 3, [null, null]), // finished without a known score: left out, never guessed
    played(1, 2, [1, 0], 'Live'), // in play: not a result yet
  ];

  it('counts each club’s last five finished matches against its table, newest first in the form', () => {
    const table = lastResultsTable(group, matches);
    const one = table.rows.find((r) => r.team.id === 1)!;
    // Club 1's last five, oldest first: W 2-0, D 1-1, W 3-0, D 2-2, W 4-1.
    expect(one).toMatchObject({ rank: 1, points: 11, goalsDiff: 8, form: 'WDWDW', all: { played: 5, win: 3, draw: 2, lose: 0, goalsFor: 12, goalsAgainst: 4 } });
    const two = table.rows.find((r) => r.team.id === 2)!;
    // Club 2 played four within the table: W 1-0, D 1-1, D 2-2, L 0-1.
    expect(two).toMatchObject({ points: 5, form: 'LDDW', all: { played: 4, win: 1, draw: 2, lose: 1, goalsFor: 4, goalsAgainst: 4 } });
    expect(table.rows.map((r) => r.team.id)).toEqual([1, 2, 3]);
  });

  it('ranks a club with fewer results on what it has, and one with none on an empty line', () => {
    const table = lastResultsTable(group, matches.slice(0, 2));
    // Club 1 (a defeat 0-1, a win 2-0) and club 2 (a win 1-0) both on 3 points and +1: club 1 scored more.
    expect(table.rows.map((r) => [r.rank, r.team.id, r.points, r.form])).toEqual([
      [1, 1, 3, 'WL'],
      [2, 2, 3, 'W'],
      [3, 3, 0, 'L'],
    ]);
    expect(lastResultsTable(group, []).rows.every((r) => r.all.played === 0 && r.form === '')).toBe(true);
  });
});

describe('the views’ pages', () => {
  it('keeps the whole table at the standings page and gives each other view a page under it', () => {
    expect(tableViewPath(242, 'total')).toBe('/torneos/242/posiciones');
    expect(tableViewPath(242, 'local')).toBe('/torneos/242/posiciones/local');
    expect(tableViewPath(243, 'ultimos-5')).toBe('/torneos/243/posiciones/ultimos-5');
  });
});
