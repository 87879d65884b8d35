import type { Db } from '../../server/store/db.ts';
import { writeCompetition } from '../../server/store/write.ts';
import { viewFixtureAt } from '../../server/providers/demo/scripted-match.ts';
import type { ApiFixtureFull } from '../../server/store/provider-types.ts';
import { capture } from './captures.ts';
import { envelope, type StubHandler } from './api-football-stub.ts';

/**
 * A real match to replay: Manchester United 1-0 Fulham (API-Football fixture 1208021, captured whole:
 * events, line-ups, statistics). Its state at any moment comes from its events, with the demo's
 * clock (server/providers/demo/scripted-match.ts: 47 minutes of first half, 15 of break, then the second):
 * the score at each minute is the goals scored by then (Zirkzee at 87', who came on at 61').
 */
export function capturedMatch(kickoffMs?: number): ApiFixtureFull {
  const { players: _players, ...match } = capture('fixture-by-id-full.json').response[0];
  if (kickoffMs === undefined) return match;
  const shift = Math.round(kickoffMs / 1000) - match.fixture.timestamp;
  return {
    ...match,
    fixture: {
      ...match.fixture,
      timestamp: match.fixture.timestamp + shift,
      date: new Date((match.fixture.timestamp + shift) * 1000).toISOString(),
      periods: { first: match.fixture.periods.first + shift, second: match.fixture.periods.second + shift },
    },
  };
}

/** What the provider says of `match` at `nowMs`: its live-list item, or its full answer by id. */
export function replayAt(match: ApiFixtureFull, nowMs: number): ApiFixtureFull {
  return viewFixtureAt(match, nowMs);
}

/** A store holding `match`'s league, both teams and the match as it stood at `asOfMs`. */
export function seedMatch(db: Db, match: ApiFixtureFull, asOfMs: number): void {
  const shown = viewFixtureAt(match, asOfMs);
  const team = (t: { id: number; name: string; logo: string }) => ({
    team: { id: t.id, name: t.name, code: null, country: 'England', founded: null, national: false, logo: t.logo },
    venue: { id: null, name: null, address: null, city: null, capacity: null, surface: null, image: null },
  });
  writeCompetition(db, {
    league: {
      league: { id: match.league.id, name: match.league.name, type: 'League', logo: match.league.logo },
      country: { name: match.league.country, code: 'GB', flag: match.league.flag },
      seasons: [{ year: match.league.season, start: '2024-08-16', end: '2025-05-25', current: true }],
    },
    shortName: match.league.name,
    season: match.league.season,
    teams: [team(match.teams.home), team(match.teams.away)],
    players: [],
    squads: [],
    fixtures: [{ ...shown, events: shown.events ?? [], lineups: shown.lineups ?? [], statistics: shown.statistics ?? [] }],
    standings: [],
    teamStatistics: [],
  });
}

/**
 * A stub provider's answers for `match` replayed at `nowMs()` (a Pro plan's headers): its live-list
 * item while in play, its full answer by id, nothing else. For contract tests whose ingest follows one match.
 */
export function replayHandler(match: ApiFixtureFull, nowMs: () => number): StubHandler {
  return ({ path, query }) => {
    const params = Object.fromEntries(query);
    const at = replayAt(match, nowMs());
    const headers = {
      'x-ratelimit-requests-limit': '7500',
      'x-ratelimit-requests-remaining': '7000',
      'x-ratelimit-limit': '300',
      'x-ratelimit-remaining': '290',
    };
    const reply = (response: unknown) => ({ headers, body: envelope(path.slice(1), params, response) });
    if (path === '/fixtures' && query.has('live')) {
      const { lineups: _l, statistics: _s, ...live } = at;
      return reply(['1H', 'HT', '2H'].includes(at.fixture.status.short) ? [live] : []);
    }
    if (path === '/fixtures' && query.has('ids')) return reply([at]);
    if (path === '/fixtures') return reply([]);
    if (path === '/standings' || path.startsWith('/players/')) return reply([]);
    return undefined;
  };
}
