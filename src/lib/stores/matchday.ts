import { atom, computed, onMount, task, type ReadableAtom, type WritableAtom } from 'nanostores';
import { getFixturesByDate } from '../api/football.ts';
import { readerMessage, type ApiResult } from '../api/client.ts';
import { TIMINGS } from '../config.ts';
import { mergeMatches } from '../football/matches.ts';
import type { Match, ScoreboardMatch } from '../football/types.ts';
import { updatedAgoLabel } from '../format/freshness.ts';

/**
 * Live scoreboard of one match day. The page is built with the day's matches; this store keeps
 * them fresh while someone is looking: every 20 s while a match is in play, every 5 min (or at the
 * next kickoff, if sooner) while matches are still to start, never once every match is over.
 */

export const LIVE_REFRESH_MS = TIMINGS.liveRefreshMs;
export const IDLE_REFRESH_MS = TIMINGS.tablesRefreshMs;
/** Under `navigator.connection.saveData` every cadence is this many times slower. */
export const SAVE_DATA_FACTOR = 3;
/** Coming back to the tab refreshes at once, unless the last attempt is more recent than this. */
export const VISIBLE_REFRESH_GAP_MS = 10_000;
/** A match still "not started" this long after its kickoff is not going to start today. */
export const STALE_KICKOFF_MS = 3 * 60 * 60_000;
/** How often "actualizado hace …" is recomputed. */
export const CLOCK_TICK_MS = 15_000;

export interface MatchdayState {
  /** YYYY-MM-DD (Guayaquil) the matches belong to. */
  date: string;
  matches: readonly ScoreboardMatch[];
  /** Epoch ms of the data shown (the build, then each successful refresh). */
  updatedAt: number;
  refreshing: boolean;
  /** Why the last refresh failed (English, for logs); null after a success. */
  error: string | null;
  /** Consecutive failed refreshes; refreshes back off while it grows. */
  failures: number;
}

/** What the store needs from the page it runs in; injectable so tests drive it. */
export interface PollingEnvironment {
  now(): number;
  isHidden(): boolean;
  saveData(): boolean;
  onVisibilityChange(listener: () => void): () => void;
}

/**
 * The real browser, or null where there is none (the build renders islands in Node).
 * `clockOffsetMs` shifts the browser's clock onto the data API's (which tests freeze), so ages and
 * kickoffs are measured against the same "now" the data was built with.
 */
