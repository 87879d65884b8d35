import { afterEach, beforeEach, vi } from 'vitest';
import type { PollingEnvironment } from '../../src/lib/live/live-store.ts';

/**
 * The page a live store polls in, faked: the clock is the (fake) system time, the tab's visibility
 * and the save-data flag are set by the test, and visibility listeners are counted so a test sees
 * the store let go of the page when its last listener leaves.
 */
export class FakePage implements PollingEnvironment {
  hidden = false;
  dataSaver = false;
  private listeners = new Set<() => void>();
  private cleanups: Array<() => void> = [];
  now = () => Date.now();
  isHidden = () => this.hidden;
  saveData = () => this.dataSaver;
  onVisibilityChange(listener: () => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  setHidden(hidden: boolean) {
    this.hidden = hidden;
    for (const listener of this.listeners) listener();
  }
  get listenerCount() {
    return this.listeners.size;
  }
  /** What to undo when the test ends (a store's listeners, the store itself): the last given first. */
  afterTest(...cleanups: Array<() => void>) {
    this.cleanups.push(...cleanups);
  }
  /** Runs what afterTest was given, the last first. */
  cleanUp() {
    for (const cleanup of this.cleanups.splice(0).reverse()) cleanup();
  }
  /** A visible tab, data saver off, no listener: as a page that has just loaded. */
  reset() {
    this.hidden = false;
    this.dataSaver = false;
    this.listeners.clear();
  }
}

/**
 * The stores' test bed, for every test of the file that calls it: fake timers from `start`, the one
 * page the tests poll in (reset before each), console.warn silenced (a store warns on each failed
 * read). `before` runs after the page is reset (a stream to create). After each test, what the test
 * gave `page.afterTest` is undone (listeners, stores) before the real timers come back.
 */
export function storeTestBed(start: number, before?: () => void): FakePage {
  const page = new FakePage();
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(start);
    page.reset();
    before?.();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    page.cleanUp();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
  return page;
}
