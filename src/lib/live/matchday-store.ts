import type { ReadableAtom } from 'nanostores';
import { isUpcomingStatus } from '../../../contract/status.ts';
import { getFixtures, getFixturesByDate } from '../match/api.ts';
import type { ApiResult } from '../http/client.ts';
import { TIMINGS } from '../config.ts';
import { applyFixtureChange } from './change.ts';
import { compareForScoreboard, mergeMatches } from '../match/scoreboard.ts';
import type { Match, ScoreboardMatch } from '../match/types.ts';
import type { RoundView } from '../competition/round-view.ts';
import { createLiveStore, onePerPage, PUSH_BEFORE_KICKOFF_MS, saveDataDelay, type LivePush, type LiveStatus, type PollingEnvironment } from './live-store.ts';
import type { LiveStream } from './stream.ts';

/**
 * Live scoreboard of one match day, a thin user of the live store (./live.ts). The page is built
 * with the day's matches; this store keeps them fresh while someone is looking: pushed by
 * /api/live while a match is in play or starts within 15 min, else (and when the stream cannot be
 * had) polled every 20 s while a match is in play, every 5 min (or at the next kickoff, if sooner)
 * while matches are still to start, never once every match is over.
 */

export const LIVE_REFRESH_MS = TIMINGS.liveRefreshMs;
export const IDLE_REFRESH_MS = TIMINGS.tablesRefreshMs;
/** A match still "not started" this long after its kickoff is not going to start today. */
export const STALE_KICKOFF_MS = 3 * 60 * 60_000;

export interface MatchdayData {
  /** YYYY-MM-DD (Guayaquil) the matches belong to. */
  date: string;
  matches: readonly ScoreboardMatch[];
}

export type MatchdayState = MatchdayData & LiveStatus;

function isPendingKickoff(match: ScoreboardMatch, now: number): boolean {
  if (match.kind !== 'Fixture') return false;
  if (!isUpcomingStatus(match.status.short)) return false;
  return match.timestamp > 0 && now - match.timestamp * 1000 < STALE_KICKOFF_MS;
}

/**
 * How long until the next refresh, or null when nothing on the list can change any more
 * (every match finished, postponed or cancelled): polling stops at full time.
 */
export function refreshDelay(matches: readonly ScoreboardMatch[], now: number, saveData = false): number | null {
  const live = saveDataDelay(LIVE_REFRESH_MS, saveData);
  const idle = saveDataDelay(IDLE_REFRESH_MS, saveData);
  if (matches.some((m) => m.kind === 'Live')) return live;
  const kickoffs = matches.filter((m) => isPendingKickoff(m, now)).map((m) => m.timestamp * 1000);
  if (!kickoffs.length) return null;
  const untilKickoff = Math.min(...kickoffs) - now;
  return Math.min(idle, Math.max(live, untilKickoff));
}

/**
 * What a match page shows of the build's clock: whether its islands follow the match (it is live or
 * still to kick off) and whether its Relato waits for a first line (kick-off within a day: the site is
 * rebuilt at least daily, so a page of next month's match has none). Both are part of the page's
 * incremental-build key (src/lib/loaders/page-keys.ts).
 */
export function matchPageLiveness(match: ScoreboardMatch, builtAt: number): { canChange: boolean; commentaryAwaited: boolean } {
  const canChange = refreshDelay([match], builtAt) !== null;
  return { canChange, commentaryAwaited: canChange && match.timestamp * 1000 - builtAt < 24 * 3600 * 1000 };
}

/**
 * A club page's matches by the build's clock: those still to come (a kick-off over three hours ago
 * whose status never moved is not), the one it features (live, else the next) and whether that one
 * is followed live. Part of the page's incremental-build key too.
 */
export function teamPageMatches<T extends ScoreboardMatch>(matches: readonly T[], builtAt: number): { upcoming: T[]; featured: T | undefined; featuredCanChange: boolean } {
  const upcoming = matches.filter((m) => m.kind === 'Fixture' && (m.status.short === 'NS' || m.status.short === 'TBD') && m.timestamp * 1000 >= builtAt - 3 * 3600_000);
  const featured = matches.find((m) => m.kind === 'Live') ?? upcoming[0];
  return { upcoming, featured, featuredCanChange: featured ? refreshDelay([featured], builtAt) !== null : false };
}

/** Whether a pushed stream is worth it: a match is in play or kicks off within PUSH_BEFORE_KICKOFF_MS. */
export function pushWanted(matches: readonly ScoreboardMatch[], now: number): boolean {
  return matches.some((m) => m.kind === 'Live' || (isPendingKickoff(m, now) && m.timestamp * 1000 - now <= PUSH_BEFORE_KICKOFF_MS));
}

/** A pushed change folded into a list of matches: null when none of them is the one changed. */
export function applyToMatches<T extends ScoreboardMatch>(matches: readonly T[], change: Parameters<typeof applyFixtureChange>[1]): readonly T[] | null {
  if (!matches.some((m) => m.id === change.fixture)) return null;
  const next = matches.map((m) => applyFixtureChange(m, change));
  return next.every((m, i) => m === matches[i]) ? matches : next;
}

/**
 * Push for a list of matches: it follows those fixtures (or a whole league, whose standings events
 * then come too) and updates them in place.
 */
