/**
 * The provider's quota, planned. API-Football counts requests per day (reset at 00:00 UTC: 100 on the
 * free plan, 7,500 on Pro, 75,000 on Mega) and per minute (10 free, 300 Pro), and says where a client
 * stands in every answer's headers. The planner reads them, keeps a reserve for what must happen
 * today (results and standings after each final whistle, the daily refresh) and spreads the rest
 * over the live windows still ahead, so the day never runs dry: on the free plan live polls slow to
 * what fits, on Pro they run every 15 s.
 */

export const LIVE_POLL_MS = 15_000;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export interface QuotaReading {
  dayLimit: number | null;
  dayRemaining: number | null;
  minuteLimit: number | null;
  minuteRemaining: number | null;
}

export function readQuotaHeaders(headers: Headers): QuotaReading {
  const count = (name: string) => {
    const value = headers.get(name);
    if (value === null || value.trim() === '') return null;
    const n = Number(value);
    return Number.isFinite(n) && n >= 0 ? n : null;
  };
  return {
    dayLimit: count('x-ratelimit-requests-limit'),
    dayRemaining: count('x-ratelimit-requests-remaining'),
    minuteLimit: count('x-ratelimit-limit'),
    minuteRemaining: count('x-ratelimit-remaining'),
  };
}

export const utcDayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Epoch ms of the next 00:00 UTC after `ms`: when the daily quota resets. */
export const nextUtcMidnight = (ms: number) => (Math.floor(ms / DAY_MS) + 1) * DAY_MS;

export interface QuotaState {
  day: string;
  used: number;
  dayLimit: number;
  minuteLimit: number;
  /** What the provider last said was left today (null before its first answer today). */
  dayRemaining: number | null;
}

export interface LivePlan {
  /** Milliseconds between live polls; null: no live poll fits today's quota any more. */
  everyMs: number | null;
  /** For operators: why this cadence. */
  reason: string;
}

export class QuotaPlanner {
  private state: QuotaState;
  /** Send times of the last minute's requests. */
  private readonly recent: number[] = [];
  private pausedUntil = 0;
  private pauseReason: string | null = null;
  private readonly now: () => number;

  constructor(now: () => number, initial: Partial<QuotaState> & { dayLimit: number; minuteLimit: number }) {
    this.now = now;
    const today = utcDayOf(now());
    this.state = {
      day: today,
      used: initial.day === today ? initial.used ?? 0 : 0,
      dayLimit: initial.dayLimit,
      minuteLimit: initial.minuteLimit,
      dayRemaining: initial.day === today ? initial.dayRemaining ?? null : null,
    };
  }

  private rollDay(): void {
    const today = utcDayOf(this.now());
    if (today === this.state.day) return;
    this.state = { ...this.state, day: today, used: 0, dayRemaining: null };
    if (this.pauseReason === 'quota') this.pausedUntil = 0;
  }

  /** A request is about to be sent. */
  sent(): void {
    this.rollDay();
    const t = this.now();
    this.state.used += 1;
    this.recent.push(t);
    while (this.recent.length && this.recent[0] <= t - MINUTE_MS) this.recent.shift();
  }

  /** What the provider's headers said after a request. */
  read(reading: QuotaReading): void {
    this.rollDay();
    if (reading.dayLimit !== null && reading.dayLimit > 0) this.state.dayLimit = reading.dayLimit;
    if (reading.minuteLimit !== null && reading.minuteLimit > 0) this.state.minuteLimit = reading.minuteLimit;
    if (reading.dayRemaining !== null) {
      this.state.dayRemaining = reading.dayRemaining;
      // The provider's count wins over ours (other clients may share the key).
      this.state.used = Math.max(this.state.used, this.state.dayLimit - reading.dayRemaining);
      if (reading.dayRemaining <= 0) this.pause(nextUtcMidnight(this.now()) - this.now(), 'quota');
    }
    if (reading.minuteRemaining !== null && reading.minuteRemaining <= 0) this.pause(MINUTE_MS, 'minute');
  }

  /** No request before `ms` from now (a 429, the provider's rate-limit envelope, the day's quota used up). */
  pause(ms: number, reason: 'minute' | 'rate-limit' | 'quota' | 'error'): void {
    const until = this.now() + ms;
    if (until > this.pausedUntil) {
      this.pausedUntil = until;
      this.pauseReason = reason;
    }
  }

  /** Requests left today, as far as we know. */
  remaining(): number {
    this.rollDay();
    const byCount = this.state.dayLimit - this.state.used;
    return Math.max(0, this.state.dayRemaining === null ? byCount : Math.min(byCount, this.state.dayRemaining));
  }

  /**
   * How long until a request may go out (0: now): a pause, or the per-minute limit (one request is
   * kept back from each minute so a clock drift between us and the provider never costs a 429).
   */
  waitMs(): number {
    this.rollDay();
    const t = this.now();
    if (this.pausedUntil > t) return this.pausedUntil - t;
    while (this.recent.length && this.recent[0] <= t - MINUTE_MS) this.recent.shift();
    const perMinute = Math.max(1, this.state.minuteLimit - 1);
    if (this.recent.length >= perMinute) return this.recent[0] + MINUTE_MS - t;
    return 0;
  }

  /**
   * The live cadence for the rest of the UTC day: the requests left after `reserve` (what today's
   * whistles and refreshes still need), spread over `liveWindowMs` (the time still ahead today in
   * which a tracked match is in its window). Never faster than `fastestMs` (the provider's 15 s).
   */
  livePlan(liveWindowMs: number, reserve: number, fastestMs = LIVE_POLL_MS): LivePlan {
    const spare = this.remaining() - reserve;
    if (spare <= 0) {
      return { everyMs: null, reason: `live polls paused: ${this.remaining()} requests left today, ${reserve} kept for results and standings` };
    }
    const fits = liveWindowMs / spare;
    if (fits <= fastestMs) return { everyMs: fastestMs, reason: `every ${fastestMs / 1000} s (${spare} requests to spare today)` };
    const everyMs = Math.ceil(fits / 1000) * 1000;
    return {
      everyMs,
      reason: `every ${Math.round(everyMs / 1000)} s: ${spare} requests to spare over ${Math.round(liveWindowMs / 60_000)} min of live windows today (plan: ${this.state.dayLimit} a day)`,
    };
  }

  snapshot() {
    this.rollDay();
    return {
      day: this.state.day,
      used: this.state.used,
      remaining: this.remaining(),
      dayLimit: this.state.dayLimit,
      minuteLimit: this.state.minuteLimit,
      pausedUntil: this.pausedUntil > this.now() ? new Date(this.pausedUntil).toISOString() : null,
      pauseReason: this.pausedUntil > this.now() ? this.pauseReason : null,
    };
  }

  /** What survives a restart (kept in the store's meta table). */
  persisted(): QuotaState {
    this.rollDay();
    return { ...this.state };
  }
}
