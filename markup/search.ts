import { escapeHtml, formatShortDate, SUMMARY_CHARS, truncate, type DateListYears } from '../contract/format.ts';
import {
  matchDetail,
  matchTitle,
  matchYears,
  noResultsText,
  searchPageHref,
  type SearchCompetitionItem,
  type SearchMatchItem,
  type SearchNewsItem,
  type SearchPlayerItem,
  type SearchResultsView,
  type SearchTeamItem,
  type SearchTotals,
} from '../contract/search-results.ts';
import { HIDDEN_REPORT_TITLE, isMatchReport } from '../contract/spoilers.ts';

/**
 * The /search page's results as HTML, written once and used three ways: the built page's empty
 * shell (src/pages/search.astro), the server's fill of `/search?q=` under `npm start`
 * (server/site/search-page.ts: results in the HTML, no JavaScript needed), and the browser's fill on a
 * static host (src/client/search-page.ts); its news rows are also those of /noticias?search=. Every
 * text goes through escapeHtml and every link is built from a numeric id or an encoded slug, so
 * whatever was typed or stored stays text.
 *
 * It lives in markup/, the HTML both the site and the server write; it imports only contract/.
 */

/** How many of each kind were found in all: the answer's totals, else what it lists. */
export function searchTotals(results: SearchResultsView): SearchTotals {
  return (
    results.paging?.totals ?? {
      teams: results.teams.length,
      players: results.players.length,
      news: results.news.length,
      competitions: results.competitions.length,
      matches: results.matches.length,
    }
  );
}

/** Every kind a search finds, in the order the page lists them. */
const KINDS = ['competitions', 'matches', 'teams', 'players', 'news'] as const;
type Kind = (typeof KINDS)[number];

const totalOf = (totals: SearchTotals) => KINDS.reduce((sum, kind) => sum + totals[kind], 0);

/** How many pages the longest kind fills (1 at least). */
export function searchPageCount(results: SearchResultsView): number {
  const totals = searchTotals(results);
  return results.paging ? Math.max(1, Math.ceil(Math.max(...KINDS.map((kind) => totals[kind])) / results.paging.limit)) : 1;
}

let countFormat: Intl.NumberFormat | undefined;
/** "1.234": a count as readers in Ecuador write it (as src/lib/format/numbers.ts). */
const count = (n: number) => (countFormat ??= new Intl.NumberFormat('es-EC', { maximumFractionDigits: 0 })).format(n);

/** "92 resultados para «liga»" (every match, not the page's), "· página 2 de 12"; or the no-results sentence. */
export function resultsStatusText(results: SearchResultsView): string {
  const total = totalOf(searchTotals(results));
  if (total === 0) return noResultsText(results.query);
  const pages = searchPageCount(results);
  const page = results.paging?.page ?? 1;
  const where = pages > 1 || page > 1 ? ` · página ${count(page)} de ${count(pages)}` : '';
  return `${count(total)} ${total === 1 ? 'resultado' : 'resultados'} para «${results.query}»${where}`;
}

/** Only our own paths and http(s) images are shown; anything else gets the placeholder. */
function imageSrc(src: string): string {
  return /^(https?:\/\/|\/(?!\/))/i.test(src) ? src : '/placeholder.svg';
}

/** A club or a player: picture, name, and a second line (country, club). */
function entityRowHtml(href: string, image: string, rounded: string, name: string, detail: string): string {
  // Every image reserves its box and falls back to the placeholder (ThemeScript's error handler).
  const img = `<img class="size-10 shrink-0 bg-surface-2 object-contain ${rounded}" src="${escapeHtml(imageSrc(image))}" width="40" height="40" alt="" loading="lazy" decoding="async">`;
  const second = detail ? `<span class="block truncate text-sm text-muted">${escapeHtml(detail)}</span>` : '';
  return `<li><a class="flex min-h-14 items-center gap-3 p-3 hover:bg-surface-2" href="${href}">${img}<span class="min-w-0"><span class="block truncate font-semibold text-link">${escapeHtml(name)}</span>${second}</span></a></li>`;
}

export const teamRowHtml = (team: SearchTeamItem) => entityRowHtml(`/equipos/${team.id}`, team.logo, 'rounded', team.name, team.country);
export const playerRowHtml = (player: SearchPlayerItem) =>
  entityRowHtml(`/jugadores/${player.id}`, player.photo, 'rounded-full', player.name, player.teamName);

