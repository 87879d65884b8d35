import { atom, computed, onMount, task, type ReadableAtom, type WritableAtom } from 'nanostores';
import type { LiveFixtureChange, LiveStandingsChange } from '../../../contract/live.ts';
import { REFRESH_MS } from '../../../contract/limits.ts';
import { isFinishedStatus } from '../../../contract/status.ts';
import { readerMessage, type ApiResult } from '../http/client.ts';
import { failingLabel, updatedAgoLabel } from '../format/freshness.ts';
import type { LiveStream, LiveSubscriber, LiveTopics, StreamState } from './stream.ts';

/**
 * The one store every live widget uses (ARCHITECTURE.md "Live data in islands"; the Guardian's live
 * blocks and Nano Stores' conventions). A page is prebuilt with its data; this store keeps that
 * data fresh while someone looks at it:
 *
 * - pushed first (`push`): while `push.wanted` (a match it follows is live or about to start), the
 *   tab is visible and the reader did not ask to save data, it follows the page's one stream of
 *   /api/live (./live-stream.ts) and folds each change in with `push.fixture`, without a request;
 *   it does not poll then. A new connection (nothing replayed) refetches once; an answer that was
 *   on its way while a change came is asked for again; `event: reset` refetches once; a change that ends a match
 *   refetches once (the final word: winner, details); `event: standings` calls `push.standings`.
 *   Without EventSource, after three failures of the stream in a row, or under save-data: polling,
 *   as below;
 * - polls on the cadence `nextDelay(data, now, saveData)` picks from the data itself, and stops for
 *   good when it says `null` (every match finished: nothing can change any more);
 * - only while someone listens: it starts in `onMount` and stops (aborting a request in flight)
 *   when the last listener leaves, so an unmounted island costs nothing;
 * - only while the tab is visible: hidden pauses it, coming back refreshes at once when the last
 *   attempt is older than `visibleRefreshGapMs`;
 * - under `navigator.connection.saveData`, `nextDelay` is told so (see `saveDataDelay`) and the
 *   back-off cap is `SAVE_DATA_FACTOR` times longer;
 * - on failure it keeps the last data on screen, backs off exponentially (×2, ×4 … capped at
 *   `maxBackoffMs`), and calls `notifyError` once per run of failures, not every round;
 * - `$updatedAgo` says "Actualizado hace 2 minutos" and keeps saying it while someone listens.
 *
 * The data `T` is an object whose fields are spread into the state next to the status fields
 * (`updatedAt`, `refreshing`, `error`, `failures`), so an island reads `state.matches` directly.
 * Wrap a list in an object (`{ rows }`).
 *
 * A new widget (a match page, a table, a news list) is a thin `live-store.ts` in its entity's folder:
 *
 * ```ts
 * // src/lib/competition/live-store.ts
 * export function createStandingsStore(league: number, season: number, initial: StandingsGroup[], builtAt: number) {
 *   return createLiveStore<{ groups: StandingsGroup[] }, StandingsGroup[]>({
 *     name: `standings ${league}`,
 *     initial: { groups: initial },
 *     initialUpdatedAt: builtAt,
 *     load: (signal) => getStandings(league, season, { signal, retries: 1 }),   // src/lib/competition/standings-api.ts
 *     merge: (_current, groups) => ({ groups }),
 *     nextDelay: (_data, _now, saveData) => saveDataDelay(REFRESH_MS.tables, saveData),
 *     failedMessage: 'No se pudo actualizar la tabla; se muestra la última.',
 *     notifyError: (message) => showToast(message, 'error'),                     // the island passes it
 *   });
 * }
 * // in the island: const [store] = useState(() => createStandingsStore(…)); const state = useStore(store.$state);
 * ```
 *
 * A match page does the same with `load: (signal) => getFixture(id, { signal })`,
 * `merge: (current, fresh) => ({ match: fresh })` and `nextDelay` returning `null` once the match is
 * a result; a news list uses `REFRESH_MS.news`. Tests drive it with a fake `PollingEnvironment`,
 * `vi.useFakeTimers()`, and `allTasks` / `cleanStores` from nanostores (src/lib/live/live-store.test.ts).
 */

