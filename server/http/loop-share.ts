/**
 * Bounds the share of the event loop one kind of work (searches) may take while other requests are
 * being served. A search costs about a millisecond of synchronous SQLite work; a flood of them would
 * make every other request wait behind them. While other requests keep arriving (one in the last
 * `quietMs`), once `share` of a window has gone to this work, more of it is refused (the caller
 * answers 503 with Retry-After) until the next window: the others always keep the rest of the loop.
 * With nobody else to serve, the work may take the whole loop.
 */
export function createLoopShare({ share, windowMs, quietMs = 200 }: { share: number; windowMs: number; quietMs?: number }) {
  let windowStart = 0;
  let used = 0;
  let lastOther = -Infinity;
  return {
    /** Another kind of request arrived: from now on for `quietMs`, the work shares the loop. */
    other(nowMs: number): void {
      lastOther = nowMs;
    },
    /** Whether the work may run now. */
    allow(nowMs: number): boolean {
      if (nowMs - windowStart >= windowMs) {
        windowStart = nowMs;
        used = 0;
      }
      return used < share * windowMs || nowMs - lastOther >= quietMs;
    },
    /**
     * Runs `work`, counting its CPU time against the window: on a busy machine the wall time of the
     * same work includes the moments the process was not running, which no other request waited for.
     */
    run<T>(work: () => T): T {
      const started = process.cpuUsage();
      try {
        return work();
      } finally {
        const spent = process.cpuUsage(started);
        used += (spent.user + spent.system) / 1000;
      }
    },
    /** CPU milliseconds counted in the current window (for tests). */
    get used(): number {
      return used;
    },
  };
}
