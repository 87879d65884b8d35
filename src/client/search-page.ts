import { searchSite, type SearchPlayer, type SearchTeam, type SiteSearchResults } from './site-search.ts';
import { noResultsText } from './news-suggest.ts';
import { element, newsRow } from './news-row.ts';

/**
 * /search: reads ?q=, asks /api/search and lists clubs, players and news (DOM built with
 * textContent). The URL is the search: shareable, and the query is put back in the box.
 */

const EMPTY_QUERY_TEXT = 'Escribe qué quieres buscar: una noticia, un equipo o un jugador.';

function thumbnail(src: string, rounded: string): HTMLImageElement {
  const img = element('img', `size-10 shrink-0 bg-surface-2 object-contain ${rounded}`);
  // Every image reserves its box and falls back to the placeholder (ThemeScript's error handler).
  img.src = src || '/placeholder.svg';
  img.width = 40;
  img.height = 40;
  img.alt = '';
  img.loading = 'lazy';
  img.decoding = 'async';
  return img;
}

function entityRow(href: string, image: HTMLImageElement, name: string, detail: string): HTMLLIElement {
  const li = element('li', '');
  const link = element('a', 'flex min-h-14 items-center gap-3 p-3 hover:bg-surface-2');
  link.href = href;
  const text = element('span', 'min-w-0');
  text.append(element('span', 'block truncate font-semibold text-link', name));
  if (detail) text.append(element('span', 'block truncate text-sm text-muted', detail));
  link.append(image, text);
  li.append(link);
  return li;
}

const teamRow = (team: SearchTeam) => entityRow(`/equipos/${team.id}`, thumbnail(team.logo, 'rounded'), team.name, team.country);
const playerRow = (player: SearchPlayer) =>
  entityRow(`/jugadores/${player.id}`, thumbnail(player.photo, 'rounded-full'), player.name, player.teamName);

function fillSection(root: HTMLElement, key: 'news' | 'teams' | 'players', rows: HTMLLIElement[]): void {
  const section = root.querySelector<HTMLElement>(`[data-search-section="${key}"]`);
  const list = section?.querySelector<HTMLElement>('[data-search-list]');
  if (!section || !list) return;
  list.replaceChildren(...rows);
  section.hidden = rows.length === 0;
}

export function renderResults(root: HTMLElement, status: HTMLElement, results: SiteSearchResults): void {
  fillSection(root, 'news', results.news.map(newsRow));
  fillSection(root, 'teams', results.teams.map(teamRow));
  fillSection(root, 'players', results.players.map(playerRow));
  const entities = root.querySelector<HTMLElement>('[data-search-entities]');
  if (entities) entities.hidden = results.teams.length + results.players.length === 0;
  const total = results.news.length + results.teams.length + results.players.length;
  status.textContent = total === 0 ? noResultsText(results.query) : `${total} ${total === 1 ? 'resultado' : 'resultados'} para «${results.query}»`;
}

export async function initSearchPage(): Promise<void> {
  const root = document.querySelector<HTMLElement>('[data-search-page]');
  const status = root?.querySelector<HTMLElement>('[data-search-status]');
  const input = document.querySelector<HTMLInputElement>('[data-search-page-input]');
  const heading = document.querySelector<HTMLElement>('[data-search-heading]');
  if (!root || !status || !input) return;

  const query = (new URLSearchParams(window.location.search).get('q') ?? '').trim();
  input.value = query;
  if (!query) {
    status.textContent = EMPTY_QUERY_TEXT;
    input.focus();
    return;
  }
  if (heading) heading.textContent = `Resultados de búsqueda`;
  document.title = `${query} · Buscar · Marcador`;
  status.textContent = 'Buscando…';
  const outcome = await searchSite(query, { retries: 1 });
  if (!outcome.ok) {
    status.textContent = `${outcome.message} Vuelve a intentarlo más tarde.`;
    return;
  }
  renderResults(root, status, outcome.results);
}