/** Under `navigator.connection.saveData` every cadence is this many times slower. */
export const SAVE_DATA_FACTOR = 3;
/** Coming back to the tab refreshes at once, unless the last attempt is more recent than this. */
export const VISIBLE_REFRESH_GAP_MS = 10_000;
/** How often "actualizado hace …" is recomputed. */
export const CLOCK_TICK_MS = 15_000;
/** Default cap of the back-off after failures (before the save-data factor). */
export const MAX_BACKOFF_MS = REFRESH_MS.tables;
/**
 * After this many refreshes failed in a row the freshness line says the page cannot update. Two:
 * with the back-off (20 s, then 40 s) the second failure comes a minute in, when the data shown is
 * three live rounds old; a third would come only after 140 s.
 */
export const FAILING_AFTER = 2;
/** Push is worth a connection from this long before a kickoff. */
export const PUSH_BEFORE_KICKOFF_MS = 15 * 60_000;

/** A cadence slowed down for readers who asked to save data. */
export function saveDataDelay(ms: number, saveData: boolean): number {
  return saveData ? ms * SAVE_DATA_FACTOR : ms;
}

/** After failures wait longer (×2, ×4 …), but never longer than `cap` nor less than `base`. */
export function backOff(base: number, failures: number, cap: number): number {
  return failures ? Math.max(base, Math.min(base * 2 ** failures, cap)) : base;
}

/** What the store needs from the page it runs in; injectable so tests drive it. */
export interface PollingEnvironment {
  now(): number;
  isHidden(): boolean;
  saveData(): boolean;
  onVisibilityChange(listener: () => void): () => void;
  /**
   * Loads the page's stream of /api/live (the browser: its module, fetched with the first live
   * match, so a page whose matches are over never loads it). Without it the store polls: a test's
   * page has none unless it gives one, so no module load races the test's fake timers.
   */
  liveStream?(): Promise<LiveStream>;
}

/**
 * The real browser, or null where there is none (the build renders islands in Node).
 * `clockOffsetMs` shifts the browser's clock onto the data API's (which tests freeze), so ages and
 * kickoffs are measured against the same "now" the data was built with.
 */
export function browserEnvironment(clockOffsetMs = 0): PollingEnvironment | null {
  if (typeof document === 'undefined' || typeof window === 'undefined') return null;
  const offset = Number.isFinite(clockOffsetMs) ? clockOffsetMs : 0;
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  // Offline counts as hidden: nothing refreshes or streams, and the connection's return refreshes
  // once, as a tab coming back does (issue 27).
  const events = ['online', 'offline'] as const;
  return {
    now: () => Date.now() + offset,
    isHidden: () => document.visibilityState === 'hidden' || !navigator.onLine,
    // A 2G connection is saved on as if the reader had asked.
    saveData: () => Boolean(connection?.saveData) || /2g/.test(connection?.effectiveType ?? ''),
    onVisibilityChange(listener) {
      document.addEventListener('visibilitychange', listener);
      for (const name of events) window.addEventListener(name, listener);
      return () => {
        document.removeEventListener('visibilitychange', listener);
        for (const name of events) window.removeEventListener(name, listener);
      };
    },
    liveStream: () => import('./stream.ts').then((module) => module.pageStream()),
  };
}

/** How fresh the data is and how the last refresh went. */
export interface LiveStatus {
  /** Epoch ms of the data shown (the build, then each successful refresh). */
  updatedAt: number;
  refreshing: boolean;
  /** Why the last refresh failed (English, for logs); null after a success. */
  error: string | null;
  /** Consecutive failed refreshes; refreshes back off while it grows. */
  failures: number;
}

/** The widget's data with the status fields beside it. */
export type LiveState<T extends object> = T & LiveStatus;

/** How a store follows the page's stream of changes (see createLiveStore). */
export interface LivePush<T extends object, R> {
  /** What it follows: the leagues and fixtures of its data. */
  topics(data: T): LiveTopics;
  /** Whether a connection is worth it now: a match it follows is live or about to start. */
  wanted(data: T, now: number): boolean;
  /** Folds a change in (the same object when nothing shown moved); null when the change is not about its data. */
  fixture(data: T, change: LiveFixtureChange): T | null;
  /** A league's standings changed: a load of what that changes, folded in with `merge`. */
  standings?(change: LiveStandingsChange, signal: AbortSignal): Promise<ApiResult<R>>;
  /** Defaults to the page's stream, loaded with the first live match (tests inject one). */
  stream?: LiveStream;
}

