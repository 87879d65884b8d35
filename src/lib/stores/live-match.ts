import { getFixtures } from '../api/football.ts';
import type { Match } from '../football/types.ts';
import { createMatchdayStore, type MatchdayStore } from './matchday.ts';

/**
 * One match kept fresh while it is live (every 20 s while the tab is visible; it stops at full
 * time), shared by every island of the page that shows it (score header, events). Built on the
 * match-day store: same cadence, back-off, visibility and save-data rules, its loader asks for
 * the one fixture by id, which brings its events along.
 */

const stores = new Map<number, MatchdayStore>();

export interface LiveMatchOptions {
  match: Match;
  builtAt: number;
  clockOffsetMs: number;
  notifyError?: (message: string) => void;
}

export function liveMatchStore({ match, builtAt, clockOffsetMs, notifyError }: LiveMatchOptions): MatchdayStore {
  let store = stores.get(match.id);
  if (!store) {
    store = createMatchdayStore({
      date: match.date.slice(0, 10),
      initialMatches: [match],
      initialUpdatedAt: builtAt,
      clockOffsetMs,
      notifyError,
      load: (_date, signal) => getFixtures({ id: match.id }, { signal, retries: 1, fetchImpl: (input, init) => fetch(input, { ...init, cache: 'no-cache' }) }),
    });
    stores.set(match.id, store);
  }
  return store;
}

/** The store's current copy of the match (the full fixture the API sent, details included). */
export function currentMatch(store: MatchdayStore, fallback: Match): Match {
  const found = store.$matchday.get().matches.find((m) => m.id === fallback.id) as Match | undefined;
  return found ?? fallback;
}
