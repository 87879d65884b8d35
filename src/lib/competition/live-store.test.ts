import { createLiveStream } from '../live/stream.ts';
import { allTasks, cleanStores } from 'nanostores';
import { describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../http/client.ts';
import { toScoreboardMatch } from '../match/scoreboard.ts';
import type { TableGroup } from './standings.ts';
import { slimGroups } from './league-tables.ts';
import type { Match, ScoreboardMatch } from '../match/types.ts';
import { competitionNextDelay, createCompetitionStore, mergeCompetition, resultsKey, tablesDue } from './live-store.ts';
import { capture } from '../../../tests/helpers/captures.ts';
import { storeTestBed } from '../../../tests/helpers/fake-page.ts';

const NOW = Date.parse('2026-11-23T01:30:00Z');

function match(id: number, kind: Match['kind'], short: string, goals: [number | null, number | null], kickoff = NOW - 3_600_000): Match {
  return {
    kind,
    id,
    date: new Date(kickoff).toISOString(),
    timestamp: kickoff / 1000,
    referee: '',
    timezone: 'UTC',
    venue: { id: null, name: '', city: '' },
    periods: { first: null, second: null },
    status: { short, long: '', elapsed: kind === 'Live' ? 60 : null, extra: null },
    league: { id: 242, name: 'Liga Pro', country: 'Ecuador', logo: '', flag: '', season: 2026, round: 'Hexagonal Final - 7' },
    home: { id: 1, name: 'A', logo: '', winner: null },
    away: { id: 2, name: 'B', logo: '', winner: null },
    goals: { home: goals[0], away: goals[1] },
    score: { halftime: { home: null, away: null }, fulltime: { home: null, away: null }, extratime: { home: null, away: null }, penalty: { home: null, away: null } },
  } as Match;
}

const table = (points: number): TableGroup[] => [
  { name: 'Hexagonal Final', rows: [{ rank: 1, team: { id: 1, name: 'A', logo: '' }, points, goalsDiff: 0, form: 'W', description: '', all: { played: 1, win: 1, draw: 0, lose: 0, goalsFor: 1, goalsAgainst: 0 } }] },
];

describe('competition live data', () => {
  it('tells when the tables may have changed: a score or a status moved, or their cache age passed', () => {
    const shown = [toScoreboardMatch(match(7, 'Live', '2H', [1, 0])), toScoreboardMatch(match(8, 'Fixture', 'NS', [null, null]))];
    const last = { results: resultsKey(shown), at: NOW };
    expect(resultsKey([...shown].reverse())).toBe(last.results);
    expect(tablesDue(last, resultsKey(shown), NOW + 20_000)).toBe(false);
    expect(tablesDue(last, resultsKey([toScoreboardMatch(match(7, 'Live', '2H', [1, 1])), shown[1]!]), NOW + 20_000)).toBe(true);
    expect(tablesDue(last, resultsKey([toScoreboardMatch(match(7, 'Result', 'FT', [1, 0])), shown[1]!]), NOW + 20_000)).toBe(true);
    expect(tablesDue(last, null, NOW + 20_000)).toBe(false);
    expect(tablesDue(last, null, NOW + 300_000)).toBe(true);
  });

  it('refreshes every 20 s while a match is live, at the tables’ cache age otherwise', () => {
    const live = [toScoreboardMatch(match(1, 'Live', '2H', [1, 0]))];
    const done = [toScoreboardMatch(match(1, 'Result', 'FT', [1, 0]))];
    expect(competitionNextDelay({ matches: live, groups: table(3) }, NOW, false)).toBe(20_000);
    expect(competitionNextDelay({ matches: live, groups: table(3) }, NOW, true)).toBe(60_000);
    expect(competitionNextDelay({ matches: done, groups: table(3) }, NOW, false)).toBe(300_000);
  });

  it('updates the matches in place and keeps unchanged tables', () => {
    const shown: ScoreboardMatch[] = [toScoreboardMatch(match(1, 'Live', '2H', [1, 0])), toScoreboardMatch(match(2, 'Fixture', 'NS', [null, null]))];
    // The page's data block has its tables cut (no names): the API's same tables, named, are no change.
    const current = { matches: shown, groups: slimGroups(table(3)) };
    const merged = mergeCompetition(current, { matches: [match(1, 'Live', '2H', [2, 0]), match(2, 'Fixture', 'NS', [null, null])], groups: table(3) });
    expect(merged.matches.map((m) => [m.id, m.goals.home])).toEqual([
      [1, 2],
      [2, null],
    ]);
    expect(merged.matches[1]).toBe(shown[1]);
    expect(merged.groups).toBe(current.groups);
    expect(mergeCompetition(current, { matches: [], groups: table(4) }).groups).toEqual(slimGroups(table(4)));
    // A refresh without the standings keeps the tables.
    expect(mergeCompetition(current, { matches: [], groups: null }).groups).toBe(current.groups);
  });
});

describe('createCompetitionStore', () => {
  const page = storeTestBed(NOW);

  it('polls while a match is live, keeps the last data on error and tells the reader once', async () => {
    const answers: Array<ApiResult<{ matches: Match[]; groups: TableGroup[] | null }>> = [
      { ok: true, status: 200, data: { matches: [match(1, 'Live', '2H', [2, 0])], groups: table(3) } },
      { ok: false, status: 503, error: 'HTTP 503' },
      { ok: false, status: 503, error: 'HTTP 503' },
    ];
    const load = vi.fn(async () => answers.shift() ?? { ok: false as const, status: 503, error: 'HTTP 503' });
    const notifyError = vi.fn();
    const store = createCompetitionStore({
      league: 242,
      today: '2026-11-22',
      initial: { matches: [toScoreboardMatch(match(1, 'Live', '2H', [1, 0]))], groups: table(3) },
      builtAt: NOW,
      clockOffsetMs: 0,
      notifyError,
      load,
      environment: page,
      // A browser without EventSource: the store polls (the page's own stream would load asynchronously).
      stream: createLiveStream({ isHidden: () => false, EventSource: undefined }, ''),
    });
    const unbind = store.$state.listen(() => {});
    await vi.advanceTimersByTimeAsync(20_000);
    await allTasks();
    expect(load).toHaveBeenCalledTimes(1);
    expect(store.$state.get().matches[0]!.goals.home).toBe(2);
    await vi.advanceTimersByTimeAsync(20_000);
    await allTasks();
    await vi.advanceTimersByTimeAsync(40_000);
    await allTasks();
    expect(load.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect(store.$state.get().matches[0]!.goals.home).toBe(2);
    expect(store.$state.get().failures).toBeGreaterThanOrEqual(2);
    expect(notifyError).toHaveBeenCalledTimes(1);
    unbind();
    cleanStores(store.$state, store.$updatedAgo);
  });

  it('asks for the tables only when a result moved or they reach their cache age, not every live round', async () => {
    // A real live fixture (API-Football, 2nd half, 1-0) whose score the test moves.
    const { segundoTempo: live, agendaFT: finished } = capture('liga-pro-fixture-items.json');
    // Loaded ahead, so the store's import() of them settles within a timer step.
    await Promise.all([import('./standings-api.ts'), import('./standings.ts')]);
    const standings = capture('standings-single-group.json');
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL | Request) => {
        const url = String(input);
        asked.push(url.includes('/standings') ? 'standings' : 'fixtures');
        // With a match of today already final at the build (not in the page's props): no change either.
        return Response.json(url.includes('/standings') ? standings : { response: [live, finished] });
      }),
    );
    const store = createCompetitionStore({
      league: 242,
      today: '2026-11-22',
      initial: { matches: [toScoreboardMatch(match(live.fixture.id, 'Live', '2H', [1, 0]))], groups: table(10) },
      builtAt: NOW,
      clockOffsetMs: 0,
      environment: page,
    });
    const unbind = store.$state.listen(() => {});
    const standingsAsked = () => asked.filter((a) => a === 'standings').length;
    await vi.advanceTimersByTimeAsync(60_500);
    expect(asked.filter((a) => a === 'fixtures').length).toBe(3);
    expect(standingsAsked()).toBe(0);
    live.goals.home = 2;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(standingsAsked()).toBe(1);
    expect(store.$state.get().groups[0]?.rows.length).toBe(standings.response[0].league.standings[0].length);
    // Today's other match (final at the build, so not on the page's list) is not added to it.
    expect(store.$state.get().matches.map((m) => m.id)).toEqual([live.fixture.id]);
    await vi.advanceTimersByTimeAsync(200_000);
    expect(standingsAsked()).toBe(1);
    // Five minutes after the last tables, they are asked for again with the matches.
    await vi.advanceTimersByTimeAsync(100_000);
    expect(standingsAsked()).toBe(2);
    unbind();
    cleanStores(store.$state, store.$updatedAgo);
    vi.unstubAllGlobals();
  });

  it('leaves the tables shown outside the island out of a refresh', async () => {
    const row = (id: number, group: string) => ({ rank: 1, group, team: { id, name: `T${id}`, logo: '' }, points: 3, goalsDiff: 1, form: 'W', description: null, all: { played: 1, win: 1, draw: 0, lose: 0, goals: { for: 1, against: 0 } } });
    const standings = { response: [{ league: { id: 242, season: 2026, standings: [[row(1, 'Primera Etapa')], [row(2, 'Hexagonal Final')]] } }] };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL | Request) => Response.json(String(input).includes('/standings') ? standings : { response: [] })),
    );
    const store = createCompetitionStore({
      league: 242,
      today: '2026-11-22',
      initial: { matches: [], groups: [] },
      settledGroups: ['Primera Etapa'],
      builtAt: NOW,
      clockOffsetMs: 0,
      environment: page,
    });
    const unbind = store.$state.listen(() => {});
    await vi.advanceTimersByTimeAsync(300_000);
    await allTasks();
    expect(store.$state.get().groups.map((g) => g.name)).toEqual(['Hexagonal Final']);
    unbind();
    cleanStores(store.$state, store.$updatedAgo);
    vi.unstubAllGlobals();
  });
});
