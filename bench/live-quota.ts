import { openDb } from '../server/store/db.ts';
import { writeCompetition } from '../server/store/write.ts';
import { viewFixtureAt, scriptedFullTimeAt } from '../server/providers/demo/scripted-match.ts';
import type { ApiFixtureFull } from '../server/store/provider-types.ts';
import { ChangeFeed } from '../server/ingest/changes.ts';
import { ingestClient, IngestWorker } from '../server/ingest/worker.ts';

/**
 * The free plan, simulated: a match day of eight matches (Liga Pro and Serie B, kick-offs spread over
 * one UTC day as on a Saturday in Ecuador) against a provider that answers with the free plan's
 * headers and limits (100 requests a day, 10 a minute; over them 429 or the quota envelope), on a
 * virtual clock advanced 15 s at a time. Each match is the same real match (Manchester United 1-0
 * Fulham, its events driving the score) under another id and kick-off. Figures: requests that day,
 * the busiest minute, and for every match how long after its whistle its details and its league's
 * standings were in the store.
 */

export interface FreePlanDay {
  /** Requests of the UTC day the matches kick off on (the quota's day). */
  requests: number;
  /** Requests after 00:00 UTC, until the last match's results are in. */
  requestsNextDay: number;
  busiestMinute: number;
  refused: number;
  matches: Array<{ id: number; league: number; whistle: string; detailsAfterMin: number | null; standingsAfterMin: number | null }>;
}

const DAY = Date.UTC(2026, 10, 28);
/** Local Ecuador kick-offs (UTC−5) of the eight matches: all inside one UTC day. */
const KICKOFFS_LOCAL: Array<[league: number, hour: number, minute: number]> = [
  [243, 10, 0], [243, 12, 0], [242, 13, 0], [243, 14, 30], [242, 15, 0], [242, 17, 0], [242, 17, 0], [242, 18, 30],
];