export function scoreboardPush<T extends { matches: readonly ScoreboardMatch[] }, R>(stream?: LiveStream, league?: number, standings?: LivePush<T, R>['standings']): LivePush<T, R> {
  return {
    topics: (data) => (league ? { leagues: [league] } : { fixtures: data.matches.map((m) => m.id) }),
    wanted: (data, now) => pushWanted(data.matches, now),
    fixture(data, change) {
      const matches = applyToMatches(data.matches, change);
      return matches && (matches === data.matches ? data : { ...data, matches });
    },
    standings,
    stream,
  };
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
  /** Defaults to the page's stream of /api/live (tests inject one). */
  stream?: LiveStream;
}

export interface MatchdayStore {
  $matchday: ReadableAtom<MatchdayState>;
  /** The state the page was built with (see LiveStore.built). */
  built: MatchdayState;
  /** "Actualizado hace 2 minutos", kept current while someone listens. */
  $updatedAgo: ReadableAtom<string>;
  /** Refreshes now (shares an attempt already in flight). */
  refresh(): Promise<void>;
}

const sharedReads = new Map<string, Promise<Response>>();

/**
 * Fetch without the browser's HTTP cache, which could hold an answer older than the live cadence.
 * Widgets of one page that ask for the same URL at the same moment (a league front's rounds and its
 * table, when the stream opens) share one request: each gets its own copy of the answer, and its
 * own signal still aborts its wait.
 */
export const noCacheFetch: typeof fetch = (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if ((init?.method ?? 'GET').toUpperCase() !== 'GET') return fetch(input, { ...init, cache: 'no-cache' });
  let shared = sharedReads.get(url);
  if (!shared) {
    const request = fetch(input, { ...init, signal: undefined, cache: 'no-cache' });
    shared = request.finally(() => sharedReads.delete(url));
    sharedReads.set(url, shared);
  }
  const copy = shared.then((response) => response.clone());
  const signal = init?.signal;
  if (!signal) return copy;
  return new Promise<Response>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    copy.then(resolve, reject);
  });
};

const defaultLoader: MatchdayLoader = (date, signal) => getFixturesByDate(date, { signal, retries: 1, fetchImpl: noCacheFetch });

/**
 * One competition's matches of the day, only those in `shown` (a front page's rounds): a refresh
 * updates the rows on the page and never adds others.
 */
export function competitionLoader(league: number, shown: ReadonlySet<number>): MatchdayLoader {
  return async (date, signal) => {
    const result = await getFixtures({ league, date }, { signal, retries: 1, fetchImpl: noCacheFetch });
    return result.ok ? { ...result, data: result.data.filter((m) => shown.has(m.id)) } : result;
  };
}

export const REFRESH_FAILED_MESSAGE = 'No se pudieron actualizar los marcadores; se muestran los últimos datos.';

export function createMatchdayStore(options: MatchdayStoreOptions): MatchdayStore {
  const load = options.load ?? defaultLoader;
  const { $state, built, $updatedAgo, refresh } = createLiveStore<MatchdayData, Match[]>({
    name: options.date,
    initial: { date: options.date, matches: [...options.initialMatches] },
    initialUpdatedAt: options.initialUpdatedAt,
    load: (signal) => load(options.date, signal),
    merge: (current, fresh) => ({ date: current.date, matches: mergeMatches<ScoreboardMatch>(current.matches, fresh) }),
    nextDelay: (data, now, saveData) => refreshDelay(data.matches, now, saveData),
    maxBackoffMs: IDLE_REFRESH_MS,
    failedMessage: REFRESH_FAILED_MESSAGE,
    notifyError: options.notifyError,
    environment: options.environment,
    clockOffsetMs: options.clockOffsetMs,
    push: scoreboardPush(options.stream),
  });
  return { $matchday: $state, built, $updatedAgo, refresh };
}

/** What a scoreboard island is built with (its props): the day's matches and when they were fetched. */
export interface ScoreboardProps {
  /** YYYY-MM-DD (Guayaquil) of the matches, as the data API's clock saw it at build time. */
  date: string;
  matches: readonly ScoreboardMatch[];
  /** When they were fetched (the API's clock), epoch ms. */
  builtAt: number;
  /** The API's clock minus the build machine's, so the browser measures ages on the API's clock. */
  clockOffsetMs: number;
}

/** What a league front's rounds island is built with (its props). */
export interface CompetitionRoundsProps {
  league: number;
  /** YYYY-MM-DD (Guayaquil) of "today" on the API's clock at build time. */
  today: string;
  /** The rounds being played; their matches of today refresh. */
  rounds: readonly RoundView[];
  builtAt: number;
  clockOffsetMs: number;
}

/** The day's scoreboard of the home page and /football, from the island's props (the island and the page's live watcher). */
export function scoreboardStore({ date, matches, builtAt, clockOffsetMs }: ScoreboardProps, notifyError?: (message: string) => void): MatchdayStore {
  return onePerPage(`scoreboard ${date} ${builtAt}`, () =>
    createMatchdayStore({ date, initialMatches: [...matches].sort(compareForScoreboard), initialUpdatedAt: builtAt, clockOffsetMs, notifyError }),
  );
}

/** A league front's matches of today, asking only that competition, from the island's props (the island and the page's live watcher). */
export function competitionRoundsStore({ league, today, rounds, builtAt, clockOffsetMs }: CompetitionRoundsProps, notifyError?: (message: string) => void): MatchdayStore {
  return onePerPage(`rounds ${league} ${today} ${builtAt}`, () => {
    const initialMatches = rounds.flatMap((r) => r.days.filter((d) => d.day === today).flatMap((d) => d.matches));
    return createMatchdayStore({
      date: today,
      initialMatches,
      initialUpdatedAt: builtAt,
      load: competitionLoader(league, new Set(initialMatches.map((m) => m.id))),
      clockOffsetMs,
      notifyError,
    });
  });
}
