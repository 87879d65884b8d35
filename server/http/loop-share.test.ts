import { describe, expect, it } from 'vitest';
import { createLoopShare } from './loop-share.ts';

/** Spends `ms` of CPU time (not wall time: the machine may be shared). */
const busy = (ms: number) => {
  const start = process.cpuUsage();
  for (;;) {
    const spent = process.cpuUsage(start);
    if ((spent.user + spent.system) / 1000 >= ms) return;
  }
};

describe('createLoopShare', () => {
  it('lets the work take the whole loop while nobody else is served', () => {
    const share = createLoopShare({ share: 0.5, windowMs: 100 });
    share.run(() => busy(80));
    expect(share.allow(10)).toBe(true);
  });

  it('refuses the work once it has had its share of the window while others are served, until the next window', () => {
    const share = createLoopShare({ share: 0.5, windowMs: 100, quietMs: 200 });
    share.other(0);
    expect(share.allow(1)).toBe(true);
    share.run(() => busy(60));
    expect(share.used).toBeGreaterThanOrEqual(50);
    expect(share.allow(50)).toBe(false);
    expect(share.allow(101)).toBe(true);
    expect(share.used).toBe(0);
  });

  it('stops sharing once others have been quiet for quietMs', () => {
    const share = createLoopShare({ share: 0.5, windowMs: 1000, quietMs: 200 });
    share.other(0);
    share.allow(1);
    share.run(() => busy(600));
    expect(share.allow(100)).toBe(false);
    expect(share.allow(250)).toBe(true);
  });
});

describe('createLoopShare per turn of the loop', () => {
  it('refuses more work in the same turn once it has had perTurnMs, and allows it again in the next turn', async () => {
    const share = createLoopShare({ share: 1, windowMs: 1000, perTurnMs: 5, quietMs: 10_000 });
    share.other(0);
    share.run(() => busy(6));
    expect(share.allow(1)).toBe(false);
    await new Promise((r) => setImmediate(r));
    expect(share.allow(2)).toBe(true);
  });
});
