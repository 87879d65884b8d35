import { capture } from '../../../tests/helpers/captures.ts';
import { describe, expect, it } from 'vitest';
import { currentStandingsGroups, parseStandingRow, parseStandings } from './parse-standings.ts';
import { tableWindow } from './standings.ts';
import type { LeagueStandings, Tournament } from './types.ts';
import { settledGroups, type CompetitionView } from '../loaders/competition-pages.ts';

const epl = capture('standings-single-group.json');
const eplRows: any[] = epl.response[0].league.standings[0];

function standingsOf(body: unknown): LeagueStandings {
  const result = parseStandings(body);
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

/** The real rows regrouped the way Liga Pro answers: a first stage, then final-phase groups. */
function ligaProShaped(finalPhasePlayed: number) {
  const finalPhase = (rows: any[], group: string) =>
    rows.map((row, index) => ({
      ...row,
      rank: index + 1,
      group,
      all: { ...row.all, played: finalPhasePlayed },
    }));
  return {
    ...epl,
    response: [
      {
        league: {
          ...epl.response[0].league,
          standings: [eplRows, finalPhase(eplRows.slice(0, 6), 'Hexagonal por el título'), finalPhase(eplRows.slice(6, 12), 'Grupo 2')],
        },
      },
    ],
  };
}

describe('parseStandings on the real capture', () => {
  it('reads the single table with every row and field', () => {
    const standings = standingsOf(epl);
    expect(standings.league).toEqual({
      id: 39,
      name: 'Premier League',
      country: 'England',
      logo: 'https://media.api-sports.io/football/leagues/39.png',
      flag: 'https://media.api-sports.io/flags/gb.svg',
      season: 2022,
    });
    expect(standings.groups).toHaveLength(1);
    expect(standings.groups[0].name).toBe('Premier League');
    expect(standings.groups[0].rows).toHaveLength(20);
    const [leader] = standings.groups[0].rows;
    expect(leader).toMatchObject({
      rank: 1,
      team: { id: 50, name: 'Manchester City' },
      points: 89,
      goalsDiff: 61,
      form: 'LDWWW',
      status: 'same',
      description: 'Promotion - Champions League (Group Stage: )',
      all: { played: 38, win: 28, draw: 5, lose: 5, goalsFor: 94, goalsAgainst: 33 },
      home: { played: 19, win: 17, draw: 1, lose: 1, goalsFor: 60, goalsAgainst: 17 },
    });
    expect(standings.groups[0].rows.map((r) => r.rank)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('keeps every group of a multi-group answer, in order, named by its rows', () => {
    const standings = standingsOf(ligaProShaped(2));
    expect(standings.groups.map((g) => [g.name, g.rows.length])).toEqual([
      ['Premier League', 20],
      ['Hexagonal por el título', 6],
      ['Grupo 2', 6],
    ]);
  });
});

describe('currentStandingsGroups', () => {
  it('shows the final-phase groups once they have played', () => {
    const groups = currentStandingsGroups(standingsOf(ligaProShaped(3)));
    expect(groups.map((g) => g.name)).toEqual(['Hexagonal por el título', 'Grupo 2']);
  });

  it('shows the first stage while the final phase has not started', () => {
    const groups = currentStandingsGroups(standingsOf(ligaProShaped(0)));
    expect(groups.map((g) => g.name)).toEqual(['Premier League']);
  });

  it('shows the only table of a single-table competition', () => {
    expect(currentStandingsGroups(standingsOf(epl))).toHaveLength(1);
  });
});

describe('settledGroups', () => {
  const viewOf = (standings: LeagueStandings, type: Tournament['type'] = 'League') =>
    ({ tournament: { type } as Tournament, standings, currentGroups: currentStandingsGroups(standings) }) as CompetitionView;

  it("is a league's first stage once the final phase has played", () => {
    expect(settledGroups(viewOf(standingsOf(ligaProShaped(3)))).map((g) => g.name)).toEqual(['Premier League']);
  });

  it('is nothing while the first stage is being played, for a single table, or for a cup', () => {
    expect(settledGroups(viewOf(standingsOf(ligaProShaped(0))))).toEqual([]);
    expect(settledGroups(viewOf(standingsOf(epl)))).toEqual([]);
    expect(settledGroups(viewOf(standingsOf(ligaProShaped(3)), 'Cup'))).toEqual([]);
  });
});

describe('parseStandings edge cases', () => {
  it('accepts a flat table (Row[]) and a {data} or bare-array body', () => {
    const flat = { league: { id: 242, standings: eplRows.slice(0, 3) } };
    for (const body of [[flat], { data: [flat] }, { response: [flat], errors: [] }]) {
      const standings = standingsOf(body);
      expect(standings.groups).toHaveLength(1);
      expect(standings.groups[0].rows).toHaveLength(3);
    }
  });

  it('names unnamed groups by position and sorts rows by rank', () => {
    const rows = [
      { rank: 2, team: { id: 2, name: 'B' } },
      { rank: 1, team: { id: 1, name: 'A' } },
    ];
    const standings = standingsOf({ response: [{ league: { id: 242, standings: [[], rows] } }] });
    expect(standings.groups).toEqual([expect.objectContaining({ name: 'Grupo 2' })]);
    expect(standings.groups[0].rows.map((r) => r.team.name)).toEqual(['A', 'B']);
  });

  it('fills missing numbers with 0 and a missing goal difference from the goals', () => {
    const row = parseStandingRow({ rank: 4, team: { id: 9 }, all: { goals: { for: 7, against: 3 } } });
    expect(row).toMatchObject({ points: 0, goalsDiff: 4, form: '', team: { id: 9, name: 'Unknown Team', logo: '' } });
    expect(row?.all).toEqual({ played: 0, win: 0, draw: 0, lose: 0, goalsFor: 7, goalsAgainst: 3 });
  });

  it('drops rows without a team id', () => {
    expect(parseStandingRow({ rank: 1, team: { name: 'Nadie' } })).toBeNull();
    expect(parseStandingRow(null)).toBeNull();
  });

  it('returns errors instead of throwing', () => {
    expect(parseStandings({ errors: { rateLimit: 'Too many requests.' }, response: [] })).toEqual({ ok: false, error: 'Too many requests.' });
    expect(parseStandings({ response: [] })).toEqual({ ok: false, error: 'No standings in response' });
    expect(parseStandings({ response: [{ league: { standings: [[{ rank: 1 }]] } }] })).toEqual({ ok: false, error: 'Standings have no rows' });
    expect(parseStandings(undefined).ok).toBe(false);
    expect(parseStandings({ response: [{ league: null }, 5] }).ok).toBe(false);
  });
});

describe('tableWindow (a club page: the leader and the rows around the club)', () => {
  const rows = Array.from({ length: 16 }, (_, i) => i + 1);
  it('puts the leader before the rows around a club in mid-table', () => {
    expect(tableWindow(rows, 9)).toEqual([1, 8, 9, 10, 11, 12]);
  });
  it('keeps five rows at the top and the bottom, the leader once', () => {
    expect(tableWindow(rows, 0)).toEqual([1, 2, 3, 4, 5]);
    expect(tableWindow(rows, 2)).toEqual([1, 2, 3, 4, 5]);
    expect(tableWindow(rows, 3)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(tableWindow(rows, 15)).toEqual([1, 12, 13, 14, 15, 16]);
  });
  it('shows a short table whole and nothing for a club not in it', () => {
    expect(tableWindow([1, 2, 3], 2)).toEqual([1, 2, 3]);
    expect(tableWindow(rows, -1)).toEqual([]);
  });
});
