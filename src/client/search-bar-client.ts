import type { attachSuggestions } from './search-suggestions.ts';

/**
 * Wires the header search bar (SearchBar.astro): opening, closing, Escape and arrow keys. The
 * suggestions themselves (search-suggestions.ts) load the first time the bar opens or its field gets
 * focus, so a page where the reader never searches does not download them.
 */

export interface SearchBarControl {
  close(options?: { restoreFocus?: boolean }): void;
}

type Suggest = ReturnType<typeof attachSuggestions>;

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

  let suggest: Suggest | null = null;
  let loading: Promise<void> | null = null;
  const loadSuggestions = () =>
    (loading ??= import('./search-suggestions.ts').then(
      (module) => {
        suggest = module.attachSuggestions({ panel, message, list, live });
        // What was typed while the module loaded.
        if (document.activeElement === input) suggest.focus();
        if (input.value.trim()) suggest.input(input.value);
      },
      // Offline or a failed deploy: the form still submits to /search; try again on the next focus.
      () => {
        loading = null;
      },
    ));

  const isOpen = () => !bar.hidden;
  const open = () => {
    onOpen();
    bar.hidden = false;
    toggle.setAttribute('aria-expanded', 'true');
    input.focus();
  };
  const close = ({ restoreFocus = false } = {}) => {
    if (!isOpen()) return;
    suggest?.close();
    bar.hidden = true;
    toggle.setAttribute('aria-expanded', 'false');
    if (restoreFocus) toggle.focus();
  };

  toggle.addEventListener('click', () => (isOpen() ? close() : open()));
  input.addEventListener('input', () => suggest?.input(input.value));
  root.addEventListener('focusin', () => {
    if (suggest) suggest.focus();
    else void loadSuggestions();
  });
  // Blur of the input alone must not close: moving to a suggestion with Tab stays inside the root.
  root.addEventListener('focusout', (event) => {
    const next = event.relatedTarget as Node | null;
    if (!next || !root.contains(next)) suggest?.blur();
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
