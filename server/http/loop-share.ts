/**
 * Bounds the share of the event loop one kind of work (searches) may take while other requests are
 * being served. A search costs about a millisecond of synchronous SQLite work; a flood of them would
 * make every other request wait behind them. While other requests keep arriving (one in the last
 * `quietMs`), the work is refused (the caller answers 503 with Retry-After) once it has had `share`
 * of the current window, or `perTurnMs` since the event loop last turned: requests read in the same
 * turn as a batch of searches wait behind at most that much of them. With nobody else to serve, the
 * work may take the whole loop. Times are CPU times.
 */
export function createLoopShare({
  share,
  windowMs,
  perTurnMs = Infinity,
  quietMs = 200,
}: {
  share: number;
  windowMs: number;
  perTurnMs?: number;
  quietMs?: number;
}) {
  let windowStart = 0;
  let used = 0;
  let usedThisTurn = 0;
  let turnPending = false;
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
      return (used < share * windowMs && usedThisTurn < perTurnMs) || nowMs - lastOther >= quietMs;
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
        const ms = (spent.user + spent.system) / 1000;
        used += ms;
        usedThisTurn += ms;
        if (!turnPending) {
          turnPending = true;
          // Runs once the loop has handled what it read in this turn.
          setImmediate(() => {
            usedThisTurn = 0;
            turnPending = false;
          });
        }
      }
    },
    /** CPU milliseconds counted in the current window (for tests). */
    get used(): number {
      return used;
    },
  };
}
