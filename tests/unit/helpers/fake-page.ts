import type { PollingEnvironment } from '../../../src/lib/stores/live.ts';

/**
 * The page a live store polls in, faked: the clock is the (fake) system time, the tab's visibility
 * and the save-data flag are set by the test, and visibility listeners are counted so a test sees
 * the store let go of the page when its last listener leaves.
 */
export class FakePage implements PollingEnvironment {
  hidden = false;
  dataSaver = false;
  private listeners = new Set<() => void>();
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
}