/** A competition: its crest, its Spanish name, the season; linking to its front page (/libertadores, /torneos/{id}). */
export const competitionRowHtml = (competition: SearchCompetitionItem) =>
  entityRowHtml(competition.href, competition.logo, 'rounded', competition.name, competition.season ? `Temporada ${competition.season}` : '');

/**
 * What a result link says (SpokenResult.astro's three texts, as markup): seen, hidden from screen readers;
 * said; and said under Sin spoilers until the hidden part is tapped (global.css swaps the last two where the
 * link carries `data-unspoiled`). `seen` is HTML already escaped.
 */
const spokenHtml = (seen: string, said: string, unsaid: string) =>
  `<span class="block font-semibold text-link" aria-hidden="true">${seen}</span><span class="sr-only" data-said>${escapeHtml(said)}</span>` +
  (unsaid ? `<span class="sr-only" data-unsaid>${escapeHtml(unsaid)}</span>` : '');

/**
 * A match: "Emelec 0-3 Barcelona SC", then its competition, what happened or the kick-off, and the day.
 * Under Sin spoilers a played match's score is blurred until tapped, and the link says the two clubs alone.
 */
export function matchRowHtml(match: SearchMatchItem, years: DateListYears): string {
  const { home, away } = match.goals;
  const played = home !== null && away !== null;
  const title = played
    ? spokenHtml(
        `${escapeHtml(match.home)} <span data-spoiler>${home}-${away}</span> ${escapeHtml(match.away)}`,
        matchTitle(match),
        `${match.home} - ${match.away}, resultado oculto`,
      )
    : `<span class="block font-semibold text-link">${escapeHtml(matchTitle(match))}</span>`;
  return (
    `<li><a class="block min-h-14 p-3 hover:bg-surface-2" href="/partidos/${match.id}" data-search-match="${match.id}"${played ? ' data-unspoiled' : ''}>` +
    title +
    `<span class="block text-sm text-muted">${escapeHtml(matchDetail(match, years))}</span></a></li>`
  );
}

/**
 * A news result: title, summary cut at 120 characters, date. Also the rows of /noticias?search=. A match
 * report's title and summary tell the result: under Sin spoilers they are blurred until tapped, and the
 * link says what it is without them.
 */
export function newsRowHtml(item: SearchNewsItem): string {
  const report = isMatchReport(item);
  const text = item.summary ? truncate(item.summary, SUMMARY_CHARS) : '';
  const blurred = report ? ' data-spoiler' : '';
  const title = report
    ? spokenHtml(`<span${blurred}>${escapeHtml(item.title)}</span>`, item.title, HIDDEN_REPORT_TITLE)
    : `<span class="block font-semibold text-link">${escapeHtml(item.title)}</span>`;
  const summary = !text
    ? ''
    : report
      ? `<span class="mt-1 block text-sm text-muted" aria-hidden="true"><span${blurred}>${escapeHtml(text)}</span></span><span class="sr-only" data-said>${escapeHtml(text)}</span>`
      : `<span class="mt-1 block text-sm text-muted">${escapeHtml(text)}</span>`;
  const date = formatShortDate(item.createdAt);
  const time = date ? `<time class="mt-1 block text-xs text-muted" datetime="${escapeHtml(item.createdAt)}">${escapeHtml(date)}</time>` : '';
  return `<li><a class="block p-4 hover:bg-surface-2" href="/noticias/${encodeURIComponent(item.slug)}"${report ? ' data-unspoiled' : ''}>${title}${summary}${time}</a></li>`;
}

const hidden = (empty: boolean) => (empty ? ' hidden' : '');
const LIST = 'mt-3 divide-y divide-line rounded-lg border border-line bg-surface';

function sectionHtml(key: Kind, title: string, total: number, rows: string[], extraClass = ''): string {
  const heading = rows.length ? `${title} <span class="font-normal text-muted">(${count(total)})</span>` : title;
  return (
    `<section aria-labelledby="search-${key}-title"${extraClass ? ` class="${extraClass}"` : ''}${hidden(rows.length === 0)} data-search-section="${key}">` +
    `<h2 id="search-${key}-title" class="text-lg font-bold">${heading}</h2><ul class="${LIST}" data-search-list>${rows.join('')}</ul></section>`
  );
}

