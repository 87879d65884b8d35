import { REFRESH_MS } from '../../../contract/limits.ts';
import type { ApiResult } from '../http/client.ts';
import { mergeMatches } from '../match/scoreboard.ts';
import type { TableGroup } from './standings.ts';
import { slimGroups } from './league-tables.ts';
import type { Match, ScoreboardMatch } from '../match/types.ts';
import { createLiveStore, saveDataDelay, type LiveStore } from '../live/live-store.ts';
import type { LiveStream } from '../live/stream.ts';
import { competitionLoader, noCacheFetch, refreshDelay, scoreboardPush } from '../live/matchday-store.ts';

/**
 * Live data of a standings page (its tables, and today's matches that can still change them; a
 * league front's rounds use the day's scoreboard store, ./matchday.ts): the page is built with
 * them; this store keeps them fresh while someone looks. It asks for the competition's
 * matches of today (the only ones that can be live) and, when a result moved (or the tables
 * reach their cache age), its standings.
 * Pushed by /api/live (the competition's league) while one of the page's matches is live or about
 * to start: scores fold in as they come, the tables (and the matches, in the same round trip) are
 * read again when the stream says they changed. Polled otherwise (and when the stream cannot be
 * had): every 20 s while one of the page's matches is live, at the next kickoff, else at the
 * tables' cache age (5 min).
 */

export interface CompetitionLiveData {
  /** Today's matches that can still change the tables (only these: a refresh never adds rows). */
  matches: readonly ScoreboardMatch[];
  /** The page's tables but its settled ones. */
  groups: readonly TableGroup[];
}

interface Fresh {
  /** The page's matches only (competitionLoader). */
  matches: Match[];
  /** Null when this refresh did not ask for the standings. */
  groups: TableGroup[] | null;
}

/** Next refresh: the matches' cadence (live, kickoff), else the tables' cache age. */
export function competitionNextDelay(data: CompetitionLiveData, now: number, saveData: boolean): number {
  return refreshDelay(data.matches, now, saveData) ?? saveDataDelay(REFRESH_MS.tables, saveData);
}

/**
 * Folds a refresh into the page: matches updated in place, tables replaced only when they changed.
 * The tables are kept cut as the page's data block has them (slimGroups): the API's, with names and
 * crests, would otherwise differ from the page's at every first refresh, and every table be drawn again.
 */
export function mergeCompetition(current: CompetitionLiveData, fresh: Fresh): CompetitionLiveData {
  const matches = mergeMatches<ScoreboardMatch>(current.matches, fresh.matches);
  const freshGroups = fresh.groups && slimGroups(fresh.groups);
  const groups = freshGroups && JSON.stringify(current.groups) !== JSON.stringify(freshGroups) ? freshGroups : current.groups;
  return matches === current.matches && groups === current.groups ? current : { matches, groups };
}

export interface CompetitionStoreOptions {
  league: number;
  /** YYYY-MM-DD (Guayaquil) of "today" on the API's clock at build time. */
  today: string;
  initial: CompetitionLiveData;
  /** Tables shown outside the store (settled phases): left out of a refresh. */
  settledGroups?: readonly string[];
  builtAt: number;
  clockOffsetMs: number;
  notifyError?: (message: string) => void;
  /** Tests inject the fetches. */
  load?: (signal: AbortSignal) => Promise<ApiResult<Fresh>>;
  environment?: Parameters<typeof createLiveStore>[0]['environment'];
  stream?: LiveStream;
}

/** What the tables follow among the competition's matches of today: the scores and which are over. */
export function resultsKey(matches: readonly Pick<ScoreboardMatch, 'id' | 'status' | 'goals'>[]): string {
  return matches
    .map((m) => `${m.id}:${m.status.short}:${m.goals.home ?? ''}-${m.goals.away ?? ''}`)
    .sort()
    .join(' ');
}

/**
 * A refresh asks for the tables again only when they can have changed: a score or a status of
 * today's matches moved since the last tables, or those are as old as their cache age (a
 * correction, a match of another day). Not on every 20 s round of a live match: that was a whole
 * standings answer three times a minute on a reader's metered phone. A timer set for the cache
 * age may fire a moment early by the page's clock, hence the second of slack.
 */
export function tablesDue(last: { results: string; at: number }, results: string | null, now: number): boolean {
  return now - last.at >= REFRESH_MS.tables - 1_000 || (results !== null && results !== last.results);
}


export function createCompetitionStore(options: CompetitionStoreOptions): LiveStore<CompetitionLiveData> {
  const now = () => options.environment?.now() ?? Date.now() + options.clockOffsetMs;
  const loadMatches = competitionLoader(options.league, new Set(options.initial.matches.map((m) => m.id)));
  let lastTables = { results: resultsKey(options.initial.matches), at: options.builtAt };
  const shownOrder = options.initial.groups.map((group) => group.name);
  const load =
    options.load ??
    (async (signal: AbortSignal): Promise<ApiResult<Fresh>> => {
      const request = { signal, retries: 1, fetchImpl: noCacheFetch };
      const startedAt = now();
      // The standings parser and the tables' shape come with the first refresh of the tables: most
      // readers leave first.
      const standings = () => import('./standings-api.ts').then((api) => api.getShownTables(options.league, shownOrder, options.settledGroups, request));
      // Old tables are asked for beside the matches; otherwise the matches tell whether to ask.
      const [matches, early] = await Promise.all([
        loadMatches(options.today, signal),
        tablesDue(lastTables, null, startedAt) ? standings() : null,
      ]);
      if (!matches.ok) return matches;
      // Only today's matches the page was built with, still to finish (competitionLoader): results
      // already final at the build are in its tables (and left out of its props), so they must not
      // read as a change.
      const results = resultsKey(matches.data);
      const fresh = early ?? (tablesDue(lastTables, results, startedAt) ? await standings() : null);
      if (fresh && !fresh.ok) return fresh;
      if (fresh) lastTables = { results, at: startedAt };
      return { ok: true, status: 200, data: { matches: matches.data, groups: fresh?.data ?? null } };
    });
  return createLiveStore<CompetitionLiveData, Fresh>({
    name: `competition ${options.league}`,
    initial: options.initial,
    initialUpdatedAt: options.builtAt,
    load,
    merge: mergeCompetition,
    nextDelay: competitionNextDelay,
    notifyError: options.notifyError,
    environment: options.environment,
    clockOffsetMs: options.clockOffsetMs,
    // The league's changes, its standings events with them (changes of matches not shown are left out);
    // on `standings` a refresh with the tables due: they come beside the matches, in one round trip.
    push: scoreboardPush(options.stream, options.league, (_change, signal) => {
      lastTables = { ...lastTables, at: -Infinity };
      return load(signal);
    }),
  });
}
