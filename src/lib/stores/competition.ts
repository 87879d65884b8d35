import { REFRESH_MS } from '../../../contract/limits.ts';
import { getFixtures } from '../api/fixtures.ts';
import type { ApiResult } from '../api/client.ts';
import { mergeMatches } from '../football/matches.ts';
import { toTableGroup, type TableGroup } from '../football/standings.ts';
import type { Match, ScoreboardMatch } from '../football/types.ts';
import { createLiveStore, saveDataDelay, type LiveStore } from './live.ts';
import { noCacheFetch, refreshDelay } from './matchday.ts';

/**
 * Live data of a standings page (its tables, and today's matches that can still change them; a
 * league front's rounds use the day's scoreboard store, ./matchday.ts): the page is built with
 * them; this store keeps them fresh while someone looks. It asks for the competition's
 * matches of today (the only ones that can be live) and, when the page has tables and a result
 * moved (or they reach their cache age), its standings.
 * Cadence: every 20 s while one of the page's matches is live, at the next kickoff, else at the
 * tables' cache age (5 min); a page without tables stops once its matches are all over.
 */

export interface CompetitionLiveData {
  /** The page's matches that a refresh may update (only these: a refresh never adds rows). */
  matches: readonly ScoreboardMatch[];
  /** The page's tables, or null when it shows none. */
  groups: readonly TableGroup[] | null;
}

interface Fresh {
  matches: Match[];
  groups: TableGroup[] | null;
}

export const COMPETITION_REFRESH_FAILED = 'No se pudieron actualizar los datos de la competición; se muestran los últimos.';

/** Next refresh: the matches' cadence (live, kickoff), else the tables' cache age, else never. */
export function competitionNextDelay(data: CompetitionLiveData, now: number, saveData: boolean): number | null {
  const forMatches = refreshDelay(data.matches, now, saveData);
  if (forMatches !== null) return forMatches;
  return data.groups ? saveDataDelay(REFRESH_MS.tables, saveData) : null;
}

function sameGroups(a: readonly TableGroup[], b: readonly TableGroup[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Fresh tables in the order the page shows them (the phase being played first); new ones after. */
function inShownOrder(shown: readonly TableGroup[], fresh: readonly TableGroup[]): TableGroup[] {
  const rank = (g: TableGroup) => {
    const index = shown.findIndex((s) => s.name === g.name);
    return index === -1 ? shown.length : index;
  };
  return [...fresh].sort((a, b) => rank(a) - rank(b));
}

/** Folds a refresh into the page: shown matches updated in place, tables replaced only when they changed. */
export function mergeCompetition(current: CompetitionLiveData, fresh: Fresh): CompetitionLiveData {
  const shown = new Set(current.matches.map((m) => m.id));
  const matches = mergeMatches<ScoreboardMatch>(current.matches, fresh.matches.filter((m) => shown.has(m.id)));
  const ordered = current.groups && fresh.groups ? inShownOrder(current.groups, fresh.groups) : null;
  const groups = current.groups && ordered && !sameGroups(current.groups, ordered) ? ordered : current.groups;
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
  const withTables = options.initial.groups !== null;
  const now = () => options.environment?.now() ?? Date.now() + options.clockOffsetMs;
  const tracked = new Set(options.initial.matches.map((m) => m.id));
  let lastTables = { results: resultsKey(options.initial.matches), at: options.builtAt };
  const load =
    options.load ??
    (async (signal: AbortSignal): Promise<ApiResult<Fresh>> => {
      const request = { signal, retries: 1, fetchImpl: noCacheFetch };
      const startedAt = now();
      // The standings parser comes with the first refresh of the tables: most readers leave first.
      const standings = () => import('../api/standings.ts').then(({ getStandings }) => getStandings(options.league, undefined, request));
      // Old tables are asked for beside the matches; otherwise the matches tell whether to ask.
      const [matches, early] = await Promise.all([
        getFixtures({ league: options.league, date: options.today }, request),
        withTables && tablesDue(lastTables, null, startedAt) ? standings() : Promise.resolve(null),
      ]);
      if (!matches.ok) return matches;
      // Today's matches the page was built with still to finish: results already final at the build
      // are in its tables (and left out of its props), so they must not read as a change.
      const results = resultsKey(matches.data.filter((m) => tracked.has(m.id)));
      const fresh = early ?? (withTables && tablesDue(lastTables, results, startedAt) ? await standings() : null);
      if (fresh && !fresh.ok) return fresh;
      if (fresh) lastTables = { results, at: startedAt };
      const settled = new Set(options.settledGroups);
      const groups = fresh ? fresh.data.groups.filter((group) => !settled.has(group.name)).map(toTableGroup) : null;
      return { ok: true, status: 200, data: { matches: matches.data, groups } };
    });
  return createLiveStore<CompetitionLiveData, Fresh>({
    name: `competition ${options.league}`,
    initial: options.initial,
    initialUpdatedAt: options.builtAt,
    load,
    merge: (current, fresh) => mergeCompetition({ matches: current.matches, groups: current.groups }, fresh),
    nextDelay: competitionNextDelay,
    failedMessage: COMPETITION_REFRESH_FAILED,
    notifyError: options.notifyError,
    environment: options.environment,
    clockOffsetMs: options.clockOffsetMs,
  });
}
