/**
 * What a search found, as the /search page and the header's suggestions show it, read from the
 * `/api/search` answer the same way by the site (src/client/site-search.ts) and by the server when
 * it fills /search itself (server/search-page.ts). The markup is in search-markup.ts, apart, so the
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
}

export interface SearchResultsView {
  query: string;
  teams: SearchTeamItem[];
  players: SearchPlayerItem[];
  news: SearchNewsItem[];
}

export const noResultsText = (query: string) => `No se encontraron resultados para «${query}»`;

// Reading /api/search (docs/API.md): team and player entries in the provider's nested shape
// ({team:{…}}, {player:{…}, statistics}) or flat; entries without an id and a name are dropped.

type Raw = Record<string, unknown>;

const asRecord = (value: unknown): Raw | null => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Raw) : null);
const asString = (value: unknown): string => (typeof value === 'string' ? value : '');
const asId = (value: unknown): number | null => {
  const id = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isInteger(id) && id > 0 ? id : null;
};
const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

export function parseSearchTeam(raw: unknown): SearchTeamItem | null {
  const entry = asRecord(raw);
  if (!entry) return null;
  const team = asRecord(entry.team) ?? entry;
  const id = asId(team.id);
  const name = asString(team.name).trim();
  if (id === null || !name) return null;
  return { id, name, logo: asString(team.logo), country: asString(team.country) };
}

export function parseSearchPlayer(raw: unknown): SearchPlayerItem | null {
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

/** A news entry of the answer (an `ArticleJson`); null without what a link needs. */
export function parseSearchNews(raw: unknown): SearchNewsItem | null {
  const r = asRecord(raw);
  if (!r) return null;
  const slug = asString(r.slug);
  const title = asString(r.title);
  if (!(asString(r._id) || asString(r.id)) || !slug || !title) return null;
  return { slug, title, summary: asString(r.summary) || asString(r.description), createdAt: asString(r.createdAt) };
}

export function parseAll<T>(list: unknown, parse: (raw: unknown) => T | null): T[] {
  return asList(list)
    .map(parse)
    .filter((item): item is T => item !== null);
}

/** A whole `/api/search` answer as the page shows it. */
export function parseSearchResults(body: unknown, fallbackQuery = ''): SearchResultsView {
  const record = asRecord(body) ?? {};
  return {
    query: asString(record.query) || fallbackQuery,
    news: parseAll(record.news, parseSearchNews),
    teams: parseAll(record.teams, parseSearchTeam),
    players: parseAll(record.players, parseSearchPlayer),
  };
}
