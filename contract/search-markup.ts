import { escapeHtml, formatShortDate, SUMMARY_CHARS, truncate } from './format.ts';
import { noResultsText, type SearchNewsItem, type SearchPlayerItem, type SearchResultsView, type SearchTeamItem } from './search-results.ts';

/**
 * The /search page's results as HTML, written once and used three ways: the built page's empty
 * shell (src/pages/search.astro), the server's fill of `/search?q=` under `npm start`
 * (server/search-page.ts: results in the HTML, no JavaScript needed), and the browser's fill on a
 * static host (src/client/search-page.ts); its news rows are also those of /noticias?search=. Every
 * text goes through escapeHtml and every link is built from a numeric id or an encoded slug, so
 * whatever was typed or stored stays text.
 *
 * It lives in contract/ because it is the one folder both the site and the server may import.
 */

/** "3 resultados para «emelec»", or the no-results sentence. */
export function resultsStatusText(results: SearchResultsView): string {
  const total = results.news.length + results.teams.length + results.players.length;
  return total === 0 ? noResultsText(results.query) : `${total} ${total === 1 ? 'resultado' : 'resultados'} para «${results.query}»`;
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

/** A news result: title, summary cut at 120 characters, date. Also the rows of /noticias?search=. */
export function newsRowHtml(item: SearchNewsItem): string {
  const summary = item.summary ? `<span class="mt-1 block text-sm text-muted">${escapeHtml(truncate(item.summary, SUMMARY_CHARS))}</span>` : '';
  const date = formatShortDate(item.createdAt);
  const time = date ? `<time class="mt-1 block text-xs text-muted" datetime="${escapeHtml(item.createdAt)}">${escapeHtml(date)}</time>` : '';
  return `<li><a class="block p-4 hover:bg-surface-2" href="/noticias/${encodeURIComponent(item.slug)}"><span class="block font-semibold text-link">${escapeHtml(item.title)}</span>${summary}${time}</a></li>`;
}

const hidden = (empty: boolean) => (empty ? ' hidden' : '');
const LIST = 'mt-3 divide-y divide-line rounded-lg border border-line bg-surface';

function sectionHtml(key: 'teams' | 'players' | 'news', title: string, rows: string[], extraClass = ''): string {
  return (
    `<section aria-labelledby="search-${key}-title"${extraClass ? ` class="${extraClass}"` : ''}${hidden(rows.length === 0)} data-search-section="${key}">` +
    `<h2 id="search-${key}-title" class="text-lg font-bold">${title}</h2><ul class="${LIST}" data-search-list>${rows.join('')}</ul></section>`
  );
}

/**
 * The results block: the status line, then clubs and players (a reader typing a name most often
 * wants the club or the player), then news. `null` is the empty shell the page is built with;
 * `status` replaces the status line (e.g. "Buscando…", an error). A filled block carries
 * `data-search-filled`, so the page's script knows the results are already there.
 */
export function searchResultsHtml(results: SearchResultsView | null, status?: string): string {
  const teams = results?.teams.map(teamRowHtml) ?? [];
  const players = results?.players.map(playerRowHtml) ?? [];
  const news = results?.news.map(newsRowHtml) ?? [];
  const line = status ?? (results ? resultsStatusText(results) : '');
  return (
    `<div data-search-results${results ? ' data-search-filled' : ''}>` +
    `<p class="text-muted" role="status" data-search-status>${escapeHtml(line)}</p>` +
    `<div class="mt-4 flex flex-col gap-8 lg:flex-row">` +
    `<div class="flex flex-col gap-8 lg:w-96 lg:shrink-0"${hidden(teams.length + players.length === 0)} data-search-entities>` +
    sectionHtml('teams', 'Clubes', teams) +
    sectionHtml('players', 'Jugadores', players) +
    `</div>` +
    sectionHtml('news', 'Noticias', news, 'min-w-0 flex-1') +
    `</div></div>`
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
