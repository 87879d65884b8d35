import type { LiveFixtureChange } from '../../../contract/live.ts';
import { getFixtures } from './api.ts';
import { applyFixtureChange } from '../live/change.ts';
import { parseDetailedMatchList, parseLineup, parseMatchEvents, parseTeamMatchStatistics } from './parse-detail.ts';
import { asList } from '../http/read.ts';
import { keepPhoneNames } from './scoreboard.ts';
import type { Match } from './types.ts';
import { createLiveStore, onePerPage, type LiveStore } from '../live/live-store.ts';
import type { LiveStream } from '../live/stream.ts';
import { pushWanted, refreshDelay } from '../live/matchday-store.ts';

/**
 * One match kept fresh while it can change (pushed by /api/live while live or about to start, else
 * every 20 s while live and the tab is visible; it stops for good at full time), shared by every
 * island of the page that shows it (score header; events, line-ups, statistics, players): one
 * request per refresh. A thin user of
 * the live store; its load asks for the fixture by id, which brings the events along.
 */

export interface LiveMatchData {
  match: Match;
}

export type LiveMatchStore = LiveStore<LiveMatchData>;

export interface LiveMatchOptions {
  match: Match;
  builtAt: number;
  clockOffsetMs: number;
  notifyError?: (message: string) => void;
  /** Tests inject the page's stream. */
  stream?: LiveStream;
}

/** A fresh copy without its detail lists keeps the ones already shown (an answer never empties the timeline). */
export function mergeMatch(current: LiveMatchData, fresh: Match[]): LiveMatchData {
  const found = fresh.find((m) => m.id === current.match.id);
  if (!found) return current;
  const next = keepPhoneNames(current.match, found);
  return { match: next.details ? next : { ...next, details: current.match.details } };
}

/**
 * A pushed change folded into the match: status, goals and score (applyFixtureChange), its new
 * events appended (or the whole list, when the provider corrected one), and new line-ups or
 * statistics in place of the old, read by the same parsers as a refetch, in the same order: what
 * the page shows is what a reload would show.
 */
export function applyMatchChange(current: LiveMatchData, change: LiveFixtureChange): LiveMatchData | null {
  const { match } = current;
  if (match.id !== change.fixture) return null;
  let next = applyFixtureChange(match, change);
  if (change.events || change.newEvents?.length || change.lineups || change.statistics) {
    const details = match.details ?? { events: [], lineups: [], statistics: [] };
    const events = change.events ? parseMatchEvents(change.events) : change.newEvents?.length ? parseMatchEvents(change.newEvents, details.events) : details.events;
    const lineups = change.lineups ? asList(change.lineups).map(parseLineup).filter((l) => l !== null) : details.lineups;
    const statistics = change.statistics ? asList(change.statistics).map(parseTeamMatchStatistics).filter((s) => s !== null) : details.statistics;
    next = { ...next, details: { ...details, events, lineups, statistics } };
  }
  return next === match ? current : { match: next };
}

/** The page's store of this match, shared by its islands and the page's live watcher (src/client/live-islands.ts). */
export function liveMatchStore(options: LiveMatchOptions): LiveMatchStore {
  return onePerPage(`match ${options.match.id} ${options.builtAt}`, () => createLiveMatchStore(options));
}

function createLiveMatchStore({ match, builtAt, clockOffsetMs, notifyError, stream }: LiveMatchOptions): LiveMatchStore {
  return createLiveStore<LiveMatchData, Match[]>({
    name: `match ${match.id}`,
    initial: { match },
    initialUpdatedAt: builtAt,
    clockOffsetMs,
    // Without the browser's HTTP cache, which could hold a 15 s old answer.
    load: (signal) => getFixtures({ id: match.id }, { signal, retries: 1, fetchImpl: (input, init) => fetch(input, { ...init, cache: 'no-cache' }) }, parseDetailedMatchList),
    merge: mergeMatch,
    nextDelay: (data, now, saveData) => refreshDelay([data.match], now, saveData),
    failedMessage: 'No se pudo actualizar el partido; se muestran los últimos datos.',
    notifyError,
    push: {
      topics: () => ({ fixtures: [match.id] }),
      wanted: (data, now) => pushWanted([data.match], now),
      fixture: applyMatchChange,
      stream,
    },
  });
}
