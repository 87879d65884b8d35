import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePlayers } from '../../../contract/fixture-players.ts';
import type { LiveFixtureChange } from '../../../contract/live.ts';
import { writeFixtures } from '../../../server/ingest/apply.ts';
import { viewFixtureAt } from '../../../server/providers/demo/scripted-match.ts';
import { openDb, type Db } from '../../../server/store/db.ts';
import type { ApiFixtureFull } from '../../../server/store/provider-types.ts';
import { livePlayers, parseMatchPlayers } from './players.ts';
import { parseDetailedMatch } from './parse-detail.ts';
import type { Match } from './types.ts';
import { applyMatchChange } from './live-store.ts';
import { capture } from '../../../tests/helpers/captures.ts';
import { capturedMatch, seedMatch } from '../../../tests/helpers/replay.ts';

/**
 * Issue 33: what the API knows of a match in play reaches its page while it is played. The ingest
 * publishes new line-ups and statistics with the change they came in (contract/live.ts), the page's
 * store folds them in as a refetch would, and the players' table runs with the clock. Replayed on
 * the real Manchester United 1-0 Fulham (fixture-by-id-full.json) with the demo's clock.
 */

const KICKOFF_MS = Date.parse('2026-11-22T20:00:00Z');
const match = capturedMatch(KICKOFF_MS);
const at = (minutes: number) => viewFixtureAt(match, KICKOFF_MS + minutes * 60_000);

function parsed(raw: unknown): Match {
  const result = parseDetailedMatch(raw);
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

const minutesOf = (m: Match, name: string) =>
  livePlayers(m)
    .flatMap((t) => t.players)
    .find((p) => p.name === name)?.minutes;

let db: Db;
beforeAll(() => {
  db = openDb(':memory:');
  // Before the line-ups are out (the demo publishes them 25 minutes ahead).
  seedMatch(db, match, KICKOFF_MS - 30 * 60_000);
});
afterAll(() => db.close());

describe('the ingest publishes line-ups and statistics when a details write changes them', () => {
  let first: LiveFixtureChange;

  it("line-ups and statistics at 14 minutes: both travel in a change after the score's (a goal stays under 1 KB)", () => {
    const view = at(14);
    const changes = writeFixtures(db, [view], { details: true });
    expect(changes.map((change) => change.kinds)).toEqual([
      ['score', 'status'],
      ['lineups', 'statistics'],
    ]);
    expect(changes[0].lineups).toBeUndefined();
    expect(changes[0].statistics).toBeUndefined();
    first = changes[1];
    expect(first.lineups).toEqual(view.lineups);
    expect(first.statistics).toEqual(view.statistics);
    expect(first.status).toMatchObject({ short: '1H', elapsed: 14 });
  });

  it('the same lists written again publish nothing; new statistics travel alone', () => {
    expect(writeFixtures(db, [at(14)], { details: true })).toEqual([]);
    const later = at(40);
    const [clock, change] = writeFixtures(db, [later], { details: true });
    expect(clock.kinds).toEqual(['status', 'event']);
    expect(change.kinds).toEqual(['statistics']);
    expect(change.lineups).toBeUndefined();
    expect(change.statistics).toEqual(later.statistics);
    // A live list (no details) never touches them.
    const [live] = writeFixtures(db, [{ ...at(41), statistics: [] }], { details: false });
    expect(live.kinds).toEqual(['status']);
    expect(live.statistics).toBeUndefined();
  });

  it('the match page folds them in: line-ups, statistics and the players on the minute of the clock', () => {
    const before = parsed(viewFixtureAt(match, KICKOFF_MS - 30 * 60_000));
    expect(before.details?.lineups).toEqual([]);
    const next = applyMatchChange({ match: before }, first)!.match;
    const shown = parsed(at(14));
    expect(next.details?.lineups).toEqual(shown.details?.lineups);
    expect(next.details?.statistics).toEqual(shown.details?.statistics);
    expect(next.details?.lineups.map((l) => l.startXI.length)).toEqual([11, 11]);
    expect(minutesOf(next, 'A. Onana')).toBe(14);
    expect(minutesOf(next, 'A. Garnacho')).toBeNull();
  });
});

describe("the players' table of a match in play (livePlayers)", () => {
  it('runs with the pushed clock: 70 for a full match so far, 61 and 9 for a change at 61', () => {
    const shown = parsed(at(90));
    const raw = capture('fixture-by-id-full.json').response[0] as ApiFixtureFull;
    const status = { long: 'Second Half', short: '2H', elapsed: 70, extra: null };
    const change: LiveFixtureChange = { league: raw.league.id, season: raw.league.season, fixture: shown.id, kinds: ['status'], status, goals: { home: 0, away: 0 }, score: shown.score };
    const at70 = applyMatchChange({ match: shown }, change)!.match;
    expect(minutesOf(at70, 'A. Onana')).toBe(70);
    expect(minutesOf(at70, 'A. Diallo')).toBe(61);
    expect(minutesOf(at70, 'A. Garnacho')).toBe(9);
    expect(minutesOf(at70, 'B. Leno')).toBe(70);
    const at86 = applyMatchChange({ match: at70 }, { ...change, status: { ...status, elapsed: 86 } })!.match;
    expect(minutesOf(at86, 'A. Onana')).toBe(86);
    expect(minutesOf(at86, 'A. Garnacho')).toBe(25);
  });

  it('is the table the API and the build work out from the same match (one rule for minutes)', () => {
    const { players: _players, ...raw } = capture('fixture-by-id-full.json').response[0];
    expect(livePlayers(parsed(raw))).toEqual(parseMatchPlayers(fixturePlayers(raw)));
    const inPlay = at(75);
    expect(livePlayers(parsed(inPlay))).toEqual(parseMatchPlayers(fixturePlayers(inPlay)));
  });
});