export interface LiveStoreOptions<T extends object, R> {
  /** Names the widget in console warnings ("live refresh of <name> failed"). */
  name: string;
  /** The data the page was built with. */
  initial: T;
  /** When it was fetched (the page's build time, on the API's clock), epoch ms. */
  initialUpdatedAt: number;
  /** One refresh through an entity's api.ts; must honour the signal. A throw counts as a failure. */
  load: (signal: AbortSignal) => Promise<ApiResult<R>>;
  /** Folds a fresh answer into the data shown. Default: the answer replaces the data (R = T). */
  merge?: (current: T, fresh: R) => T;
  /** Delay until the next refresh, in ms, or null to stop polling (nothing can change any more). */
  nextDelay: (data: T, now: number, saveData: boolean) => number | null;
  /** Back-off cap after failures (× SAVE_DATA_FACTOR under save-data). Default MAX_BACKOFF_MS. */
  maxBackoffMs?: number;
  visibleRefreshGapMs?: number;
  /** Spanish sentence opening the error toast; the reader-facing cause is appended. */
  failedMessage?: string;
  /** Tells the reader a refresh failed (a toast); called once per run of failures. */
  notifyError?: (message: string) => void;
  /** Defaults to the browser; without one (the build) the store never polls. */
  environment?: PollingEnvironment | null;
  /** For the default browser environment: the data API's clock minus this machine's. */
  clockOffsetMs?: number;
  /** Changes pushed by /api/live instead of polling, when the page can have them. */
  push?: LivePush<T, R>;
}

export interface LiveStore<T extends object> {
  $state: ReadableAtom<LiveState<T>>;
  /**
   * The state the page was built with: an island hydrates from it (the build's HTML), then shows
   * `$state`, which the page's live watcher may already have moved (src/client/live-islands.ts).
   */
  built: LiveState<T>;
  /**
   * "Actualizado hace 2 minutos" ("ahora mismo" while the stream is open: nothing newer exists),
   * or, after FAILING_AFTER failed refreshes, that the page cannot update; kept current while
   * someone listens.
   */
  $updatedAgo: ReadableAtom<string>;
  /** Refreshes now (shares an attempt already in flight). */
  refresh(): Promise<void>;
}

const pageStores = new Map<string, unknown>();

/**
 * One store per page and key in the browser: the page's live watcher starts it and the island it
 * hands over to takes the same one (src/client/live-islands.ts). The build renders every page in one
 * process, where a store kept from another page would draw that page's data: there each call makes
 * its own.
 */
export function onePerPage<S>(key: string, create: () => S): S {
  if (typeof document === 'undefined') return create();
  let store = pageStores.get(key) as S | undefined;
  if (store === undefined) {
    store = create();
    pageStores.set(key, store);
  }
  return store;
}

export const DEFAULT_FAILED_MESSAGE = 'No se pudieron actualizar los datos; se muestran los últimos.';

type Load<R> = (signal: AbortSignal) => Promise<ApiResult<R>>;

/** The refreshes of one store: one at a time, shared while in flight, and asked again after a change (see `again`). */
interface Refresher<R> {
  refresh(load?: Load<R>, followUp?: boolean): Promise<void>;
  /** A refresh for something the stream said changed: one on its way may predate it. */
  refreshForChange(load?: Load<R>): Promise<void>;
  /** A change was folded in while a refresh was on its way: that answer is not shown, a new one is asked for. */
  askAgainIfBusy(): void;
  lastAttemptAt(): number;
  /** The last listener left: abort what is in flight. */
  cancel(): void;
}