const PAGER_LINK = 'inline-flex min-h-11 items-center rounded-lg border border-line bg-surface px-4 font-semibold text-link hover:bg-surface-2';

/**
 * Links to the previous and the next page of results: plain links to /search?q=…&page=N, so they
 * work without JavaScript (the server fills each page) and can be shared. Nothing when one page holds all.
 */
export function searchPagerHtml(results: SearchResultsView): string {
  const pages = searchPageCount(results);
  const page = results.paging?.page ?? 1;
  if (pages <= 1 && page <= 1) return '';
  // Past the last page (an old link, a hand-typed URL): back to the last one.
  const previous = page > pages ? pages : page - 1;
  const links = [
    previous >= 1 ? `<a class="${PAGER_LINK}" rel="prev" href="${escapeHtml(searchPageHref(results.query, previous))}" data-search-page-link="${previous}">← Resultados anteriores</a>` : '',
    page < pages ? `<a class="${PAGER_LINK}" rel="next" href="${escapeHtml(searchPageHref(results.query, page + 1))}" data-search-page-link="${page + 1}">Más resultados →</a>` : '',
  ];
  return `<nav aria-label="Páginas de resultados" class="mt-8 flex flex-wrap items-center justify-between gap-3" data-search-pager>${links.join('')}</nav>`;
}

/** What /search says before anything was asked: the status line the page is built with. */
export const EMPTY_SEARCH_TEXT = 'Escribe qué quieres buscar: un torneo, un partido (por ejemplo «emelec barcelona»), un equipo, un jugador o una noticia.';

/**
 * The results block: the status line, then competitions, matches, clubs and players (a reader
 * typing a name most often wants the thing itself: "libertadores", "emelec barcelona"), then news, each with how many there are in all, and the links to
 * the other pages. `null` is the empty shell the page is built with; `status` replaces the status
 * line (e.g. "Buscando…", an error). A filled block carries `data-search-filled`, so the page's
 * script knows the results are already there.
 */
export function searchResultsHtml(results: SearchResultsView | null, status?: string): string {
  const competitions = results?.competitions.map(competitionRowHtml) ?? [];
  const years = results ? matchYears(results) : null;
  const matches = results?.matches.map((m) => matchRowHtml(m, years!)) ?? [];
  const teams = results?.teams.map(teamRowHtml) ?? [];
  const players = results?.players.map(playerRowHtml) ?? [];
  const news = results?.news.map(newsRowHtml) ?? [];
  const totals = results ? searchTotals(results) : { teams: 0, players: 0, news: 0, competitions: 0, matches: 0 };
  const line = status ?? (results ? resultsStatusText(results) : '');
  return (
    `<div data-search-results${results ? ' data-search-filled' : ''}>` +
    `<p class="text-muted" role="status" data-search-status>${escapeHtml(line)}</p>` +
    `<div class="mt-4 flex flex-col gap-8 lg:flex-row">` +
    `<div class="flex flex-col gap-8 lg:w-96 lg:shrink-0"${hidden(competitions.length + matches.length + teams.length + players.length === 0)} data-search-entities>` +
    sectionHtml('competitions', 'Torneos', totals.competitions, competitions) +
    sectionHtml('matches', 'Partidos', totals.matches, matches) +
    sectionHtml('teams', 'Clubes', totals.teams, teams) +
    sectionHtml('players', 'Jugadores', totals.players, players) +
    `</div>` +
    sectionHtml('news', 'Noticias', totals.news, news, 'min-w-0 flex-1') +
    `</div>` +
    (results ? searchPagerHtml(results) : '') +
    `</div>`
  );
}

/** The heading once there is a query. */
export const SEARCH_RESULTS_HEADING = 'Resultados de búsqueda';

/** "emelec · Buscar · Marcador": the query first, as a browser tab shows it. */
export const searchDocumentTitle = (query: string, pageTitle: string) => `${query} · ${pageTitle}`;

/**
 * Parts of the built /search page the server fills, each between two comments written by
 * `searchRegion` (the page keeps its default content there; a static host serves it as it is).
 */
export type SearchRegion = 'heading' | 'notice' | 'results';

export const searchRegionStart = (name: SearchRegion) => `<!--search:${name}-->`;
export const searchRegionEnd = (name: SearchRegion) => `<!--/search:${name}-->`;
export const searchRegion = (name: SearchRegion, html: string) => `${searchRegionStart(name)}${html}${searchRegionEnd(name)}`;
