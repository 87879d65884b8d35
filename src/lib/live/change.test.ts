import { describe, expect, it } from 'vitest';
import type { LiveFixtureChange } from '../../../contract/live.ts';
import { parseMatch } from '../match/parse.ts';
import type { Match } from '../match/types.ts';
import { applyFixtureChange } from './change.ts';

/** Emelec 1-0 Barcelona SC at 70', as a page built it. */
function matchInPlay(): Match {
  const parsed = parseMatch({
    fixture: { id: 501, date: '2026-11-22T20:00:00-05:00', timestamp: 1_795_482_000, status: { short: '2H', long: 'Second Half', elapsed: 70, extra: null } },
    league: { id: 242, name: 'Liga Pro', country: 'Ecuador', season: 2026, round: 'Regular Season - 30' },
    teams: { home: { id: 1158, name: 'Emelec', logo: '' }, away: { id: 1153, name: 'Barcelona SC', logo: '' } },
    goals: { home: 1, away: 0 },
    score: { halftime: { home: 1, away: 0 }, fulltime: { home: null, away: null }, extratime: { home: null, away: null }, penalty: { home: null, away: null } },
  });
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

function change(overrides: Partial<LiveFixtureChange>): LiveFixtureChange {
  return {
    league: 242,
    season: 2026,
    fixture: 501,
    kinds: ['status'],
    status: { short: '2H', long: 'Second Half', elapsed: 70, extra: null },
    goals: { home: 1, away: 0 },
    score: { halftime: { home: 1, away: 0 }, fulltime: { home: null, away: null }, extratime: { home: null, away: null }, penalty: { home: null, away: null } },
    ...overrides,
  };
}

describe('a pushed change folded into a match', () => {
  it('turns a match in play into a result at the whistle, with the final score', () => {
    const whistle = change({
      status: { short: ' ft ', long: 'Match Finished', elapsed: 90, extra: 4 },
      goals: { home: 2, away: 0 },
      score: { halftime: { home: 1, away: 0 }, fulltime: { home: 2, away: 0 }, extratime: { home: null, away: null }, penalty: { home: null, away: null } },
    });
    const after = applyFixtureChange(matchInPlay(), whistle);
    // The code is normalised where the change arrives, once: the kind follows from it.
    expect(after.kind).toBe('Result');
    expect(after.status).toEqual({ short: 'FT', long: 'Match Finished', elapsed: 90, extra: 4 });
    expect(after.goals).toEqual({ home: 2, away: 0 });
    expect(after.score.fulltime).toEqual({ home: 2, away: 0 });
  });

  it('gives back the same object when nothing a reader sees moved, and for another match', () => {
    const before = matchInPlay();
    expect(applyFixtureChange(before, change({}))).toBe(before);
    expect(applyFixtureChange(before, change({ fixture: 502, goals: { home: 5, away: 5 } }))).toBe(before);
  });
});
