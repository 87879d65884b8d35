import { apiGet, readerMessage, type ApiResult, type RequestOptions } from '../lib/api/client.ts';
import { parseNewsItem } from '../lib/news/parse.ts';
import type { NewsItem } from '../lib/news/types.ts';

/**
 * The /search page's data: GET /api/search?q= → news, teams and players (docs/API.md). Team and
 * player entries are accepted in the provider's nested shape ({team:{…}}, {player:{…}, statistics})
 * or flat; entries without an id and a name are dropped, never filled in.
 */

export interface SearchTeam {
  id: number;
  name: string;
  logo: string;
  country: string;
}

export interface SearchPlayer {
  id: number;
  name: string;
  photo: string;
  teamName: string;
}

export interface SiteSearchResults {
  query: string;
  news: NewsItem[];
  teams: SearchTeam[];
  players: SearchPlayer[];
}

type Raw = Record<string, unknown>;

const asRecord = (value: unknown): Raw | null => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Raw) : null);
const asString = (value: unknown): string => (typeof value === 'string' ? value : '');
const asId = (value: unknown): number | null => {
  const id = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isInteger(id) && id > 0 ? id : null;
};
const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

export function parseSearchTeam(raw: unknown): SearchTeam | null {
  const entry = asRecord(raw);
  if (!entry) return null;
  const team = asRecord(entry.team) ?? entry;
  const id = asId(team.id);
  const name = asString(team.name).trim();
  if (id === null || !name) return null;
  return { id, name, logo: asString(team.logo), country: asString(team.country) };
}

export function parseSearchPlayer(raw: unknown): SearchPlayer | null {
  const entry = asRecord(raw);
  if (!entry) return null;
  const player = asRecord(entry.player) ?? entry;
  const id = asId(player.id);
  const name = asString(player.name).trim();
  if (id === null || !name) return null;
  const firstStatistics = asRecord(asList(entry.statistics)[0]);
  const team = asRecord(firstStatistics?.team) ?? asRecord(player.team);
  return { id, name, photo: asString(player.photo), teamName: asString(team?.name) };
}

function parseAll<T>(list: unknown, parse: (raw: unknown) => T | null): T[] {
  return asList(list)
    .map(parse)
    .filter((item): item is T => item !== null);
}

export function parseSiteSearch(body: unknown, fallbackQuery = ''): SiteSearchResults {
  const record = asRecord(body) ?? {};
  return {
    query: asString(record.query) || fallbackQuery,
    news: parseAll(record.news, parseNewsItem),
    teams: parseAll(record.teams, parseSearchTeam),
    players: parseAll(record.players, parseSearchPlayer),
  };
}

/** GET /api/search?q= (blank queries are not sent: an empty answer). */
export async function fetchSiteSearch(query: string, options?: RequestOptions): Promise<ApiResult<SiteSearchResults>> {
  const trimmed = query.trim();
  if (!trimmed) return { ok: true, status: 200, data: { query: '', news: [], teams: [], players: [] } };
  const result = await apiGet('/api/search', { q: trimmed }, options);
  return result.ok ? { ok: true, status: result.status, data: parseSiteSearch(result.data, trimmed) } : result;
}

export type SiteSearchOutcome = { ok: true; results: SiteSearchResults } | { ok: false; message: string };

export async function searchSite(query: string, options?: RequestOptions): Promise<SiteSearchOutcome> {
  const result = await fetchSiteSearch(query, options);
  if (!result.ok) {
    console.error(`Búsqueda fallida: ${result.error}`);
    return { ok: false, message: readerMessage(result.status) };
  }
  return { ok: true, results: result.data };
}

/** One line of the header's suggestions: a club, a player or a news item, as a link. */
export interface Suggestion {
  kind: 'team' | 'player' | 'news';
  href: string;
  title: string;
  /** Second line: the club's country, the player's club, the article's date (ISO). */
  detail: string;
}

/** At most this many clubs and this many players lead the suggestions; news fill the rest. */
export const SUGGESTED_PER_ENTITY = 3;

/** The header's suggestions: clubs and players first, then news, `limit` in all (spec §9: 8). */
export function suggestionsOf(results: SiteSearchResults, limit: number): Suggestion[] {
  const teams = results.teams.slice(0, SUGGESTED_PER_ENTITY).map((team): Suggestion => ({ kind: 'team', href: `/equipos/${team.id}`, title: team.name, detail: team.country }));
  const players = results.players
    .slice(0, SUGGESTED_PER_ENTITY)
    .map((player): Suggestion => ({ kind: 'player', href: `/jugadores/${player.id}`, title: player.name, detail: player.teamName }));
  const news = results.news.map((item): Suggestion => ({ kind: 'news', href: `/noticias/${encodeURIComponent(item.slug)}`, title: item.title, detail: item.createdAt }));
  return [...teams, ...players, ...news].slice(0, limit);
}