export async function simulateFreePlanDay(capture: ApiFixtureFull): Promise<FreePlanDay> {
  const { players: _p, ...base } = capture as ApiFixtureFull & { players?: unknown };
  const matches = KICKOFFS_LOCAL.map(([league, h, m], i) => {
    const ts = Math.floor((DAY + (h + 5) * 3_600_000 + m * 60_000) / 1000);
    return {
      ...base,
      fixture: { ...base.fixture, id: 9_000_001 + i, timestamp: ts, date: new Date(ts * 1000).toISOString(), periods: { first: ts, second: ts + 3_600 } },
      league: { ...base.league, id: league, season: 2026, round: 'Regular Season - 14' },
    } as ApiFixtureFull;
  });

  const db = openDb(':memory:');
  for (const league of [242, 243]) {
    writeCompetition(db, {
      league: { league: { id: league, name: `League ${league}`, type: 'League', logo: '' }, country: { name: 'Ecuador', code: 'EC', flag: null }, seasons: [{ year: 2026, start: '2026-02-01', end: '2026-12-15', current: true }] },
      shortName: String(league),
      season: 2026,
      teams: [base.teams.home, base.teams.away].map((t) => ({ team: { id: t.id, name: t.name, code: null, country: 'Ecuador', founded: null, national: false, logo: t.logo }, venue: { id: null, name: null, address: null, city: null, capacity: null, surface: null, image: null } })),
      players: [],
      squads: [],
      fixtures: matches.filter((f) => f.league.id === league).map((f) => ({ ...viewFixtureAt(f, DAY), events: [], lineups: [], statistics: [] })),
      standings: [],
      teamStatistics: [],
    });
  }

  let clock = DAY;
  const usedByDay = new Map<number, number>();
  let refused = 0;
  const minutes = new Map<number, number>();
  const standingsAt = new Map<number, number>();
  const finishedCount = (league: number) => matches.filter((f) => f.league.id === league && clock >= scriptedFullTimeAt(f)).length;
  const table = (league: number) => [[{ rank: 1, team: { id: base.teams.home.id, name: base.teams.home.name, logo: '' }, points: 3 * finishedCount(league), goalsDiff: finishedCount(league), group: 'Liga', form: null, status: 'same', description: null, all: { played: finishedCount(league), win: finishedCount(league), draw: 0, lose: 0, goals: { for: finishedCount(league), against: 0 } }, home: { played: 0, win: 0, draw: 0, lose: 0, goals: { for: 0, against: 0 } }, away: { played: 0, win: 0, draw: 0, lose: 0, goals: { for: 0, against: 0 } }, update: new Date(clock).toISOString() }]];

  const fetchImpl = (async (input: string | URL | Request) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const minute = Math.floor(clock / 60_000);
    const inMinute = (minutes.get(minute) ?? 0) + 1;
    minutes.set(minute, inMinute);
    const day = Math.floor(clock / 86_400_000);
    const used = (usedByDay.get(day) ?? 0) + 1;
    usedByDay.set(day, used);
    const headers = {
      'content-type': 'application/json',
      'x-ratelimit-requests-limit': '100',
      'x-ratelimit-requests-remaining': String(Math.max(0, 100 - used)),
      'x-ratelimit-limit': '10',
      'x-ratelimit-remaining': String(Math.max(0, 10 - inMinute)),
    };
    const answer = (response: unknown, errors: unknown = []) =>
      new Response(JSON.stringify({ get: url.pathname.slice(1), parameters: {}, errors, results: Array.isArray(response) ? response.length : 1, paging: { current: 1, total: 1 }, response }), { headers });
    if (inMinute > 10) {
      refused += 1;
      return new Response(JSON.stringify({ message: 'Too many requests' }), { status: 429, headers });
    }
    if (used > 100) {
      refused += 1;
      return answer([], { requests: 'You have reached the request limit for the day, Go to https://dashboard.api-football.com to upgrade your plan.' });
    }
    const q = url.searchParams;
    const path = url.pathname.replace(/^\/+/, '');
    if (path === 'fixtures' && q.has('live')) {
      return answer(matches.map((f) => viewFixtureAt(f, clock)).filter((f) => ['1H', 'HT', '2H'].includes(f.fixture.status.short)).map(({ lineups: _l, statistics: _s, ...f }) => f));
    }
    if (path === 'fixtures' && q.has('ids')) {
      const ids = q.get('ids')!.split('-').map(Number);
      return answer(matches.filter((f) => ids.includes(f.fixture.id)).map((f) => viewFixtureAt(f, clock)));
    }
    if (path === 'fixtures') {
      const league = Number(q.get('league'));
      return answer(matches.filter((f) => f.league.id === league).map((f) => viewFixtureAt(f, clock)).map(({ events: _e, lineups: _l, statistics: _s, ...f }) => f));
    }
    if (path === 'standings') {
      const league = Number(q.get('league'));
      return answer([{ league: { id: league, name: '', country: 'Ecuador', logo: '', flag: null, season: 2026, standings: table(league) } }]);
    }
    return answer([]);
  }) as typeof fetch;

  let worker: IngestWorker | null = null;
  const client = ingestClient({ apiKey: 'free-plan', baseUrl: 'http://free-plan.invalid', fetch: fetchImpl, planner: () => worker?.planner ?? null, now: () => new Date(clock) });
  worker = new IngestWorker({ db, client, feed: new ChangeFeed(), mode: "api-football", leagues: [242, 243], now: () => new Date(clock), log: process.env.SIM_LOG ? (m) => console.log(new Date(clock).toISOString(), m) : () => {} });

  const detailsAt = new Map<number, number>();
  const lastStandings = new Map<number, string>();
  // Through the night: the evening's last whistle falls after 00:00 UTC.
  for (clock = DAY; clock < DAY + 30 * 3_600_000; clock += 15_000) {
    for (let i = 0; i < 5; i++) if ((await worker.tick()) === null) break;
    for (const f of matches) {
      if (detailsAt.has(f.fixture.id)) continue;
      const row = db.prepare("SELECT status_short FROM fixtures WHERE id = ?").get(f.fixture.id) as { status_short: string };
      const lineups = (db.prepare('SELECT COUNT(*) AS n FROM fixture_lineups WHERE fixture_id = ?').get(f.fixture.id) as { n: number }).n;
      if (row.status_short === 'FT' && lineups > 0) detailsAt.set(f.fixture.id, clock);
    }
    for (const league of [242, 243]) {
      const stored = (db.prepare('SELECT data FROM standings WHERE league_id = ?').get(league) as { data: string } | undefined)?.data ?? '';
      if (stored !== lastStandings.get(league)) {
        lastStandings.set(league, stored);
        const played = stored ? JSON.parse(stored).all.played : 0;
        // The first moment the stored table counted this many finished matches.
        if (!standingsAt.has(league * 100 + played)) standingsAt.set(league * 100 + played, clock);
      }
    }
  }

  const firstDay = Math.floor(DAY / 86_400_000);
  return {
    requests: usedByDay.get(firstDay) ?? 0,
    requestsNextDay: usedByDay.get(firstDay + 1) ?? 0,
    busiestMinute: Math.max(...minutes.values()),
    refused,
    matches: matches.map((f) => {
      const whistle = scriptedFullTimeAt(f);
      const league = f.league.id;
      const rank = matches.filter((g) => g.league.id === league && scriptedFullTimeAt(g) <= whistle).length;
      const tableAt = [...standingsAt.entries()].filter(([k]) => Math.floor(k / 100) === league && k % 100 >= rank).map(([, t]) => t);
      const details = detailsAt.get(f.fixture.id);
      return {
        id: f.fixture.id,
        league,
        whistle: new Date(whistle).toISOString(),
        detailsAfterMin: details === undefined ? null : Math.round((details - whistle) / 6_000) / 10,
        standingsAfterMin: tableAt.length ? Math.round((Math.min(...tableAt) - whistle) / 6_000) / 10 : null,
      };
    }),
  };
}
