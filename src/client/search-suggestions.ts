import { formatShortDate } from '../lib/format/date.ts';
import { createNewsSuggest, noResultsText, SEARCHING_TEXT, type SuggestState } from './news-suggest.ts';
import { fetchSiteSearch, suggestionsOf, type Suggestion } from './site-search.ts';
import { LIMITS } from '../lib/config.ts';

/**
 * The header search bar's suggestions (competitions, matches, clubs and players first, then news, from one /api/search
 * request), loaded the first time a reader opens the bar or focuses its field: nobody pays for them
 * on a page where they never search (search-bar-client.ts is the part every page loads).
 */

export interface SuggestionsElements {
  panel: HTMLElement;
  message: HTMLElement;
  list: HTMLElement;
  live: HTMLElement;
}

const KIND_LABEL: Record<Suggestion['kind'], string> = { competition: 'Torneo', match: 'Partido', team: 'Club', player: 'Jugador', news: 'Noticia' };

function suggestionItem(item: Suggestion): HTMLLIElement {
  const li = document.createElement('li');
  const link = document.createElement('a');
  link.href = item.href;
  link.className = 'flex flex-col rounded-md px-2 py-2 text-fg hover:bg-surface-2 focus-visible:bg-surface-2';
  link.dataset.suggestion = item.kind;
  const title = document.createElement('span');
  title.className = 'text-sm font-semibold';
  title.textContent = item.title;
  link.append(title);
  const detail = document.createElement('span');
  detail.className = 'text-xs text-muted';
  const date = item.kind === 'news' ? formatShortDate(item.detail) : '';
  if (item.kind === 'news' && date) {
    const time = document.createElement('time');
    time.dateTime = item.detail;
    time.textContent = date;
    detail.append(`${KIND_LABEL.news} · `, time);
  } else {
    detail.textContent = [KIND_LABEL[item.kind], item.detail].filter(Boolean).join(' · ');
  }
  link.append(detail);
  li.append(link);
  return li;
}

function seeAllItem(query: string): HTMLLIElement {
  const li = document.createElement('li');
  const link = document.createElement('a');
  link.href = `/search?q=${encodeURIComponent(query)}`;
  link.className = 'mt-1 flex min-h-11 items-center rounded-md px-2 text-sm font-semibold text-link hover:bg-surface-2';
  link.dataset.suggestion = '';
  link.textContent = `Ver todos los resultados de «${query}»`;
  li.append(link);
  return li;
}

export function attachSuggestions({ panel, message, list, live }: SuggestionsElements) {
  const render = (state: SuggestState<Suggestion>) => {
    list.replaceChildren();
    message.hidden = false;
    switch (state.status) {
      case 'closed':
        panel.hidden = true;
        live.textContent = '';
        return;
      case 'loading':
        message.textContent = SEARCHING_TEXT;
        live.textContent = SEARCHING_TEXT;
        break;
      case 'empty':
        message.textContent = noResultsText(state.query);
        live.textContent = message.textContent;
        break;
      case 'error':
        message.textContent = state.message;
        live.textContent = state.message;
        break;
      case 'results':
        message.hidden = true;
        list.append(...state.items.map(suggestionItem), seeAllItem(state.query));
        live.textContent = state.items.length === 1 ? '1 resultado encontrado' : `${state.items.length} resultados encontrados`;
        break;
    }
    panel.hidden = false;
  };

  return createNewsSuggest({
    search: (query, signal) => fetchSiteSearch(query, { signal, retries: 1 }),
    items: (results) => suggestionsOf(results, LIMITS.searchSuggestions),
    onChange: render,
  });
}
