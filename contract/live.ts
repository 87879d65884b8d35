/**
 * `GET /api/live`: Server-Sent Events of what the ingest wrote, for the islands (ARCHITECTURE.md "Live data
 * in islands"). Filtered by `?leagues=242,243` and/or `?fixtures=1,2` (comma or '-' separated; an
 * event passes when its league or its fixture is asked for; neither: every event).
 *
 * Wire format, one SSE event per store write that changed something a reader sees:
 *
 *   id: 812
 *   event: fixture
 *   data: {"league":242,"season":2026,"fixture":1234,"kinds":["score","event"],"status":{…},"goals":{…},"score":{…},"newEvents":[…]}
 *   (a details write adds "lineups":[…] and/or "statistics":[…] with the kinds of the same names)
 *
 *   id: 813
 *   event: standings
 *   data: {"league":242,"season":2026}
 *
 * - `id` grows by one per change; a client that reconnects sends `Last-Event-ID` and gets what it
 *   missed from a bounded buffer. When its id is older than the buffer, the server sends one
 *   `event: reset` (data `{}`): the client reloads its data once, then follows the stream.
 * - A comment line (`: ping`) every LIVE_HEARTBEAT_MS keeps proxies from closing an idle stream.
 * - Over the connection caps the answer is 503 with a JSON `message`: the client polls instead.
 */
import type { ApiFixtureCore, ApiFixtureEvent, ApiLineup, ApiTeamFixtureStatistics } from './api-football.ts';

/** What changed in one write of a fixture. */
export type LiveChangeKind = 'score' | 'status' | 'event' | 'lineups' | 'statistics' | 'standings';

/** API-Football's event shape, as `/api/football/fixtures` sends it. */
export type LiveEventJson = ApiFixtureEvent;

export type LiveScorePair = ApiFixtureCore['goals'];

/** `event: fixture`: the fixture's state after the write (status, goals and score always; events as below). */
export interface LiveFixtureChange {
  league: number;
  season: number;
  fixture: number;
  kinds: LiveChangeKind[];
  status: Omit<ApiFixtureCore['fixture']['status'], 'extra'> & { extra: number | null };
  goals: LiveScorePair;
  score: ApiFixtureCore['score'];
  /** Events added at the end of the fixture's list by this write (the usual case: a goal, a card). */
  newEvents?: LiveEventJson[];
  /** The whole list, sent instead of `newEvents` when the provider corrected or removed an event. */
  events?: LiveEventJson[];
  /**
   * Both line-ups, when this write brought new ones (published at kick-off, corrected): a match page
   * shows them without asking. Only with the kind `lineups`.
   */
  lineups?: ApiLineup[];
  /** Both teams' match statistics, when this write changed them (in play, every few minutes). Kind `statistics`. */
  statistics?: ApiTeamFixtureStatistics[];
}

/** `event: standings`: the league's standings in the store changed; read them again from the API. */
export interface LiveStandingsChange {
  league: number;
  season: number;
}

export const LIVE_EVENT_NAMES = { fixture: 'fixture', standings: 'standings', reset: 'reset' } as const;

/** Heartbeat comment cadence of `/api/live`. */
export const LIVE_HEARTBEAT_MS = 15_000;
/** How many changes the server keeps for `Last-Event-ID` replays. */
export const LIVE_REPLAY_BUFFER = 500;
/**
 * Open streams allowed per client address and in total; beyond them 503 and the islands poll. Through Pushpin
 * (server/pushpin/) the per-address cap holds over every instance and the total is Pushpin's `client_maxconn`.
 */
export const LIVE_MAX_STREAMS_PER_CLIENT = 8;
export const LIVE_MAX_STREAMS_TOTAL = 5_000;
