import { LIVE_EVENT_NAMES, type LiveFixtureChange, type LiveStandingsChange } from '../../../contract/live.ts';
import { apiBaseUrl } from '../http/client.ts';

/**
 * The page's one connection to `/api/live` (contract/live.ts), shared by every live store of the
 * page: it asks for the union of what they follow, hands each change to the stores that follow it,
 * and closes when nobody listens (the stores leave while the tab is hidden). Native EventSource,
 * no library: it reconnects by itself and sends `Last-Event-ID`, so the server replays what a
 * short drop missed. Three failures in a row (a 503 over the caps, a host without the stream, a
 * network that keeps dropping) and it gives up until its listeners come back (the tab shown
 * again): meanwhile the stores poll.
 */

export interface LiveTopics {
  leagues?: readonly number[];
  fixtures?: readonly number[];
}

/**
 * - `connecting`: opening, or the browser reconnecting after a drop (the stores wait for it);
 * - `open`: changes flow; `fresh` says the connection is new, so nothing missed was replayed;
 * - `failed`: given up (three failures in a row, or no EventSource): the stores poll.
 */
export type StreamState = 'connecting' | 'open' | 'failed';

export interface LiveSubscriber {
  topics: LiveTopics;
  fixture(change: LiveFixtureChange): void;
  standings(change: LiveStandingsChange): void;
  /** The server could not replay what this page missed: reload the data once. */
  reset(): void;
  state(state: StreamState, fresh: boolean): void;
}

/** What the stream needs from the page; injectable so tests drive it. */
export interface StreamEnvironment {
  isHidden(): boolean;
  /** The browser's EventSource, or undefined where there is none. */
  EventSource?: new (url: string) => EventSource;
}

export interface LiveStream {
  /** Follows changes of these topics; returns the unsubscribe. */
  subscribe(subscriber: LiveSubscriber): () => void;
}

export const STREAM_FAILURES_BEFORE_POLLING = 3;
/** A connection the server closed (a 503, a 404) is opened again after 1 s, then 2 s. */
const REOPEN_MS = 1_000;

const ids = (list: Iterable<number>) => [...new Set(list)].sort((a, b) => a - b).join(',');

const follows = (s: LiveSubscriber, league: number, fixture?: number) =>
  Boolean(s.topics.leagues?.includes(league) || (fixture !== undefined && s.topics.fixtures?.includes(fixture)));

function read<T>(event: Event): T | null {
  try {
    return JSON.parse((event as MessageEvent<string>).data) as T;
  } catch {
    console.warn('[marcador] live stream: unreadable change ignored');
    return null;
  }
}

/** Hands each change of the connection to the subscribers that follow its league or match. */
function forwardChanges(es: EventSource, subscribers: ReadonlySet<LiveSubscriber>): void {
  es.addEventListener(LIVE_EVENT_NAMES.fixture, (event) => {
    const change = read<LiveFixtureChange>(event);
    if (change) for (const s of [...subscribers]) if (follows(s, change.league, change.fixture)) s.fixture(change);
  });
  es.addEventListener(LIVE_EVENT_NAMES.standings, (event) => {
    const change = read<LiveStandingsChange>(event);
    if (change) for (const s of [...subscribers]) if (follows(s, change.league)) s.standings(change);
  });
  es.addEventListener(LIVE_EVENT_NAMES.reset, () => {
    for (const s of [...subscribers]) s.reset();
  });
}

export function createLiveStream(env: StreamEnvironment, base = ''): LiveStream {
  const subscribers = new Set<LiveSubscriber>();
  let source: EventSource | null = null;
  let query = '';
  let state: StreamState = 'connecting';
  let fresh = true;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending = false;

  function announce(next: StreamState) {
    state = next;
    for (const s of subscribers) s.state(next, fresh);
  }

  function close() {
    clearTimeout(timer);
    timer = undefined;
    source?.close();
    source = null;
    query = '';
    // A store joining later waits for the next connection's open, not for this one's.
    if (state === 'open') state = 'connecting';
  }

  function fail() {
    failures++;
    if (failures >= STREAM_FAILURES_BEFORE_POLLING) {
      close();
      return announce('failed');
    }
    announce('connecting');
    // The browser reconnects by itself after a drop; not after an answer other than a stream.
    if (source && source.readyState === 2) {
      close();
      timer = setTimeout(sync, REOPEN_MS * 2 ** (failures - 1));
    }
  }

  function open(wanted: string) {
    if (!env.EventSource) return announce('failed');
    const es = new env.EventSource(`${base}/api/live?${wanted}`);
    source = es;
    query = wanted;
    fresh = true;
    announce('connecting');
    es.addEventListener('open', () => {
      failures = 0;
      announce('open');
      // Later opens of this EventSource are its own reconnects: they sent Last-Event-ID.
      fresh = false;
    });
    es.addEventListener('error', () => {
      if (source === es) fail();
    });
    forwardChanges(es, subscribers);
  }

  /** Opens, reopens (the union changed) or closes the connection as the subscribers and the tab want. */
  function sync() {
    pending = false;
    const leagues = ids([...subscribers].flatMap((s) => s.topics.leagues ?? []));
    const fixtures = ids([...subscribers].flatMap((s) => s.topics.fixtures ?? []));
    // Neither list would ask for every change of every competition.
    const wanted = leagues || fixtures ? [leagues && `leagues=${leagues}`, fixtures && `fixtures=${fixtures}`].filter(Boolean).join('&') : '';
    if (!wanted || env.isHidden() || state === 'failed') return close();
    if (wanted !== query || (!source && !timer)) {
      close();
      open(wanted);
    }
  }

  /** Several stores subscribe in one go (an island's mount): one connection for all of them. */
  function later() {
    if (pending) return;
    pending = true;
    queueMicrotask(sync);
  }

  return {
    subscribe(subscriber) {
      // The first listener back (the tab shown again) gives a stream that had given up a new chance.
      if (!subscribers.size && !source) failures = 0;
      if (!subscribers.size && state === 'failed') state = 'connecting';
      subscribers.add(subscriber);
      if (!env.EventSource) state = 'failed';
      // New to an open stream, it missed what came before: `fresh` for it.
      subscriber.state(state, true);
      later();
      return () => {
        subscribers.delete(subscriber);
        later();
      };
    },
  };
}

let shared: LiveStream | null = null;

/** The page's stream (in the browser; the build never opens one). */
export function pageStream(): LiveStream {
  shared ??= createLiveStream(
    {
      isHidden: () => typeof document !== 'undefined' && document.visibilityState === 'hidden',
      EventSource: typeof EventSource === 'function' ? EventSource : undefined,
    },
    apiBaseUrl(),
  );
  return shared;
}