export function browserEnvironment(clockOffsetMs = 0): PollingEnvironment | null {
  if (typeof document === 'undefined' || typeof window === 'undefined') return null;
  const offset = Number.isFinite(clockOffsetMs) ? clockOffsetMs : 0;
  return {
    now: () => Date.now() + offset,
    isHidden: () => document.visibilityState === 'hidden',
    saveData: () => Boolean((navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData),
    onVisibilityChange(listener) {
      document.addEventListener('visibilitychange', listener);
      return () => document.removeEventListener('visibilitychange', listener);
    },
  };
}

function isPendingKickoff(match: ScoreboardMatch, now: number): boolean {
  if (match.kind !== 'Fixture') return false;
  if (match.status.short !== 'NS' && match.status.short !== 'TBD') return false;
  return match.timestamp > 0 && now - match.timestamp * 1000 < STALE_KICKOFF_MS;
}

/**
 * How long until the next refresh, or null when nothing on the list can change any more
 * (every match finished, postponed or cancelled): polling stops at full time.
 */
export function refreshDelay(matches: readonly ScoreboardMatch[], now: number, saveData = false): number | null {
  const factor = saveData ? SAVE_DATA_FACTOR : 1;
  const live = LIVE_REFRESH_MS * factor;
  const idle = IDLE_REFRESH_MS * factor;
  if (matches.some((m) => m.kind === 'Live')) return live;
  const kickoffs = matches.filter((m) => isPendingKickoff(m, now)).map((m) => m.timestamp * 1000);
  if (!kickoffs.length) return null;
  const untilKickoff = Math.min(...kickoffs) - now;
  return Math.min(idle, Math.max(live, untilKickoff));
}

/** After failures wait longer (×2, ×4 …), but never longer than `cap` nor less than `base`. */
function backOff(base: number, failures: number, cap: number): number {
  return failures ? Math.max(base, Math.min(base * 2 ** failures, cap)) : base;
}

export type MatchdayLoader = (date: string, signal: AbortSignal) => Promise<ApiResult<Match[]>>;

export interface MatchdayStoreOptions {
  date: string;
  initialMatches: readonly ScoreboardMatch[];
  /** When the initial matches were fetched (the page's build time), epoch ms. */
  initialUpdatedAt: number;
  load?: MatchdayLoader;
  /** Tells the reader a refresh failed (a toast); called once per run of failures. */
  notifyError?: (message: string) => void;
  /** Defaults to the browser; without one (the build) the store never polls. */
  environment?: PollingEnvironment | null;
  /** For the default browser environment: the data API's clock minus this machine's. */
  clockOffsetMs?: number;
}

export interface MatchdayStore {
  $matchday: ReadableAtom<MatchdayState>;
  /** "Actualizado hace 2 minutos", kept current while someone listens. */
  $updatedAgo: ReadableAtom<string>;
  /** Refreshes now (shares an attempt already in flight). */
  refresh(): Promise<void>;
}

/** Asks the API without the browser's HTTP cache, which could hold a 15 s old answer. */
const defaultLoader: MatchdayLoader = (date, signal) =>
  getFixturesByDate(date, {
    signal,
    retries: 1,
    fetchImpl: (input, init) => fetch(input, { ...init, cache: 'no-cache' }),
  });

export const REFRESH_FAILED_MESSAGE = 'No se pudieron actualizar los marcadores; se muestran los últimos datos.';

export function createMatchdayStore(options: MatchdayStoreOptions): MatchdayStore {
  const load = options.load ?? defaultLoader;
  const environment = options.environment === undefined ? browserEnvironment(options.clockOffsetMs) : options.environment;
  const now = () => environment?.now() ?? Date.now();

  const $matchday: WritableAtom<MatchdayState> = atom<MatchdayState>({
    date: options.date,
    matches: [...options.initialMatches],
    updatedAt: options.initialUpdatedAt,
    refreshing: false,
    error: null,
    failures: 0,
  });
  const $clock = atom(now());

  let controller: AbortController | null = null;
  let inFlight: Promise<void> | null = null;
  let lastAttemptAt = options.initialUpdatedAt;

  function refresh(): Promise<void> {
    if (inFlight) return inFlight;
    const current = new AbortController();
    controller = current;
    lastAttemptAt = now();
    $matchday.set({ ...$matchday.get(), refreshing: true });
    const attempt: Promise<void> = task(async () => {
      const result = await load(options.date, current.signal).catch(
        (error: unknown): ApiResult<Match[]> => ({ ok: false, status: 0, error: (error as Error)?.message || 'Refresh failed' }),
      );
      // Unmounted meanwhile: nobody is looking, and a new mount starts from the state as it was.
      if (current.signal.aborted) return;
      const state = $matchday.get();
      if (result.ok) {
        $clock.set(now());
        $matchday.set({ ...state, matches: mergeMatches<ScoreboardMatch>(state.matches, result.data), updatedAt: now(), refreshing: false, error: null, failures: 0 });
        return;
      }
      // Keep the last score on screen; tell the reader once per run of failures, not every 20 s.
      $matchday.set({ ...state, refreshing: false, error: result.error, failures: state.failures + 1 });
      console.warn(`[marcador] live refresh of ${options.date} failed: ${result.error}`);
      if (state.failures === 0) options.notifyError?.(`${REFRESH_FAILED_MESSAGE} ${readerMessage(result.status)}`);
    }).finally(() => {
      if (inFlight === attempt) inFlight = null;
    });
    inFlight = attempt;
    return attempt;
  }

  onMount($matchday, () => {
    if (!environment) return;
    const env = environment;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A refresh that settles after the last listener left must not start a new round.
    let active = true;

    const schedule = () => {
      clearTimeout(timer);
      timer = undefined;
      if (!active || env.isHidden()) return;
      const state = $matchday.get();
      const base = refreshDelay(state.matches, env.now(), env.saveData());
      if (base === null) return;
      const delay = backOff(base, state.failures, IDLE_REFRESH_MS * (env.saveData() ? SAVE_DATA_FACTOR : 1));
      timer = setTimeout(run, Math.max(0, lastAttemptAt + delay - env.now()));
    };
    const run = () => {
      timer = undefined;
      void refresh().then(schedule);
    };
    const onVisibility = () => {
      if (env.isHidden()) {
        clearTimeout(timer);
        timer = undefined;
        return;
      }
      const pending = refreshDelay($matchday.get().matches, env.now(), env.saveData()) !== null;
      if (pending && env.now() - lastAttemptAt >= VISIBLE_REFRESH_GAP_MS) run();
      else schedule();
    };

    const stopListening = env.onVisibilityChange(onVisibility);
    schedule();
    return () => {
      active = false;
      clearTimeout(timer);
      stopListening();
      if (controller && inFlight) {
        controller.abort();
        inFlight = null;
        $matchday.set({ ...$matchday.get(), refreshing: false });
      }
    };
  });

  onMount($clock, () => {
    if (!environment) return;
    const env = environment;
    $clock.set(env.now());
    const interval = setInterval(() => $clock.set(env.now()), CLOCK_TICK_MS);
    return () => clearInterval(interval);
  });

  const $updatedAgo = computed([$matchday, $clock], (state, clock) => updatedAgoLabel(state.updatedAt, clock));

  return { $matchday, $updatedAgo, refresh };
}
