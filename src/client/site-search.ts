import { apiGet, readerMessage, type ApiResult, type RequestOptions } from '../lib/http/client.ts';
import { parseNewsItem } from '../lib/news/parse.ts';
import type { NewsItem } from '../lib/news/types.ts';
import {
  matchDetail,
  matchTitle,
  matchYears,
  parseAll,
  parseSearchPlayer,
  parseSearchResults,
  parseSearchTeam,
  type SearchCompetitionItem,
  type SearchMatchItem,
  type SearchPaging,
  type SearchPlayerItem,
  type SearchTeamItem,
} from '../../contract/search-results.ts';

/**
 * The /search page's data: GET /api/search?q= → news, teams, players, competitions and matches
 * (docs/API.md). Team, player, competition and match entries are read by contract/search-results.ts (the server reads them the same way when it
 * fills /search itself); news items are the site's NewsItem.
 */

export type SearchTeam = SearchTeamItem;
export type SearchPlayer = SearchPlayerItem;
export { parseSearchPlayer, parseSearchTeam };

export interface SiteSearchResults {
  query: string;
  news: NewsItem[];
  teams: SearchTeam[];
  players: SearchPlayer[];
  competitions: SearchCompetitionItem[];
  matches: SearchMatchItem[];
  /** The server's clock when it searched (ISO). */
  now?: string;
  /** Which page, and how many of each kind in all (absent from an older API's answer). */
  paging?: SearchPaging;
}

export function parseSiteSearch(body: unknown, fallbackQuery = ''): SiteSearchResults {
  const { news: _news, ...results } = parseSearchResults(body, fallbackQuery);
  const news = parseAll(body && typeof body === 'object' ? (body as { news?: unknown }).news : undefined, parseNewsItem);
  return { ...results, news };
}

/** GET /api/search?q= (and `page` past the first; blank queries are not sent: an empty answer). */
export async function fetchSiteSearch(query: string, options?: RequestOptions, page = 1): Promise<ApiResult<SiteSearchResults>> {
  const trimmed = query.trim();
  if (!trimmed) return { ok: true, status: 200, data: { query: '', news: [], teams: [], players: [], competitions: [], matches: [] } };
  const result = await apiGet('/api/search', page > 1 ? { q: trimmed, page: String(page) } : { q: trimmed }, options);
  return result.ok ? { ok: true, status: result.status, data: parseSiteSearch(result.data, trimmed) } : result;
}

export type SiteSearchOutcome = { ok: true; results: SiteSearchResults } | { ok: false; message: string };

export async function searchSite(query: string, options?: RequestOptions, page = 1): Promise<SiteSearchOutcome> {
  const result = await fetchSiteSearch(query, options, page);
  if (!result.ok) {
    console.error(`Búsqueda fallida: ${result.error}`);
    return { ok: false, message: readerMessage(result.status) };
  }
  return { ok: true, results: result.data };
}

/** One line of the header's suggestions: a competition, a match, a club, a player or a news item, as a link. */
export interface Suggestion {
  kind: 'competition' | 'match' | 'team' | 'player' | 'news';
  href: string;
  title: string;
  /** Second line: the competition's season, the match's competition and day, the club's country, the player's club, the article's date (ISO). */
  detail: string;
}

/** At most this many of each kind (competitions, matches, clubs, players) lead the suggestions; news fill the rest. */
export const SUGGESTED_PER_ENTITY = 3;

/** The header's suggestions: competitions, matches, clubs and players first, then news, `limit` in all (spec §9: 8). */
export function suggestionsOf(results: SiteSearchResults, limit: number): Suggestion[] {
  const competitions = results.competitions
    .slice(0, SUGGESTED_PER_ENTITY)
    .map((c): Suggestion => ({ kind: 'competition', href: c.href, title: c.name, detail: c.season ? `Temporada ${c.season}` : '' }));
  const years = matchYears(results);
  const matches = results.matches
    .slice(0, SUGGESTED_PER_ENTITY)
    .map((m): Suggestion => ({ kind: 'match', href: `/partidos/${m.id}`, title: matchTitle(m), detail: matchDetail(m, years) }));
  const teams = results.teams.slice(0, SUGGESTED_PER_ENTITY).map((team): Suggestion => ({ kind: 'team', href: `/equipos/${team.id}`, title: team.name, detail: team.country }));
  const players = results.players
    .slice(0, SUGGESTED_PER_ENTITY)
    .map((player): Suggestion => ({ kind: 'player', href: `/jugadores/${player.id}`, title: player.name, detail: player.teamName }));
  const news = results.news.map((item): Suggestion => ({ kind: 'news', href: `/noticias/${encodeURIComponent(item.slug)}`, title: item.title, detail: item.createdAt }));
  return [...competitions, ...matches, ...teams, ...players, ...news].slice(0, limit);
}
