/** Keys beyond which the oldest windows are dropped; bounds memory whatever the number of clients. */
const MAX_KEYS = 50_000;

/**
 * Fixed-window counter per client key (server/http/client-address.ts), in memory only: enough to stop
 * a form being hammered, without storing addresses on disk. Limits run on the real clock: callers
 * pass Date.now(), never the demo clock.
 */
export function createRateLimiter({ max, windowMs }: { max: number; windowMs: number }) {
  const windows = new Map<string, { start: number; count: number }>();

  const prune = (nowMs: number) => {
    for (const [key, w] of windows) if (nowMs - w.start >= windowMs) windows.delete(key);
    // Still full (a flood of distinct keys): the oldest go, not everyone's windows at once.
    for (const key of windows.keys()) {
      if (windows.size <= MAX_KEYS * 0.9) break;
      windows.delete(key);
    }
  };

  return {
    allow(key: string, nowMs: number): boolean {
      const w = windows.get(key);
      if (!w || nowMs - w.start >= windowMs) {
        if (windows.size >= MAX_KEYS) prune(nowMs);
        windows.delete(key);
        windows.set(key, { start: nowMs, count: 1 });
        return 1 <= max;
      }
      w.count += 1;
      return w.count <= max;
    },
    /** Whether `key` has used up its window, without counting this call. */
    exhausted(key: string, nowMs: number): boolean {
      const w = windows.get(key);
      return Boolean(w && nowMs - w.start < windowMs && w.count >= max);
    },
    /** Seconds until `key`'s window ends (for Retry-After); at least 1. */
    retryAfterS(key: string, nowMs: number): number {
      const w = windows.get(key);
      return w ? Math.max(1, Math.ceil((w.start + windowMs - nowMs) / 1000)) : 1;
    },
  };
}
