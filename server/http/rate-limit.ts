/** Fixed-window counter per client key; enough to stop a form being hammered, without storing IPs on disk. */
export function createRateLimiter({ max, windowMs }: { max: number; windowMs: number }) {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    allow(key: string, nowMs: number): boolean {
      const w = windows.get(key);
      if (!w || nowMs - w.start >= windowMs) {
        if (windows.size > 10_000) windows.clear();
        windows.set(key, { start: nowMs, count: 1 });
        return true;
      }
      w.count += 1;
      return w.count <= max;
    },
    /** Whether `key` has used up its window, without counting this call. */
    exhausted(key: string, nowMs: number): boolean {
      const w = windows.get(key);
      return Boolean(w && nowMs - w.start < windowMs && w.count >= max);
    },
  };
}
