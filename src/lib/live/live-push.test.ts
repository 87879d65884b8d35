import { allTasks, cleanStores } from 'nanostores';
import { describe, expect, it, vi } from 'vitest';
import type { LiveEventJson, LiveFixtureChange } from '../../../contract/live.ts';
import type { ApiResult } from '../http/client.ts';
import { parseMatch } from '../match/parse.ts';
import { parseDetailedMatch } from '../match/parse-detail.ts';
import { toScoreboardMatch } from '../match/scoreboard.ts';
import type { TableGroup } from '../competition/standings.ts';
import type { Match, ScoreboardMatch } from '../match/types.ts';
import { createCompetitionStore } from '../competition/live-store.ts';
import { FAILING_AFTER, type LiveStore } from './live-store.ts';
import { applyMatchChange } from '../match/live-store.ts';
import { createLiveStream, type LiveStream } from './stream.ts';
import { createMatchdayStore, type MatchdayStore } from './matchday-store.ts';
import { capture } from '../../../tests/helpers/captures.ts';
import { FakeEventSource } from '../../../tests/helpers/fake-event-source.ts';
import { storeTestBed } from '../../../tests/helpers/fake-page.ts';

const ligaPro = capture('liga-pro-fixture-items.json');
const DAY = '2026-09-03';
const START = Date.parse('2026-09-03T20:00:00Z');

