import { allTasks, cleanStores, STORE_UNMOUNT_DELAY } from 'nanostores';
import { describe, expect, it, vi } from 'vitest';
import { storeTestBed } from '../../../tests/helpers/fake-page.ts';
import type { ApiResult } from '../http/client.ts';
import {
  backOff,
  createLiveStore,
  DEFAULT_FAILED_MESSAGE,
  saveDataDelay,
  VISIBLE_REFRESH_GAP_MS,
  type LiveStoreOptions,
} from './live-store.ts';

/** A made-up widget: a counter the server bumps, finished once `done`. */
interface Counter {
  value: number;
  done: boolean;
}

const START = Date.parse('2026-09-03T20:00:00Z');
const EVERY = 20_000;

const ok = (value: number, done = false): ApiResult<Counter> => ({ ok: true, status: 200, data: { value, done } });
const failure = (status = 503): ApiResult<Counter> => ({ ok: false, status, error: `HTTP ${status}` });

const page = storeTestBed(START);

function create(options: Partial<LiveStoreOptions<Counter, Counter>> & Pick<LiveStoreOptions<Counter, Counter>, 'load'>) {
  const store = createLiveStore<Counter>({
    name: 'counter',
    initial: { value: 0, done: false },
    initialUpdatedAt: START,
    nextDelay: (data, _now, saveData) => (data.done ? null : saveDataDelay(EVERY, saveData)),
    environment: page,
    ...options,
  });
  page.afterTest(() => cleanStores(store.$state, store.$updatedAgo));
  return store;
}

function mount(options: Parameters<typeof create>[0]) {
  const s = create(options);
  page.afterTest(s.$state.listen(() => {}));
  return s;
}

describe('helpers', () => {
  it('slows a cadence down three times under save-data', () => {
    expect(saveDataDelay(EVERY, false)).toBe(EVERY);
    expect(saveDataDelay(EVERY, true)).toBe(3 * EVERY);
  });
  it('backs off ×2, ×4 … up to the cap, never below the base', () => {
    expect(backOff(EVERY, 0, 300_000)).toBe(EVERY);
    expect(backOff(EVERY, 1, 300_000)).toBe(40_000);
    expect(backOff(EVERY, 3, 300_000)).toBe(160_000);
    expect(backOff(EVERY, 10, 300_000)).toBe(300_000);
    expect(backOff(400_000, 2, 300_000)).toBe(400_000);
  });
});

