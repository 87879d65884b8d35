import { describe, expect, it } from 'vitest';
import { simulateFreePlanDay } from '../../bench/live-quota.ts';
import { capturedMatch } from '../../tests/helpers/replay.ts';

/**
 * ARCHITECTURE.md's quota budget, on a virtual clock: a match day of eight matches on the free plan (100
 * requests a day, 10 a minute) stays within the day's quota and the minute's limit, and every match's
 * result and its league's table are in the store within 30 minutes of its whistle.
 */
describe('the free plan on a match day of eight matches', () => {
  it('fits the day and keeps results and tables within 30 minutes of each whistle', async () => {
    const day = await simulateFreePlanDay(capturedMatch());
    expect(day.requests).toBeLessThanOrEqual(100);
    expect(day.requestsNextDay).toBeLessThanOrEqual(100);
    expect(day.refused).toBe(0);
    expect(day.busiestMinute).toBeLessThanOrEqual(10);
    expect(day.matches).toHaveLength(8);
    for (const m of day.matches) {
      expect(m.detailsAfterMin, JSON.stringify(m)).not.toBeNull();
      expect(m.detailsAfterMin!).toBeLessThanOrEqual(30);
      expect(m.standingsAfterMin, JSON.stringify(m)).not.toBeNull();
      expect(m.standingsAfterMin!).toBeLessThanOrEqual(30);
    }
  }, 120_000);
});
