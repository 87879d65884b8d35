import { allTasks, cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../http/client.ts';
import { browserEnvironment, createLiveStore, saveDataDelay, type LiveStore } from './live-store.ts';

/**
 * The browser environment of the live stores (issue 27): offline counts as hidden, so nothing is
 * fetched while the connection is gone and its return refreshes once; a 2G link saves data as
 * Save-Data does. Driven through the real `browserEnvironment` over a stubbed window/document/navigator.
 */

const START = Date.parse('2026-11-22T20:30:00-05:00');
const EVERY = 20_000;

let connection: { saveData?: boolean; effectiveType?: string };
let online: boolean;
let win: EventTarget;
let store: LiveStore<{ value: number }> | undefined;
let unbind: (() => void) | undefined;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
  online = true;
  connection = { effectiveType: '4g' };
  win = new EventTarget();
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  vi.stubGlobal('window', win);
  vi.stubGlobal('document', doc);
  vi.stubGlobal('navigator', {
    get onLine() {
      return online;
    },
    connection,
  });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  unbind?.();
  if (store) cleanStores(store.$state, store.$updatedAgo);
  store = undefined;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function mount(load: () => Promise<ApiResult<{ value: number }>>) {
  store = createLiveStore<{ value: number }>({
    name: 'counter',
    initial: { value: 0 },
    initialUpdatedAt: START,
    nextDelay: (_data, _now, saveData) => saveDataDelay(EVERY, saveData),
    load,
  });
  unbind = store.$state.listen(() => {});
  return store;
}

const setOnline = (value: boolean) => {
  online = value;
  win.dispatchEvent(new Event(value ? 'online' : 'offline'));
};

describe('live stores and the connection', () => {
  it('fetch nothing offline and refresh once when the connection returns', async () => {
    let n = 0;
    const load = vi.fn(async (): Promise<ApiResult<{ value: number }>> => ({ ok: true, status: 200, data: { value: ++n } }));
    const s = mount(load);
    await vi.advanceTimersByTimeAsync(EVERY);
    expect(load).toHaveBeenCalledTimes(1);

    setOnline(false);
    await vi.advanceTimersByTimeAsync(5 * EVERY);
    expect(load).toHaveBeenCalledTimes(1);
    // Two failed rounds would have said "Sin conexión; reintentando…": none were tried.
    expect(s.$state.get().failures).toBe(0);

    setOnline(true);
    await allTasks();
    expect(load).toHaveBeenCalledTimes(2);
    expect(s.$state.get().value).toBe(2);
    // Then the usual cadence, not a burst.
    await vi.advanceTimersByTimeAsync(EVERY - 1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('treat a 2G link as Save-Data: a live refresh at most once a minute', () => {
    expect(browserEnvironment()!.saveData()).toBe(false);
    connection.effectiveType = 'slow-2g';
    expect(browserEnvironment()!.saveData()).toBe(true);
    connection.effectiveType = '2g';
    expect(saveDataDelay(EVERY, browserEnvironment()!.saveData())).toBe(60_000);
    connection.effectiveType = '4g';
    connection.saveData = true;
    expect(browserEnvironment()!.saveData()).toBe(true);
  });
});
