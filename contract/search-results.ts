import { competitionName, competitionPath, competitionShortName } from './competitions.ts';
import { dateListYears, formatListDate, formatTime, type DateListYears } from './format.ts';
import { statusGroup, statusLabel } from './status.ts';

/**
 * What a search found, as the /search page and the header's suggestions show it, read from the
 * `/api/search` answer the same way by the site (src/client/site-search.ts) and by the server when
 * it fills /search itself (server/site/search-page.ts). The markup is in markup/search.ts, apart, so the
 * header's script (on every page) does not carry it.
 */

export interface SearchTeamItem {
  id: number;
  name: string;
  logo: string;
  country: string;
}

export interface SearchPlayerItem {
  id: number;
  name: string;
  photo: string;
  teamName: string;
}

export interface SearchNewsItem {
  slug: string;
  title: string;
  /** Summary, else the description. */
  summary: string;
  /** ISO instant. */
  createdAt: string;
  /** The category's slug; empty when the answer has none. */
  category?: string;
  /** A match's report (the API's `matchReport`): it tells the result, so Sin spoilers hides it. */
  matchReport?: boolean;
}

/** A competition, named as the site names it (contract/competitions.ts), linking to its front page. */
export interface SearchCompetitionItem {
  id: number;
  /** Spanish: "Copa Libertadores", "Eliminatorias Sudamericanas". */
  name: string;
  href: string;
  logo: string;
  season: number | null;
}

/** A match of the clubs searched for ("emelec barcelona"), as a line of text. */
export interface SearchMatchItem {
  id: number;
  /** ISO instant of the kick-off. */
  date: string;
  status: string;
  home: string;
  away: string;
  goals: { home: number | null; away: number | null };
  /** The competition's short Spanish name ("Serie A", "Libertadores"). */
  competition: string;
}

export interface SearchTotals {
  teams: number;
  players: number;
  news: number;
  competitions: number;
  matches: number;
}

/** Which page of a search this is, and how many of each kind were found in all. */
export interface SearchPaging {
  /** 1-based. */
  page: number;
  /** Items of each kind per page. */
  limit: number;
  totals: SearchTotals;
}

export interface SearchResultsView {
  query: string;
  teams: SearchTeamItem[];
  players: SearchPlayerItem[];
  news: SearchNewsItem[];
  competitions: SearchCompetitionItem[];
  matches: SearchMatchItem[];
  /** The server's clock when it searched (ISO): the year the matches' dates are read against. */
  now?: string;
  /** Absent in an answer without it (an older API): what is listed is then all there is. */
  paging?: SearchPaging;
}

/**
 * Items of each kind per page of /search: the API's default (`limit` 8, as many as the header
 * suggests), so a search page and the header's "see all" share one cached answer.
 */
export const SEARCH_PAGE_SIZE = 8;
/** The last page /api/search answers (docs/API.md). */
export const SEARCH_PAGE_MAX = 100;

/** The page asked for in a /search URL's `page`: a whole number from 1 to SEARCH_PAGE_MAX, else 1. */
export function searchPageNumber(value: string | null | undefined): number {
  const page = /^\d{1,3}$/.test(value ?? '') ? Number(value) : 1;
  return page >= 1 && page <= SEARCH_PAGE_MAX ? page : 1;
}

/** The /search URL of a query's page (page 1 without `page`). */
export const searchPageHref = (query: string, page: number) =>
  `/search?q=${encodeURIComponent(query)}${page > 1 ? `&page=${page}` : ''}`;

export const noResultsText = (query: string) => `No se encontraron resultados para «${query}»`;

// Reading /api/search (docs/API.md): team and player entries in the provider's nested shape
// ({team:{…}}, {player:{…}, statistics}) or flat; entries without an id and a name are dropped.
// These four readers stay here rather than come from read.ts, which the islands' parsers share: a
// module the header's search shares with the islands goes into the shell script of every page
// (astro.config.mjs), and read.ts there cost each page 311 bytes compressed (measured).

type Raw = Record<string, unknown>;

const recordOrNull = (value: unknown): Raw | null => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Raw) : null);
const asString = (value: unknown): string => (typeof value === 'string' ? value : '');
const asId = (value: unknown): number | null => {
  const id = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isInteger(id) && id > 0 ? id : null;
};
const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

export function parseSearchTeam(raw: unknown): SearchTeamItem | null {
  const entry = recordOrNull(raw);
  if (!entry) return null;
  const team = recordOrNull(entry.team) ?? entry;
  const id = asId(team.id);
  const name = asString(team.name).trim();
  if (id === null || !name) return null;
  return { id, name, logo: asString(team.logo), country: asString(team.country) };
}

export function parseSearchPlayer(raw: unknown): SearchPlayerItem | null {
  const entry = recordOrNull(raw);
  if (!entry) return null;
  const player = recordOrNull(entry.player) ?? entry;
  const id = asId(player.id);
  const name = asString(player.name).trim();
  if (id === null || !name) return null;
  const firstStatistics = recordOrNull(asList(entry.statistics)[0]);
  const team = recordOrNull(firstStatistics?.team) ?? recordOrNull(player.team);
  return { id, name, photo: asString(player.photo), teamName: asString(team?.name) };
}

