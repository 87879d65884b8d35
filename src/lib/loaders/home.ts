import { getFixturesByDate, getLeagueFixtures } from '../match/api.ts';
import { getServerTime, getTopScorers } from '../competition/api.ts';
import { getStandings } from '../competition/standings-api.ts';
import { getNews, getTopViewedNews } from '../news/api.ts';
import type { ApiResult, RequestOptions } from '../http/client.ts';
import { LEAGUES } from '../config.ts';
import { isoDay } from '../format/date.ts';
import { siteNow } from '../format/now.ts';
import type { NewsItem } from '../news/types.ts';
import { withPhoneNames } from '../team/names.ts';
import { leagueTablesView, pendingMatches, slimGroups, type LiveTablesData } from '../competition/league-tables.ts';
import { latestResults, toScoreboardMatch } from '../match/scoreboard.ts';
import { refreshDelay } from '../live/matchday-store.ts';
import { currentStandingsGroups } from '../competition/parse-standings.ts';
import type { Match } from '../match/types.ts';
import type { StandingsGroup } from '../competition/types.ts';
import type { TopScorer } from '../player/types.ts';
import { memo } from './memo.ts';

/**
 * Latest results: Liga Pro's first, then the newest of each other competition. Few rows on purpose:
 * the whole page has to stay light for readers on slow connections.
 */
export const RESULT_COMPETITIONS: ReadonlyArray<{ league: number; limit: number }> = [
  { league: LEAGUES.ligaPro, limit: 3 },
  { league: LEAGUES.serieB, limit: 1 },
  { league: LEAGUES.libertadores, limit: 1 },
  { league: LEAGUES.sudamericana, limit: 1 },
];
/** News cards after the featured one. */
export const LATEST_NEWS = 4;
export const MOST_READ = 5;

/** What the home page shows; null marks a section whose data could not be fetched. */
export interface HomeData {
  /** YYYY-MM-DD (Guayaquil) of "today" on the data API's clock. */
  today: string;
  /** When the data was fetched, on the API's clock (epoch ms). */
  builtAt: number;
  /** The API's clock minus the build machine's. */
  clockOffsetMs: number;
  todayMatches: Match[] | null;
  results: Match[];
  /** Liga Pro's tables of the phase being played, provisional while one of its matches is (leagueTablesView). */
  tableGroups: StandingsGroup[] | null;
  /** "Provisional: si terminara ahora" by group name. */
  tableNotes: Record<string, string>;
  /** What the page's live script needs to keep the tables so (null when no Liga Pro match of today can still move them). */
  liveTables: LiveTablesData | null;
  scorers: TopScorer[] | null;
  featured: NewsItem | null;
  latestNews: NewsItem[];
  mostRead: NewsItem[] | null;
}

/** Build-time failures are logged (so a broken build is noticed) and become empty sections. */
function settled<T>(label: string, result: ApiResult<T>): T | null {
  if (result.ok) return result.data;
  console.warn(`[home] ${label}: ${result.error}`);
  return null;
}

/** Fetches everything the home page shows; `options` reach every request (tests inject fetch). */
export async function fetchHomeData(options?: RequestOptions): Promise<HomeData> {
  // "Today" is the data API's today (tests freeze its clock), not the build machine's.
  const buildClock = Date.now();
  const serverTime = settled('server time', await getServerTime(options));
  const today = serverTime?.today ?? isoDay(siteNow());

  const [todayResult, standingsResult, scorersResult, newsResult, mostReadResult, ...resultLists] = await Promise.all([
    getFixturesByDate(today, options),
    getStandings(LEAGUES.ligaPro, undefined, options),
    getTopScorers(LEAGUES.ligaPro, undefined, options),
    getNews({ limit: LATEST_NEWS + 1 }, options),
    getTopViewedNews(MOST_READ, options),
    // More than shown: today's finished matches are on the scoreboard and left out here.
    ...RESULT_COMPETITIONS.map(({ league, limit }) => getLeagueFixtures(league, { last: limit + 5 }, options)),
  ]);

  const todayMatches = settled(`fixtures of ${today}`, todayResult)?.map(withPhoneNames) ?? null;
  const standings = settled('Liga Pro standings', standingsResult);
  // The same sum as every other page's Liga Pro table: the stored standings and the scores in play.
  const tables = standings && leagueTablesView(LEAGUES.ligaPro, standings.groups, todayMatches ?? []);
  const pending = pendingMatches(todayMatches ?? [], LEAGUES.ligaPro, today);
  const builtAt = serverTime?.now ?? siteNow().getTime();
  const clockOffsetMs = serverTime ? serverTime.now - buildClock : 0;
  const news = settled('news', newsResult);
  const recent = resultLists.map((result, index) => ({
    matches: (settled(`latest results of league ${RESULT_COMPETITIONS[index].league}`, result) ?? []).map(withPhoneNames),
    limit: RESULT_COMPETITIONS[index].limit,
  }));
  const [featured = null, ...latestNews] = news?.items ?? [];

  return {
    today,
    builtAt,
    clockOffsetMs,
    todayMatches,
    results: latestResults(recent, new Set((todayMatches ?? []).map((m) => m.id))),
    tableGroups: standings && tables ? currentStandingsGroups({ ...standings, groups: tables.groups }) : null,
    tableNotes: tables?.notes ?? {},
    liveTables:
      standings && refreshDelay(pending, builtAt) !== null
        ? { league: LEAGUES.ligaPro, today, builtAt, clockOffsetMs, groups: slimGroups(standings.groups), matches: pending.map(toScoreboardMatch) }
        : null,
    scorers: settled('Liga Pro top scorers', scorersResult),
    featured,
    latestNews,
    mostRead: settled('most read news', mostReadResult)?.items ?? null,
  };
}

/**
 * The home page's data, fetched once per build: / and /home render the same page and must show
 * the same snapshot (and cost the API one round of requests, not two).
 */
export function loadHomeData(): Promise<HomeData> {
  return memo('home', () => fetchHomeData());
}