function createRefresher<T extends object, R>(
  options: LiveStoreOptions<T, R>,
  stores: { $state: WritableAtom<LiveState<T>>; $clock: WritableAtom<number> },
  now: () => number,
): Refresher<R> {
  const { $state, $clock } = stores;
  const merge = options.merge ?? ((_current: T, fresh: R) => fresh as unknown as T);
  let controller: AbortController | null = null;
  let inFlight: Promise<void> | null = null;
  let lastAttemptAt = options.initialUpdatedAt;
  /**
   * Asked for while a refresh was on its way (a change pushed meanwhile, the final whistle, a reset):
   * that answer may be older than what asked, and may even arrive after a pushed change. It is not
   * shown; this load runs once it is in. The server clears its answers before it pushes, so a load
   * asked for after a change has it. Once per refresh: a busy stream cannot keep answers off screen.
   */
  let again: Load<R> | null = null;

  function refresh(load: Load<R> = options.load, followUp = false): Promise<void> {
    if (inFlight) return inFlight;
    const current = new AbortController();
    controller = current;
    lastAttemptAt = now();
    $state.set({ ...$state.get(), refreshing: true });
    let chain: Promise<void> | null = null;
    const attempt: Promise<void> = task(async () => {
      try {
        const result = await load(current.signal).catch((error: unknown): ApiResult<R> => ({ ok: false, status: 0, error: (error as Error)?.message || 'Refresh failed' }));
        // Unmounted meanwhile: nobody is looking, and a new mount starts from the state as it was.
        if (current.signal.aborted) return;
        const state = $state.get();
        if (result.ok && again && !followUp) return;
        if (result.ok) {
          $clock.set(now());
          $state.set({ ...state, ...merge(state, result.data), updatedAt: now(), refreshing: false, error: null, failures: 0 });
          return;
        }
        // Keep the last data on screen; tell the reader once per run of failures, not every round.
        $state.set({ ...state, refreshing: false, error: result.error, failures: state.failures + 1 });
        console.warn(`[marcador] live refresh of ${options.name} failed: ${result.error}`);
        if (state.failures === 0) options.notifyError?.(`${options.failedMessage ?? DEFAULT_FAILED_MESSAGE} ${readerMessage(result.status)}`);
      } finally {
        // At once, not a turn later: a change that comes now asks for its own refresh.
        if (inFlight === chain) inFlight = null;
      }
    });
    chain = attempt.then(() => {
      const next = again;
      again = null;
      if (next && !current.signal.aborted) return refresh(next, true);
    });
    inFlight = chain;
    return chain;
  }

  return {
    refresh,
    refreshForChange(load: Load<R> = options.load) {
      if (inFlight) again = load;
      return refresh(load);
    },
    askAgainIfBusy() {
      if (inFlight) again ??= options.load;
    },
    lastAttemptAt: () => lastAttemptAt,
    cancel() {
      if (!controller || !inFlight) return;
      controller.abort();
      inFlight = null;
      again = null;
      $state.set({ ...$state.get(), refreshing: false });
    },
  };
}

/** What a mounted store works with. */
interface Mounted<T extends object, R> {
  env: PollingEnvironment;
  options: LiveStoreOptions<T, R>;
  $state: WritableAtom<LiveState<T>>;
  $clock: WritableAtom<number>;
  $streaming: WritableAtom<boolean>;
  refresher: Refresher<R>;
  now: () => number;
}

/** How the store reacts to the stream: each change folded in, the final whistle and a reset refetched. */
function storeSubscriber<T extends object, R>(
  { $state, $clock, refresher, now }: Mounted<T, R>,
  push: LivePush<T, R>,
  topics: LiveTopics,
  hooks: { schedule: () => void; onState: (next: StreamState, fresh: boolean) => void },
): LiveSubscriber {
  const { schedule } = hooks;
  return {
    topics,
    fixture(change) {
      const state = $state.get();
      const next = push.fixture(state, change);
      if (!next) return;
      refresher.askAgainIfBusy();
      $clock.set(now());
      $state.set({ ...state, ...next, updatedAt: now(), error: null, failures: 0 });
      // The final whistle: one refetch brings what a change does not carry (the winner, the final details).
      if (isFinishedStatus(change.status.short)) void refresher.refreshForChange().then(schedule);
      else schedule();
    },
    standings(change) {
      if (push.standings) void refresher.refreshForChange((signal) => push.standings!(change, signal)).then(schedule);
    },
    reset: () => void refresher.refreshForChange().then(schedule),
    state: hooks.onState,
  };
}

/**
 * Subscribes to the injected stream, or to the page's (its module loaded on first use; `stillWanted`
 * says whether the subscription is wanted when it arrives). False when the page has no stream.
 */
function subscribeTo<T extends object, R>(
  env: PollingEnvironment,
  push: LivePush<T, R>,
  subscriber: LiveSubscriber,
  subscribed: (unsubscribe: () => void) => void,
  stillWanted: () => boolean,
): boolean {
  if (push.stream) subscribed(push.stream.subscribe(subscriber));
  else if (env.liveStream)
    env.liveStream().then(
      (stream) => {
        if (stillWanted()) subscribed(stream.subscribe(subscriber));
      },
      () => subscriber.state('failed', false),
    );
  else return false;
  return true;
}

