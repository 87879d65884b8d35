import { getFixtures } from '../api/fixtures.ts';
import { parseDetailedMatchList } from '../football/parse-match-detail.ts';
import { keepPhoneNames } from '../football/matches.ts';
import type { Match } from '../football/types.ts';
import { createLiveStore, type LiveStore } from './live.ts';
import { refreshDelay } from './matchday.ts';

/**
 * One match kept fresh while it can change (every 20 s while live and the tab is visible; it stops
 * for good at full time), shared by every island of the page that shows it (score header, events):
 * one request per refresh. A thin user of the live store; its load asks for the fixture by id,
 * which brings the events along.
 */

export interface LiveMatchData {
  match: Match;
}

export type LiveMatchStore = LiveStore<LiveMatchData>;

const stores = new Map<number, LiveMatchStore>();

export interface LiveMatchOptions {
  match: Match;
  builtAt: number;
  clockOffsetMs: number;
  notifyError?: (message: string) => void;
}

/** A fresh copy without its detail lists keeps the ones already shown (an answer never empties the timeline). */
export function mergeMatch(current: LiveMatchData, fresh: Match[]): LiveMatchData {
  const found = fresh.find((m) => m.id === current.match.id);
  if (!found) return current;
  const next = keepPhoneNames(current.match, found);
  return { match: next.details ? next : { ...next, details: current.match.details } };
}

export function liveMatchStore({ match, builtAt, clockOffsetMs, notifyError }: LiveMatchOptions): LiveMatchStore {
  let store = stores.get(match.id);
  if (!store) {
    store = createLiveStore<LiveMatchData, Match[]>({
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
    });
    stores.set(match.id, store);
  }
  return store;
}
