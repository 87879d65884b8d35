import { formatShortDate } from '../lib/format/date.ts';
import { createNewsSuggest, noResultsText, SEARCHING_TEXT, type SuggestState } from './news-suggest.ts';
import { fetchSiteSearch, suggestionsOf, type Suggestion } from './site-search.ts';
import { LIMITS } from '../lib/config.ts';

/**
 * Wires the header search bar (SearchBar.astro) to the suggestion logic in news-suggest.ts: clubs
 * and players first, then news, from one /api/search request.
 */

export interface SearchBarControl {
  close(options?: { restoreFocus?: boolean }): void;
}

const KIND_LABEL: Record<Suggestion['kind'], string> = { team: 'Club', player: 'Jugador', news: 'Noticia' };

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

export function initSearchBar(onOpen: () => void): SearchBarControl | null {
  const toggle = document.querySelector<HTMLButtonElement>('[data-search-toggle]');
  const bar = document.querySelector<HTMLElement>('[data-header-search]');
  const root = bar?.querySelector<HTMLElement>('[data-suggest-root]');
  const input = bar?.querySelector<HTMLInputElement>('[data-suggest-input]');
  const panel = bar?.querySelector<HTMLElement>('[data-suggest-panel]');
  const message = bar?.querySelector<HTMLElement>('[data-suggest-message]');
  const list = bar?.querySelector<HTMLElement>('[data-suggest-list]');
  const live = bar?.querySelector<HTMLElement>('[data-suggest-live]');
  if (!toggle || !bar || !root || !input || !panel || !message || !list || !live) return null;

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

  const suggest = createNewsSuggest({
    search: (query, signal) => fetchSiteSearch(query, { signal, retries: 1 }),
    items: (results) => suggestionsOf(results, LIMITS.searchSuggestions),
    onChange: render,
  });

  const isOpen = () => !bar.hidden;
  const open = () => {
    onOpen();
    bar.hidden = false;
    toggle.setAttribute('aria-expanded', 'true');
    input.focus();
  };
  const close = ({ restoreFocus = false } = {}) => {
    if (!isOpen()) return;
    suggest.close();
    bar.hidden = true;
    toggle.setAttribute('aria-expanded', 'false');
    if (restoreFocus) toggle.focus();
  };

  toggle.addEventListener('click', () => (isOpen() ? close() : open()));
  input.addEventListener('input', () => suggest.input(input.value));
  root.addEventListener('focusin', () => suggest.focus());
  // Blur of the input alone must not close: moving to a suggestion with Tab stays inside the root.
  root.addEventListener('focusout', (event) => {
    const next = event.relatedTarget as Node | null;
    if (!next || !root.contains(next)) suggest.blur();
  });
  root.addEventListener('keydown', (event) => {
    const links = [...list.querySelectorAll<HTMLAnchorElement>('[data-suggestion]')];
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    // Escape leaves the search altogether (suggestions and bar) and hands focus back to the button
    // that opened it; the search field's own Escape (clearing the text) would leave the bar open.
    if (event.key === 'Escape') {
      event.preventDefault();
      close({ restoreFocus: true });
      return;
    }
    if (event.key === 'ArrowDown' && links.length) {
      event.preventDefault();
      links[index === -1 ? 0 : Math.min(index + 1, links.length - 1)]?.focus();
    } else if (event.key === 'ArrowUp' && index !== -1) {
      event.preventDefault();
      if (index === 0) input.focus();
      else links[index - 1]?.focus();
    }
  });
  // Following a suggestion is a navigation: the bar closes (spec §4).
  panel.addEventListener('click', (event) => {
    if ((event.target as Element | null)?.closest('a[href]')) close();
  });
  window.addEventListener('pageshow', () => close());
  return { close };
}