function parsed(raw: unknown): Match {
  const result = parseMatch(raw);
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

/** The real live capture (Liga Pro, second half) at a given minute and score. */
function liveAt(elapsed: number, home: number, away: number, id?: number): Match {
  const raw = structuredClone(ligaPro.segundoTempo);
  raw.fixture.status.elapsed = elapsed;
  raw.goals = { home, away };
  if (id !== undefined) raw.fixture.id = id;
  return parsed(raw);
}

function upcoming(id: number, kickoffMs: number): Match {
  return parsed({ fixture: { id, timestamp: Math.floor(kickoffMs / 1000), status: { short: 'NS', long: 'Not Started' } }, league: { id: 242 } });
}

/** What the server sends on `event: fixture` after a write (contract/live.ts). */
function change(match: Match, patch: Partial<LiveFixtureChange> = {}): LiveFixtureChange {
  return {
    league: match.league.id,
    season: match.league.season,
    fixture: match.id,
    kinds: ['score'],
    status: { long: 'Second Half', short: '2H', elapsed: 78, extra: null },
    goals: { home: 2, away: 1 },
    score: { ...match.score },
    ...patch,
  };
}

const ok = <T,>(data: T): ApiResult<T> => ({ ok: true, status: 200, data });
const failure = <T,>(status = 503): ApiResult<T> => ({ ok: false, status, error: `HTTP ${status}` });

let stream: LiveStream;
const page = storeTestBed(START, () => {
  FakeEventSource.reset();
  newStream();
});

/** `null`: a browser without EventSource. */
function newStream(EventSource: unknown = FakeEventSource) {
  stream = createLiveStream({ isHidden: () => page.hidden, EventSource: EventSource as never }, 'https://api.example');
  return stream;
}

function mountMatchday(initialMatches: Match[], load = vi.fn(async () => ok(initialMatches)), extra: Partial<Parameters<typeof createMatchdayStore>[0]> = {}): MatchdayStore {
  const s = createMatchdayStore({ date: DAY, initialMatches, initialUpdatedAt: START, load, environment: page, stream, ...extra });
  page.afterTest(s.$matchday.listen(() => {}), s.$updatedAgo.listen(() => {}), () => cleanStores(s.$matchday, s.$updatedAgo));
  return s;
}

describe('pushed changes', () => {
  it('apply a goal to the scoreboard without a request, and poll no more while the stream is open', async () => {
    const built = liveAt(77, 1, 1);
    const load = vi.fn().mockResolvedValue(ok([built]));
    const s = mountMatchday([built], load);
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(FakeEventSource.last.url).toBe(`https://api.example/api/live?fixtures=${built.id}`);
    FakeEventSource.last.open();
    // The one catch-up of a new connection, then only pushes.
    await allTasks();
    expect(load).toHaveBeenCalledTimes(1);

    FakeEventSource.last.send('fixture', change(built));
    const shown = s.$matchday.get().matches[0]!;
    expect(shown.goals).toEqual({ home: 2, away: 1 });
    expect(shown.status).toEqual({ short: '2H', long: 'Second Half', elapsed: 78, extra: null });
    expect(shown.kind).toBe('Live');
    expect(s.$matchday.get().updatedAt).toBe(START);
    expect(s.$updatedAgo.get()).toBe('Actualizado ahora mismo');

    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(load).toHaveBeenCalledTimes(1);
    // The stream is open: nothing newer exists, whatever the time since the last goal.
    expect(s.$updatedAgo.get()).toBe('Actualizado ahora mismo');
  });

  it('fold a change into a full match as a refetch would: status text, half-time score, new events parsed in order', () => {
    const raw = capture('fixture-by-id-full.json').response[0];
    const full = parseDetailedMatch(raw);
    if (!full.ok) throw new Error(full.error);
    // The page had the match until two events ago; the write brought those two.
    const before = structuredClone(raw);
    const newEvents: LiveEventJson[] = before.events.splice(-2);
    const shown = parseDetailedMatch(before);
    if (!shown.ok) throw new Error(shown.error);
    const next = applyMatchChange(
      { match: shown.value },
      {
        league: raw.league.id,
        season: raw.league.season,
        fixture: raw.fixture.id,
        kinds: ['event'],
        status: raw.fixture.status,
        goals: raw.goals,
        score: raw.score,
        newEvents,
      },
    );
    expect(next?.match).toEqual(full.value);
    expect(next?.match.details?.events).toHaveLength(raw.events.length);
    // Another fixture's change is not this match's.
    expect(applyMatchChange({ match: shown.value }, { ...change(shown.value), fixture: 1 })).toBeNull();
  });

  it('a corrected list replaces the events', () => {
    const raw = capture('fixture-by-id-full.json').response[0];
    const shown = parseDetailedMatch(raw);
    if (!shown.ok) throw new Error(shown.error);
    const corrected: LiveEventJson[] = raw.events.slice(1);
    const next = applyMatchChange({ match: shown.value }, { ...change(shown.value), goals: raw.goals, score: raw.score, status: raw.fixture.status, events: corrected });
    expect(next?.match.details?.events.map((e) => `${e.minute} ${e.kind} ${e.player?.name}`)).toEqual(
      shown.value.details!.events.slice(1).map((e) => `${e.minute} ${e.kind} ${e.player?.name}`),
    );
  });

  it('a pushed goal reads as the page’s own events do', () => {
    const match = liveAt(60, 0, 0, 777001);
    const shown = { match: { ...match, details: { events: [], lineups: [], statistics: [] } } };
    const goal: LiveEventJson = { time: { elapsed: 61, extra: null }, team: { id: match.home.id, name: match.home.name, logo: match.home.logo }, player: { id: 5, name: 'J. Cevallos' }, assist: { id: null, name: null }, type: 'Goal', detail: 'Normal Goal', comments: null };
    const next = applyMatchChange(shown, change(match, { goals: { home: 1, away: 0 }, newEvents: [goal] }));
    expect(next?.match.goals).toEqual({ home: 1, away: 0 });
    expect(next?.match.details?.events).toEqual([
      { minute: 61, extra: null, teamId: match.home.id, teamName: match.home.name, player: { id: 5, name: 'J. Cevallos' }, assist: null, kind: 'goal', detail: 'Normal Goal', comments: '' },
    ]);
  });

  it('one connection for every store of the page, asking for the union of what they follow', async () => {
    const a = liveAt(50, 0, 0, 101);
    const b = liveAt(50, 0, 0, 102);
    const first = mountMatchday([a]);
    const second = mountMatchday([b, a]);
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeEventSource.open).toHaveLength(1);
    expect(FakeEventSource.last.query).toEqual({ fixtures: '101,102' });
    FakeEventSource.last.open();
    FakeEventSource.last.send('fixture', change(b, { goals: { home: 0, away: 1 } }));
    expect(first.$matchday.get().matches[0]!.goals).toEqual({ home: 0, away: 0 });
    expect(second.$matchday.get().matches.map((m) => [m.id, m.goals.away])).toEqual([
      [102, 1],
      [101, 0],
    ]);
    // Nobody listens any more: the connection closes.
    page.cleanUp();
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeEventSource.open).toHaveLength(0);
  });

  it('opens only while a match is live or starts within 15 min', async () => {
    const load = vi.fn().mockResolvedValue(ok([upcoming(5, START + 20 * 60_000)]));
    mountMatchday([upcoming(5, START + 20 * 60_000)], load);
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeEventSource.instances).toHaveLength(0);
    // The poll at the idle cadence (5 min) finds the kickoff 15 min away: the stream opens.
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    await allTasks();
    expect(load).toHaveBeenCalledTimes(1);
    expect(FakeEventSource.open).toHaveLength(1);
  });

  it('a new connection refetches once when the page is older than a few seconds (it replays nothing)', async () => {
    const built = liveAt(70, 1, 0);
    const load = vi.fn().mockResolvedValue(ok([liveAt(75, 2, 0)]));
    const s = mountMatchday([built], load, { initialUpdatedAt: START - 3 * 60_000 });
    await vi.advanceTimersByTimeAsync(0);
    FakeEventSource.last.open();
    await allTasks();
    expect(load).toHaveBeenCalledTimes(1);
    expect(s.$matchday.get().matches[0]!.goals.home).toBe(2);
    // The browser's own reconnect sends Last-Event-ID: the server replays, no refetch.
    FakeEventSource.last.fail();
    FakeEventSource.last.open();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a new connection catches up once even when the page is seconds old: a goal before the server counted it is not lost', async () => {
    const built = liveAt(77, 1, 1);
    const load = vi.fn().mockResolvedValue(ok([liveAt(78, 2, 1)]));
    const s = mountMatchday([built], load, { initialUpdatedAt: START - 1_000 });
    await vi.advanceTimersByTimeAsync(0);
    // Nothing is read before the connection is open: a read then could still miss that goal.
    expect(load).not.toHaveBeenCalled();
    FakeEventSource.last.open();
    await allTasks();
    expect(load).toHaveBeenCalledTimes(1);
    expect(s.$matchday.get().matches[0]!.goals).toEqual({ home: 2, away: 1 });
  });

  it('an answer on its way while a goal is pushed is not shown over the goal: it is asked for again', async () => {
    const built = liveAt(77, 1, 1);
    let answerSent!: (result: ApiResult<Match[]>) => void;
    const load = vi
      .fn()
      .mockImplementationOnce(() => new Promise((resolve) => (answerSent = resolve)))
      .mockResolvedValue(ok([liveAt(79, 2, 1)]));
    const s = mountMatchday([built], load);
    await vi.advanceTimersByTimeAsync(0);
    FakeEventSource.last.open();
    expect(load).toHaveBeenCalledTimes(1);
    FakeEventSource.last.send('fixture', change(built));
    expect(s.$matchday.get().matches[0]!.goals).toEqual({ home: 2, away: 1 });
    // The answer was made before the goal.
    answerSent(ok([liveAt(77, 1, 1)]));
    await allTasks();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.$matchday.get().matches[0]!.goals).toEqual({ home: 2, away: 1 });
    expect(load).toHaveBeenCalledTimes(2);
    await allTasks();
    expect(s.$matchday.get().matches[0]!.status.elapsed).toBe(79);
    // Then only pushes.
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('`event: reset` reloads the data once', async () => {
    const built = liveAt(70, 1, 0);
    const load = vi.fn().mockResolvedValue(ok([liveAt(80, 3, 0)]));
    const s = mountMatchday([built], load);
    await vi.advanceTimersByTimeAsync(0);
    FakeEventSource.last.open();
    await allTasks();
    expect(load).toHaveBeenCalledTimes(1);
    FakeEventSource.last.send('reset', {});
    await allTasks();
    expect(load).toHaveBeenCalledTimes(2);
    expect(s.$matchday.get().matches[0]!.goals.home).toBe(3);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('the final whistle refetches once for the final word, then nothing more', async () => {
    const built = liveAt(89, 1, 0);
    const final = parsed({ ...structuredClone(ligaPro.segundoTempo), fixture: { ...ligaPro.segundoTempo.fixture, status: { short: 'FT', long: 'Match Finished', elapsed: 90, extra: null } }, goals: { home: 1, away: 0 } });
    const load = vi.fn().mockResolvedValueOnce(ok([built])).mockResolvedValue(ok([final]));
    const s = mountMatchday([built], load);
    await vi.advanceTimersByTimeAsync(0);
    FakeEventSource.last.open();
    await allTasks();
    FakeEventSource.last.send('fixture', change(built, { status: { short: 'FT', long: 'Match Finished', elapsed: 90, extra: null }, goals: { home: 1, away: 0 } }));
    expect(s.$matchday.get().matches[0]!.kind).toBe('Result');
    await allTasks();
    expect(load).toHaveBeenCalledTimes(2);
    // Nothing can change any more: the stream closes and nothing polls.
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeEventSource.open).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('ignores an unreadable change', async () => {
    const built = liveAt(70, 1, 0);
    const s = mountMatchday([built]);
    await vi.advanceTimersByTimeAsync(0);
    FakeEventSource.last.open();
    FakeEventSource.last.send('fixture', '{not json');
    expect(s.$matchday.get().matches[0]!.goals.home).toBe(1);
  });
});

describe('falls back to polling, as before', () => {
  it('after three failures of the stream in a row', async () => {
    const load = vi.fn().mockResolvedValue(ok([liveAt(71, 1, 0)]));
    mountMatchday([liveAt(70, 1, 0)], load);
    await vi.advanceTimersByTimeAsync(0);
    const es = FakeEventSource.last;
    es.fail();
    es.fail();
    await vi.advanceTimersByTimeAsync(30_000);
    // Two failures: the browser keeps reconnecting, the store waits for it.
    expect(load).not.toHaveBeenCalled();
    es.fail();
    expect(es.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    await allTasks();
    // The last attempt was the build, 30 s ago: the overdue round runs at once, then every 20 s.
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(20_000);
    await allTasks();
    expect(load).toHaveBeenCalledTimes(2);
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('when the server answers other than a stream (a 503 over the caps) three times', async () => {
    const load = vi.fn().mockResolvedValue(ok([liveAt(71, 1, 0)]));
    mountMatchday([liveAt(70, 1, 0)], load);
    await vi.advanceTimersByTimeAsync(0);
    FakeEventSource.last.fail(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeEventSource.instances).toHaveLength(2);
    FakeEventSource.last.fail(true);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(FakeEventSource.instances).toHaveLength(3);
    FakeEventSource.last.fail(true);
    await vi.advanceTimersByTimeAsync(20_000);
    await allTasks();
    expect(FakeEventSource.instances).toHaveLength(3);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('an open between failures starts the count again', async () => {
    const load = vi.fn().mockResolvedValue(ok([liveAt(70, 1, 0)]));
    mountMatchday([liveAt(70, 1, 0)], load);
    await vi.advanceTimersByTimeAsync(0);
    const es = FakeEventSource.last;
    es.fail();
    es.fail();
    es.open();
    es.fail();
    es.fail();
    expect(es.closed).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    // Only the catch-up of its first open: the browser's reconnects replay what they missed.
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('where the browser has no EventSource', async () => {
    newStream(null);
    const load = vi.fn().mockResolvedValue(ok([liveAt(71, 2, 0)]));
    const s = mountMatchday([liveAt(70, 1, 0)], load);
    await vi.advanceTimersByTimeAsync(20_000);
    await allTasks();
    expect(load).toHaveBeenCalledTimes(1);
    expect(s.$matchday.get().matches[0]!.goals.home).toBe(2);
  });

  it('under save-data: no stream, the slow cadence', async () => {
    page.dataSaver = true;
    const load = vi.fn().mockResolvedValue(ok([liveAt(71, 2, 0)]));
    mountMatchday([liveAt(70, 1, 0)], load);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(FakeEventSource.instances).toHaveLength(0);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('a hidden tab', () => {
  it('closes the stream and polls nothing; shown again, it reconnects and catches up once', async () => {
    const load = vi.fn().mockResolvedValueOnce(ok([liveAt(70, 1, 0)])).mockResolvedValue(ok([liveAt(85, 2, 2)]));
    const s = mountMatchday([liveAt(70, 1, 0)], load);
    await vi.advanceTimersByTimeAsync(0);
    FakeEventSource.last.open();
    await allTasks();
    expect(load).toHaveBeenCalledTimes(1);
    page.setHidden(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeEventSource.open).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(15 * 60_000);
    expect(load).toHaveBeenCalledTimes(1);

    // Shown again: the stream reopens, and the catch-up waits for it (a read before it could miss
    // what changes before the server counts the connection).
    page.setHidden(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeEventSource.open).toHaveLength(1);
    expect(load).toHaveBeenCalledTimes(1);
    FakeEventSource.last.open();
    await allTasks();
    expect(load).toHaveBeenCalledTimes(2);
    expect(s.$matchday.get().matches[0]!.goals).toEqual({ home: 2, away: 2 });
  });

  it('a stream that had given up gets a new chance when the tab is shown again', async () => {
    const load = vi.fn().mockResolvedValue(ok([liveAt(71, 1, 0)]));
    mountMatchday([liveAt(70, 1, 0)], load);
    await vi.advanceTimersByTimeAsync(0);
    for (let i = 0; i < 3; i++) FakeEventSource.last.fail();
    page.setHidden(true);
    page.setHidden(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(FakeEventSource.open).toHaveLength(1);
  });
});

describe('standings pages', () => {
  const groups: TableGroup[] = [
    {
      name: 'Liga Pro',
      rows: [
        { rank: 1, team: { id: 1, name: 'Uno', logo: '' }, points: 30, goalsDiff: 10, form: '', description: 'Promotion - Copa Libertadores', all: { played: 14, win: 9, draw: 3, lose: 2, goalsFor: 25, goalsAgainst: 15 } },
      ],
    },
  ];

  it('`event: standings` of its league reads the tables again, beside the matches', async () => {
    const built = toScoreboardMatch(liveAt(70, 1, 0));
    // The reads go through the site's API client: the match as it is, and the real standings capture.
    const standings = capture('standings-single-group.json');
    const fetchMock = vi.fn(async (url: string) => Response.json(url.includes('/standings?') ? standings : { response: [structuredClone(ligaPro.segundoTempo)] }));
    vi.stubGlobal('fetch', fetchMock);
    page.afterTest(() => vi.unstubAllGlobals());
    const leader = standings.response[0].league.standings[0][0];
    const s: LiveStore<{ matches: readonly ScoreboardMatch[]; groups: readonly TableGroup[] }> = createCompetitionStore({
      league: 242,
      today: DAY,
      initial: { matches: [built], groups },
      builtAt: START,
      clockOffsetMs: 0,
      environment: page,
      stream,
    });
    page.afterTest(s.$state.listen(() => {}), () => cleanStores(s.$state, s.$updatedAgo));
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeEventSource.last.query).toEqual({ leagues: '242' });
    FakeEventSource.last.open();
    // The connection's one catch-up reads the matches.
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    FakeEventSource.last.send('standings', { league: 13, season: 2026 });
    await allTasks();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    FakeEventSource.last.send('standings', { league: 242, season: 2026 });
    await vi.waitFor(() => expect(s.$state.get().groups).not.toBe(groups));
    const urls = fetchMock.mock.calls.map((call) => String(call[0])).slice(1);
    expect(urls).toHaveLength(2);
    expect(urls.find((u) => u.includes('/fixtures?'))).toContain(`league=242&date=${DAY}`);
    expect(urls.find((u) => u.includes('/standings?'))).toContain('league=242');
    // Cut as the page's data block is: the names are in the page's rows, the store keeps what the sum needs.
    expect(s.$state.get().groups[0]!.rows[0]).toMatchObject({ rank: 1, team: { id: leader.team.id, name: '' }, points: leader.points });
    expect(s.$state.get().matches[0]!.goals).toEqual(built.goals);
  });
});

describe('the freshness line', () => {
  it(`says the page cannot update after ${FAILING_AFTER} failed refreshes, and recovers on the next success`, async () => {
    newStream(null);
    const load = vi
      .fn()
      .mockResolvedValueOnce(failure())
      .mockResolvedValueOnce(failure())
      .mockResolvedValueOnce(failure())
      .mockResolvedValueOnce(ok([liveAt(75, 1, 0)]));
    const s = mountMatchday([liveAt(70, 1, 0)], load);
    await vi.advanceTimersByTimeAsync(20_000);
    await allTasks();
    // One failure is a hiccup, not news: the age only.
    expect(s.$matchday.get().failures).toBe(1);
    expect(s.$updatedAgo.get()).toBe('Actualizado hace 15 segundos');
    await vi.advanceTimersByTimeAsync(40_000);
    await allTasks();
    expect(s.$matchday.get().failures).toBe(2);
    expect(s.$updatedAgo.get()).toBe('Sin conexión; reintentando… (datos de hace 1 minuto)');
    await vi.advanceTimersByTimeAsync(80_000);
    await allTasks();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(s.$updatedAgo.get()).toBe('Sin conexión; reintentando… (datos de hace 2 minutos)');
    await vi.advanceTimersByTimeAsync(160_000 - 15_000);
    await allTasks();
    expect(s.$matchday.get().failures).toBe(0);
    expect(s.$updatedAgo.get()).toBe('Actualizado ahora mismo');
  });
});
