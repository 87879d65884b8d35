import { capture } from '../../../tests/helpers/captures.ts';
import { allTasks, cleanStores, STORE_UNMOUNT_DELAY } from 'nanostores';
import { describe, expect, it, vi } from 'vitest';
import { storeTestBed } from '../../../tests/helpers/fake-page.ts';
import type { ApiResult } from '../http/client.ts';
import { parseMatch } from '../match/parse.ts';
import type { Match } from '../match/types.ts';
import {
  createMatchdayStore,
  IDLE_REFRESH_MS,
  LIVE_REFRESH_MS,
  refreshDelay,
  REFRESH_FAILED_MESSAGE,
  type MatchdayStore,
} from './matchday-store.ts';

const ligaPro = capture('liga-pro-fixture-items.json');

function match(raw: unknown): Match {
  const parsed = parseMatch(raw);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

/** The real live capture at a given minute and score. */
function liveAt(elapsed: number, home: number, away: number): Match {
  const raw = structuredClone(ligaPro.segundoTempo);
  raw.fixture.status.elapsed = elapsed;
  raw.goals = { home, away };
  return match(raw);
}

function finished(home: number, away: number): Match {
  const raw = structuredClone(ligaPro.segundoTempo);
  raw.fixture.status = { long: 'Match Finished', short: 'FT', elapsed: 90, extra: null };
  raw.goals = { home, away };
  return match(raw);
}

function upcoming(id: number, kickoffMs: number): Match {
  return match({ fixture: { id, timestamp: Math.floor(kickoffMs / 1000), status: { short: 'NS', long: 'Not Started' } } });
}

const DAY = '2026-09-03';
const START = Date.parse('2026-09-03T20:00:00Z');

const ok = (data: Match[]): ApiResult<Match[]> => ({ ok: true, status: 200, data });
const failure = (status = 503): ApiResult<Match[]> => ({ ok: false, status, error: `HTTP ${status}` });

const page = storeTestBed(START);

/** The store is cleaned when the test ends. */
function track(s: MatchdayStore) {
  page.afterTest(() => cleanStores(s.$matchday, s.$updatedAgo));
  return s;
}

function mount(s: MatchdayStore) {
  track(s);
  page.afterTest(s.$matchday.listen(() => {}));
  return s;
}

describe('refreshDelay', () => {
  const now = START;
  it('polls every 20 s while a match is live, 60 s under save-data', () => {
    expect(refreshDelay([liveAt(50, 1, 0)], now)).toBe(20_000);
    expect(refreshDelay([liveAt(50, 1, 0)], now, true)).toBe(60_000);
  });
  it('waits for the next kickoff, at most 5 min and at least 20 s', () => {
    expect(refreshDelay([upcoming(1, now + 2 * 60_000)], now)).toBe(2 * 60_000);
    expect(refreshDelay([upcoming(1, now + 3 * 60 * 60_000)], now)).toBe(IDLE_REFRESH_MS);
    expect(refreshDelay([upcoming(1, now + 5_000)], now)).toBe(LIVE_REFRESH_MS);
    expect(refreshDelay([upcoming(1, now - 60_000)], now)).toBe(LIVE_REFRESH_MS);
  });
  it('stops when nothing can change: all finished, postponed, or a kickoff long past', () => {
    const postponed = match({ fixture: { id: 4, timestamp: now / 1000 + 600, status: { short: 'PST' } } });
    expect(refreshDelay([finished(2, 1), postponed], now)).toBeNull();
    expect(refreshDelay([upcoming(1, now - 4 * 60 * 60_000)], now)).toBeNull();
    expect(refreshDelay([], now)).toBeNull();
  });
});

describe('createMatchdayStore', () => {
  it('refreshes a live match every 20 s and updates the score', async () => {
    const load = vi.fn().mockResolvedValueOnce(ok([liveAt(51, 2, 0)])).mockResolvedValueOnce(ok([liveAt(52, 2, 1)]));
    const s = mount(createMatchdayStore({ date: DAY, initialMatches: [liveAt(50, 1, 0)], initialUpdatedAt: START, load, environment: page }));

    await vi.advanceTimersByTimeAsync(19_000);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    await allTasks();
    expect(load).toHaveBeenCalledTimes(1);
    expect(load.mock.calls[0][0]).toBe(DAY);
    expect(s.$matchday.get().matches[0].goals).toEqual({ home: 2, away: 0 });
    expect(s.$matchday.get().updatedAt).toBe(START + 20_000);

    await vi.advanceTimersByTimeAsync(20_000);
    await allTasks();
    expect(load).toHaveBeenCalledTimes(2);
    expect(s.$matchday.get().matches[0].status.elapsed).toBe(52);
  });

  it('refreshes at once when the built page is older than the cadence', async () => {
    const load = vi.fn().mockResolvedValue(ok([liveAt(70, 1, 0)]));
    mount(createMatchdayStore({ date: DAY, initialMatches: [liveAt(50, 1, 0)], initialUpdatedAt: START - 10 * 60_000, load, environment: page }));
    await vi.advanceTimersByTimeAsync(0);
    await allTasks();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('stops polling at full time', async () => {
    const load = vi.fn().mockResolvedValue(ok([finished(2, 0)]));
    const s = mount(createMatchdayStore({ date: DAY, initialMatches: [liveAt(88, 2, 0)], initialUpdatedAt: START, load, environment: page }));
    await vi.advanceTimersByTimeAsync(20_000);
    await allTasks();
    expect(s.$matchday.get().matches[0].kind).toBe('Result');
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('never polls a day that is already over', async () => {
    const load = vi.fn();
    mount(createMatchdayStore({ date: DAY, initialMatches: [finished(1, 1)], initialUpdatedAt: START - 60 * 60_000, load, environment: page }));
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    page.setHidden(true);
    page.setHidden(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).not.toHaveBeenCalled();
  });

  it('pauses while the tab is hidden and refreshes on becoming visible', async () => {
    const load = vi.fn().mockResolvedValue(ok([liveAt(60, 1, 0)]));
    mount(createMatchdayStore({ date: DAY, initialMatches: [liveAt(50, 1, 0)], initialUpdatedAt: START, load, environment: page }));
    await vi.advanceTimersByTimeAsync(5_000);
    page.setHidden(true);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(load).not.toHaveBeenCalled();
    page.setHidden(false);
    await allTasks();
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(20_000);
    await allTasks();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not schedule another round when the tab is hidden while a refresh is in flight', async () => {
    let resolve!: (value: ApiResult<Match[]>) => void;
    const load = vi.fn(() => new Promise<ApiResult<Match[]>>((r) => (resolve = r)));
    mount(createMatchdayStore({ date: DAY, initialMatches: [liveAt(50, 1, 0)], initialUpdatedAt: START, load, environment: page }));
    await vi.advanceTimersByTimeAsync(20_000);
    expect(load).toHaveBeenCalledTimes(1);
    page.setHidden(true);
    resolve(ok([liveAt(51, 1, 0)]));
    await allTasks();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not refresh again when the tab comes back within seconds of a refresh', async () => {
    const load = vi.fn().mockResolvedValue(ok([liveAt(60, 1, 0)]));
    mount(createMatchdayStore({ date: DAY, initialMatches: [liveAt(50, 1, 0)], initialUpdatedAt: START, load, environment: page }));
    await vi.advanceTimersByTimeAsync(20_000);
    await allTasks();
    page.setHidden(true);
    await vi.advanceTimersByTimeAsync(2_000);
    page.setHidden(false);
    await allTasks();
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(18_000);
    await allTasks();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('polls three times slower under save-data', async () => {
    page.dataSaver = true;
    const load = vi.fn().mockResolvedValue(ok([liveAt(60, 1, 0)]));
    mount(createMatchdayStore({ date: DAY, initialMatches: [liveAt(50, 1, 0)], initialUpdatedAt: START, load, environment: page }));
    await vi.advanceTimersByTimeAsync(59_000);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    await allTasks();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('checks every 5 min before kickoff, and at the kickoff when sooner', async () => {
    const kickoff = START + 7 * 60_000;
    const load = vi.fn().mockResolvedValue(ok([upcoming(9, kickoff)]));
    mount(createMatchdayStore({ date: DAY, initialMatches: [upcoming(9, kickoff)], initialUpdatedAt: START, load, environment: page }));
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    await allTasks();
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2 * 60_000);
    await allTasks();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps the last score on error, tells the reader once, backs off, and recovers', async () => {
    const notifyError = vi.fn();
    const load = vi
      .fn()
      .mockResolvedValueOnce(failure(503))
      .mockResolvedValueOnce(failure(0))
      .mockResolvedValueOnce(ok([liveAt(75, 3, 1)]));
    const s = mount(createMatchdayStore({ date: DAY, initialMatches: [liveAt(50, 1, 0)], initialUpdatedAt: START, load, environment: page, notifyError }));

    await vi.advanceTimersByTimeAsync(20_000);
    await allTasks();
    expect(s.$matchday.get()).toMatchObject({ error: 'HTTP 503', failures: 1, updatedAt: START, refreshing: false });
    expect(s.$matchday.get().matches[0].goals).toEqual({ home: 1, away: 0 });
    expect(notifyError).toHaveBeenCalledTimes(1);
    expect(notifyError.mock.calls[0][0]).toContain(REFRESH_FAILED_MESSAGE);

    // Back-off: the second attempt comes 40 s after the first failure, not 20 s.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(20_000);
    await allTasks();
    expect(load).toHaveBeenCalledTimes(2);
    expect(s.$matchday.get().failures).toBe(2);
    expect(notifyError).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(80_000);
    await allTasks();
    expect(load).toHaveBeenCalledTimes(3);
    expect(s.$matchday.get()).toMatchObject({ error: null, failures: 0 });
    expect(s.$matchday.get().matches[0].goals).toEqual({ home: 3, away: 1 });
  });

  it('survives a loader that throws', async () => {
    const load = vi.fn().mockRejectedValue(new Error('boom'));
    const s = mount(createMatchdayStore({ date: DAY, initialMatches: [liveAt(50, 1, 0)], initialUpdatedAt: START, load, environment: page }));
    await vi.advanceTimersByTimeAsync(20_000);
    await allTasks();
    expect(s.$matchday.get()).toMatchObject({ error: 'boom', failures: 1 });
    expect(s.$matchday.get().matches).toHaveLength(1);
  });

  it('stops when the last listener leaves', async () => {
    const load = vi.fn().mockResolvedValue(ok([liveAt(60, 1, 0)]));
    const s = createMatchdayStore({ date: DAY, initialMatches: [liveAt(50, 1, 0)], initialUpdatedAt: START, load, environment: page });
    track(s);
    const first = s.$matchday.listen(() => {});
    const second = s.$matchday.listen(() => {});
    expect(page.listenerCount).toBe(1);
    first();
    await vi.advanceTimersByTimeAsync(20_000);
    await allTasks();
    expect(load).toHaveBeenCalledTimes(1);
    second();
    await vi.advanceTimersByTimeAsync(STORE_UNMOUNT_DELAY);
    expect(page.listenerCount).toBe(0);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('never polls without a browser (the build renders islands in Node)', async () => {
    const load = vi.fn();
    mount(createMatchdayStore({ date: DAY, initialMatches: [liveAt(50, 1, 0)], initialUpdatedAt: START - 60_000, load, environment: null }));
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(load).not.toHaveBeenCalled();
  });

  it("says how long ago the data was updated, and keeps saying it", async () => {
    const load = vi.fn().mockResolvedValue(ok([liveAt(60, 1, 0)]));
    const s = createMatchdayStore({ date: DAY, initialMatches: [finished(1, 0)], initialUpdatedAt: START, load, environment: page });
    track(s);
    const labels: string[] = [];
    page.afterTest(s.$updatedAgo.subscribe((label) => labels.push(label)));
    expect(labels.at(-1)).toBe('Actualizado ahora mismo');
    await vi.advanceTimersByTimeAsync(2 * 60_000);
    expect(labels.at(-1)).toBe('Actualizado hace 2 minutos');
    await s.refresh();
    expect(labels.at(-1)).toBe('Actualizado ahora mismo');
  });

  it('shares one request between overlapping refreshes', async () => {
    let resolve!: (value: ApiResult<Match[]>) => void;
    const load = vi.fn(() => new Promise<ApiResult<Match[]>>((r) => (resolve = r)));
    const s = mount(createMatchdayStore({ date: DAY, initialMatches: [liveAt(50, 1, 0)], initialUpdatedAt: START, load, environment: page }));
    const a = s.refresh();
    const b = s.refresh();
    expect(s.$matchday.get().refreshing).toBe(true);
    resolve(ok([liveAt(55, 1, 1)]));
    await Promise.all([a, b]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(s.$matchday.get()).toMatchObject({ refreshing: false });
  });
});