/** While someone listens: follows the stream or polls, as the data, the tab and the reader want; returns the stop. */
function whileMounted<T extends object, R>(mounted: Mounted<T, R>): () => void {
  const { env, options, $state, $streaming, refresher, now } = mounted;
  const push = options.push;
  const gap = options.visibleRefreshGapMs ?? VISIBLE_REFRESH_GAP_MS;
  const maxBackoff = options.maxBackoffMs ?? MAX_BACKOFF_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A refresh that settles after the last listener left must not start a new round.
  let active = true;
  let unsubscribe: (() => void) | null = null;
  let topicsKey = '';
  let streamState: StreamState = 'connecting';

  const stop = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const stale = () => env.now() - refresher.lastAttemptAt() >= gap;
  const setStreaming = (open: boolean) => {
    // Until the stream dropped, what was shown was what the server had.
    if ($streaming.get() && !open) $state.set({ ...$state.get(), updatedAt: now() });
    $streaming.set(open);
  };
  const leave = () => {
    unsubscribe?.();
    unsubscribe = null;
    topicsKey = '';
    setStreaming(false);
  };
  /** Joins or leaves the page's stream as the data, the tab and the reader want; true while it carries the changes. */
  const follow = (): boolean => {
    const data = $state.get();
    if (!push || !active || env.isHidden() || env.saveData() || !push.wanted(data, env.now())) {
      leave();
      return false;
    }
    const topics = push.topics(data);
    const key = JSON.stringify(topics);
    if (key !== topicsKey) {
      leave();
      topicsKey = key;
      streamState = 'connecting';
      const subscriber = storeSubscriber(mounted, push, topics, {
        schedule: () => schedule(),
        onState(next, fresh) {
          streamState = next;
          setStreaming(next === 'open');
          // A new connection replays nothing: what changed since the data was fetched (even a second
          // ago, before the server counted this connection) comes by one refetch.
          if (next === 'open' && fresh) run();
          else schedule();
        },
      });
      const subscribed = (stop: () => void) => (unsubscribe = stop);
      if (!subscribeTo(env, push, subscriber, subscribed, () => topicsKey === key && !unsubscribe)) streamState = 'failed';
    }
    return streamState !== 'failed';
  };
  const schedule = () => {
    stop();
    if (!active || env.isHidden()) return;
    if (follow()) return;
    const state = $state.get();
    const saveData = env.saveData();
    const base = options.nextDelay(state, env.now(), saveData);
    if (base === null) return;
    const delay = backOff(base, state.failures, saveDataDelay(maxBackoff, saveData));
    // Joining the stream may have scheduled already (it said it failed): one timer only.
    stop();
    timer = setTimeout(run, Math.max(0, refresher.lastAttemptAt() + delay - env.now()));
  };
  const run = () => {
    timer = undefined;
    void refresher.refresh().then(schedule);
  };
  const onVisibility = () => {
    if (env.isHidden()) {
      leave();
      return stop();
    }
    // Back to the stream: its new connection brings the catch-up, asked for once the server counts it.
    if (follow()) return;
    const polling = options.nextDelay($state.get(), env.now(), env.saveData()) !== null;
    if (polling && stale()) run();
    else schedule();
  };

  const stopListening = env.onVisibilityChange(onVisibility);
  schedule();
  return () => {
    active = false;
    stop();
    leave();
    stopListening();
    refresher.cancel();
  };
}

export function createLiveStore<T extends object, R = T>(options: LiveStoreOptions<T, R>): LiveStore<T> {
  const environment = options.environment === undefined ? browserEnvironment(options.clockOffsetMs) : options.environment;
  const now = () => environment?.now() ?? Date.now();

  const $state: WritableAtom<LiveState<T>> = atom<LiveState<T>>({
    ...options.initial,
    updatedAt: options.initialUpdatedAt,
    refreshing: false,
    error: null,
    failures: 0,
  });
  const $clock = atom(now());
  /** The stream is open: what is shown is what the server has. */
  const $streaming = atom(false);
  const refresher = createRefresher(options, { $state, $clock }, now);

  onMount($state, () => {
    if (environment) return whileMounted({ env: environment, options, $state, $clock, $streaming, refresher, now });
  });

  onMount($clock, () => {
    if (!environment) return;
    const env = environment;
    $clock.set(env.now());
    const interval = setInterval(() => $clock.set(env.now()), CLOCK_TICK_MS);
    return () => clearInterval(interval);
  });

  const $updatedAgo = computed([$state, $clock, $streaming], (state, clock, streaming) =>
    !streaming && state.failures >= FAILING_AFTER ? failingLabel(state.updatedAt, clock) : updatedAgoLabel(streaming ? clock : state.updatedAt, clock),
  );

  return { $state, built: $state.get(), $updatedAgo, refresh: () => refresher.refresh() };
}