/** A news entry of the answer (an `ArticleJson`); null without what a link needs. */
export function parseSearchNews(raw: unknown): SearchNewsItem | null {
  const r = recordOrNull(raw);
  if (!r) return null;
  const slug = asString(r.slug);
  const title = asString(r.title);
  if (!(asString(r._id) || asString(r.id)) || !slug || !title) return null;
  return {
    slug,
    title,
    summary: asString(r.summary) || asString(r.description),
    createdAt: asString(r.createdAt),
    ...(asString(r.category) && { category: asString(r.category) }),
    ...(r.matchReport === true && { matchReport: true }),
  };
}

const asGoals = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null);

/** A competition of the answer (the `/api/football/tournaments` entry); null without an id. */
export function parseSearchCompetition(raw: unknown): SearchCompetitionItem | null {
  const r = recordOrNull(raw);
  const id = asId(r?.id);
  if (!r || id === null) return null;
  const name = competitionName(id, asString(r.name));
  if (!name) return null;
  return { id, name, href: competitionPath(id), logo: asString(r.logo), season: asId(r.season) };
}

/** A match of the answer (the provider's fixture entry); null without an id and both clubs. */
export function parseSearchMatch(raw: unknown): SearchMatchItem | null {
  const r = recordOrNull(raw);
  const fixture = recordOrNull(r?.fixture);
  const teams = recordOrNull(r?.teams);
  const league = recordOrNull(r?.league);
  const goals = recordOrNull(r?.goals);
  const id = asId(fixture?.id);
  const home = asString(recordOrNull(teams?.home)?.name).trim();
  const away = asString(recordOrNull(teams?.away)?.name).trim();
  if (id === null || !home || !away) return null;
  return {
    id,
    date: asString(fixture?.date),
    status: asString(recordOrNull(fixture?.status)?.short) || 'NS',
    home,
    away,
    goals: { home: asGoals(goals?.home), away: asGoals(goals?.away) },
    competition: competitionShortName(asId(league?.id), asString(league?.name)),
  };
}

/** "Emelec 0-3 Barcelona SC" once it has a score, else "Barcelona SC vs. Emelec". */
export function matchTitle(match: SearchMatchItem): string {
  const { home, away } = match.goals;
  return home !== null && away !== null ? `${match.home} ${home}-${away} ${match.away}` : `${match.home} vs. ${match.away}`;
}

/** The dates of a list of matches, read against the server's clock when it has one (else the reader's). */
export const matchYears = (results: Pick<SearchResultsView, 'matches' | 'now'>): DateListYears =>
  dateListYears(
    results.matches.map((m) => m.date),
    results.now && !Number.isNaN(Date.parse(results.now)) ? new Date(results.now) : undefined,
  );

/**
 * "Serie A · lun, 30 nov · 19:00" (to be played: day and kick-off in Ecuador time), "Serie A · Final
 * · dom, 18 oct" (played, or in play, or not played as planned: what happened, then the day).
 */
export function matchDetail(match: SearchMatchItem, years: DateListYears): string {
  const day = match.date ? formatListDate(match.date, years) : '';
  const when = statusGroup(match.status) === 'upcoming' ? [day, match.date ? formatTime(match.date) : ''] : [statusLabel(match.status), day];
  return [match.competition, ...when].filter(Boolean).join(' · ');
}

export function parseAll<T>(list: unknown, parse: (raw: unknown) => T | null): T[] {
  return asList(list)
    .map(parse)
    .filter((item): item is T => item !== null);
}

const asCount = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null);

/** The answer's `page`, `limit` and `totals`; undefined when any is missing or not a count. */
export function parseSearchPaging(body: unknown): SearchPaging | undefined {
  const record = recordOrNull(body) ?? {};
  const totals = recordOrNull(record.totals) ?? {};
  const [page, limit, teams, players, news] = [record.page, record.limit, totals.teams, totals.players, totals.news].map(asCount);
  if (!page || !limit || teams === null || players === null || news === null) return undefined;
  // An answer from before competitions and matches were searched has none of them.
  const [competitions, matches] = [totals.competitions, totals.matches].map((n) => asCount(n) ?? 0);
  return { page, limit, totals: { teams, players, news, competitions: competitions!, matches: matches! } };
}

/** A whole `/api/search` answer as the page shows it. */
export function parseSearchResults(body: unknown, fallbackQuery = ''): SearchResultsView {
  const record = recordOrNull(body) ?? {};
  const paging = parseSearchPaging(body);
  return {
    query: asString(record.query) || fallbackQuery,
    news: parseAll(record.news, parseSearchNews),
    teams: parseAll(record.teams, parseSearchTeam),
    players: parseAll(record.players, parseSearchPlayer),
    competitions: parseAll(record.competitions, parseSearchCompetition),
    matches: parseAll(record.matches, parseSearchMatch),
    ...(typeof record.now === 'string' && record.now ? { now: record.now } : {}),
    ...(paging ? { paging } : {}),
  };
}