describe('createLiveStore', () => {
  it('starts with the built data and its time, spread beside the status fields', () => {
    const s = create({ load: vi.fn() });
    expect(s.$state.get()).toEqual({ value: 0, done: false, updatedAt: START, refreshing: false, error: null, failures: 0 });
  });

  it('polls on the cadence nextDelay picks, replacing the data by default', async () => {
    const load = vi.fn().mockResolvedValueOnce(ok(1)).mockResolvedValueOnce(ok(2));
    const s = mount({ load });
    await vi.advanceTimersByTimeAsync(EVERY - 1);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await allTasks();
    expect(load).toHaveBeenCalledTimes(1);
    expect(load.mock.calls[0][0]).toBeInstanceOf(AbortSignal);
    expect(s.$state.get()).toMatchObject({ value: 1, updatedAt: START + EVERY, refreshing: false });
    await vi.advanceTimersByTimeAsync(EVERY);
    await allTasks();
    expect(s.$state.get().value).toBe(2);
  });

  it('folds answers in with merge', async () => {
    const load = vi.fn().mockResolvedValue(ok(5));
    const s = mount({ load, merge: (current, fresh) => ({ value: current.value + fresh.value, done: fresh.done }) });
    await s.refresh();
    await s.refresh();
    expect(s.$state.get().value).toBe(10);
  });

  it('stops for good when nextDelay says null', async () => {
    const load = vi.fn().mockResolvedValue(ok(9, true));
    const s = mount({ load });
    await vi.advanceTimersByTimeAsync(EVERY);
    await allTasks();
    expect(s.$state.get()).toMatchObject({ value: 9, done: true });
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    page.setHidden(true);
    page.setHidden(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('never polls data that is already final', async () => {
    const load = vi.fn();
    mount({ load, initial: { value: 3, done: true }, initialUpdatedAt: START - 60 * 60_000 });
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(load).not.toHaveBeenCalled();
  });

  it('refreshes at once when the built data is older than the cadence', async () => {
    const load = vi.fn().mockResolvedValue(ok(1));
    mount({ load, initialUpdatedAt: START - 10 * 60_000 });
    await vi.advanceTimersByTimeAsync(0);
    await allTasks();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('pauses while hidden, refreshes on coming back after a gap, not within it', async () => {
    const load = vi.fn().mockResolvedValue(ok(1));
    mount({ load });
    await vi.advanceTimersByTimeAsync(5_000);
    page.setHidden(true);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(load).not.toHaveBeenCalled();
    page.setHidden(false);
    await allTasks();
    expect(load).toHaveBeenCalledTimes(1);

    // Hidden and back within the gap: no extra request, the cadence goes on.
    page.setHidden(true);
    await vi.advanceTimersByTimeAsync(VISIBLE_REFRESH_GAP_MS - 1_000);
    page.setHidden(false);
    await allTasks();
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(EVERY - (VISIBLE_REFRESH_GAP_MS - 1_000));
    await allTasks();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('tells nextDelay about save-data and stretches the cadence', async () => {
    page.dataSaver = true;
    const nextDelay = vi.fn((_data: Counter, _now: number, saveData: boolean) => saveDataDelay(EVERY, saveData));
    const load = vi.fn().mockResolvedValue(ok(1));
    mount({ load, nextDelay });
    expect(nextDelay).toHaveBeenCalledWith(expect.objectContaining({ value: 0 }), START, true);
    await vi.advanceTimersByTimeAsync(3 * EVERY - 1);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await allTasks();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps the last data on failure, notifies once per run, backs off (capped) and recovers', async () => {
    const notifyError = vi.fn();
    const load = vi
      .fn()
      .mockResolvedValueOnce(failure(503))
      .mockResolvedValueOnce(failure(0))
      .mockRejectedValueOnce(new Error('boom'))
      .mockResolvedValueOnce(ok(7))
      .mockResolvedValueOnce(failure(500));
    const s = mount({ load, notifyError, maxBackoffMs: 60_000, initial: { value: 4, done: false } });

    await vi.advanceTimersByTimeAsync(EVERY);
    await allTasks();
    expect(s.$state.get()).toMatchObject({ value: 4, error: 'HTTP 503', failures: 1, updatedAt: START, refreshing: false });
    expect(notifyError).toHaveBeenCalledTimes(1);
    expect(notifyError.mock.calls[0][0]).toContain(DEFAULT_FAILED_MESSAGE);

    // ×2 after one failure: 40 s, not 20 s.
    await vi.advanceTimersByTimeAsync(EVERY);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(EVERY);
    await allTasks();
    expect(load).toHaveBeenCalledTimes(2);

    // ×4 would be 80 s; the cap holds it at 60 s. A throwing loader is one more failure.
    await vi.advanceTimersByTimeAsync(60_000);
    await allTasks();
    expect(load).toHaveBeenCalledTimes(3);
    expect(s.$state.get()).toMatchObject({ value: 4, error: 'boom', failures: 3 });
    expect(notifyError).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(60_000);
    await allTasks();
    expect(s.$state.get()).toMatchObject({ value: 7, error: null, failures: 0 });

    // A new run of failures is told again.
    await vi.advanceTimersByTimeAsync(EVERY);
    await allTasks();
    expect(notifyError).toHaveBeenCalledTimes(2);
  });

  it('starts on mount and stops, aborting the request in flight, when the last listener leaves', async () => {
    const signals: AbortSignal[] = [];
    const load = vi.fn((signal: AbortSignal) => {
      signals.push(signal);
      return new Promise<ApiResult<Counter>>(() => {});
    });
    const s = create({ load });
    await vi.advanceTimersByTimeAsync(EVERY);
    expect(load).not.toHaveBeenCalled();
    expect(page.listenerCount).toBe(0);

    const unbind = s.$state.listen(() => {});
    expect(page.listenerCount).toBe(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    expect(s.$state.get().refreshing).toBe(true);

    unbind();
    await vi.advanceTimersByTimeAsync(STORE_UNMOUNT_DELAY);
    expect(signals[0].aborted).toBe(true);
    expect(page.listenerCount).toBe(0);
    expect(s.$state.get().refreshing).toBe(false);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shares one request between overlapping refreshes', async () => {
    let resolve!: (value: ApiResult<Counter>) => void;
    const load = vi.fn(() => new Promise<ApiResult<Counter>>((r) => (resolve = r)));
    const s = mount({ load });
    const a = s.refresh();
    const b = s.refresh();
    resolve(ok(2));
    await Promise.all([a, b]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(s.$state.get()).toMatchObject({ value: 2, refreshing: false });
  });

  it('never polls without a browser (the build renders islands in Node)', async () => {
    const load = vi.fn();
    const s = create({ load, environment: null, initialUpdatedAt: START - 60 * 60_000 });
    page.afterTest(s.$state.listen(() => {}));
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(load).not.toHaveBeenCalled();
  });

  it('says how long ago the data was updated, and keeps saying it', async () => {
    const load = vi.fn().mockResolvedValue(ok(1, true));
    const s = create({ load });
    const labels: string[] = [];
    page.afterTest(s.$updatedAgo.subscribe((label) => labels.push(label)));
    expect(labels.at(-1)).toBe('Actualizado ahora mismo');
    await vi.advanceTimersByTimeAsync(2 * 60_000);
    expect(labels.at(-1)).toBe('Actualizado hace 2 minutos');
    await s.refresh();
    expect(labels.at(-1)).toBe('Actualizado ahora mismo');
  });
});
