import { LIMITS, TIMINGS } from '../lib/config.ts';
import { readerMessage, type ApiResult } from '../lib/http/client.ts';
import type { NewsPage } from '../lib/news/types.ts';

/**
 * The header search bar's behaviour, free of DOM so it can be tested: suggestions while typing (≤ 8,
 * 500 ms debounce), blank queries ignored, dropdown closing 200 ms after blur (so a click on a
 * suggestion still lands), reopening on focus with a non-empty query. Stale answers are dropped.
 * What a suggestion is (a news item, or a club, player or news entry) is up to the caller: `items`
 * lists them from an answer (by default a news page's items).
 */

export type SuggestState<T = NewsPage['items'][number]> =
  | { status: 'closed'; query: string }
  | { status: 'loading'; query: string }
  | { status: 'results'; query: string; items: T[] }
  | { status: 'empty'; query: string }
  | { status: 'error'; query: string; message: string };

export interface NewsSuggestOptions<R = NewsPage, T = NewsPage['items'][number]> {
  search: (query: string, signal: AbortSignal) => Promise<ApiResult<R>>;
  onChange: (state: SuggestState<T>) => void;
  /** The suggestions of an answer, in the order shown. */
  items?: (answer: R) => T[];
  debounceMs?: number;
  blurCloseMs?: number;
  limit?: number;
}

export interface NewsSuggest<T = NewsPage['items'][number]> {
  input(value: string): void;
  focus(): void;
  blur(): void;
  close(): void;
  readonly state: SuggestState<T>;
  dispose(): void;
}

export const SEARCHING_TEXT = 'Buscando noticias...';
export { noResultsText } from '../../contract/search-results.ts';

/** What the dropdown shows for a search's answer: its first `limit` items, none, or why it failed. */
function answerState<R, T>(result: ApiResult<R>, query: string, itemsOf: (answer: R) => T[], limit: number): SuggestState<T> {
  if (!result.ok) return { status: 'error', query, message: readerMessage(result.status) };
  const items = itemsOf(result.data).slice(0, limit);
  return items.length ? { status: 'results', query, items } : { status: 'empty', query };
}

export function createNewsSuggest<R = NewsPage, T = NewsPage['items'][number]>(options: NewsSuggestOptions<R, T>): NewsSuggest<T> {
  const itemsOf = options.items ?? ((answer: R) => (answer as unknown as NewsPage).items as unknown as T[]);
  const debounceMs = options.debounceMs ?? TIMINGS.searchDebounceMs;
  const blurCloseMs = options.blurCloseMs ?? TIMINGS.searchBlurCloseMs;
  const limit = options.limit ?? LIMITS.searchSuggestions;
  let state: SuggestState<T> = { status: 'closed', query: '' };
  let query = '';
  let debounceTimer: ReturnType<typeof setTimeout> | null = null;
  let blurTimer: ReturnType<typeof setTimeout> | null = null;
  let inFlight: AbortController | null = null;
  /** The last settled answer, so refocusing the same query reopens it without another request. */
  let settled: SuggestState<T> | null = null;

  const set = (next: SuggestState<T>) => {
    state = next;
    options.onChange(next);
  };
  const clearDebounce = () => {
    if (debounceTimer !== null) clearTimeout(debounceTimer);
    debounceTimer = null;
  };
  const clearBlur = () => {
    if (blurTimer !== null) clearTimeout(blurTimer);
    blurTimer = null;
  };
  const abort = () => {
    inFlight?.abort();
    inFlight = null;
  };

  async function run(trimmed: string) {
    abort();
    const controller = new AbortController();
    inFlight = controller;
    let result: ApiResult<R>;
    try {
      result = await options.search(trimmed, controller.signal);
    } catch (error) {
      result = { ok: false, status: 0, error: (error as Error)?.message ?? 'search failed' };
    }
    if (controller.signal.aborted || trimmed !== query.trim()) return;
    inFlight = null;
    const next = answerState(result, trimmed, itemsOf, limit);
    settled = next;
    // A blur during the request already closed the dropdown: keep the answer for the next focus.
    if (state.status !== 'closed') set(next);
  }

  function input(value: string) {
    query = typeof value === 'string' ? value : '';
    const trimmed = query.trim();
    clearDebounce();
    if (!trimmed) {
      abort();
      settled = null;
      set({ status: 'closed', query: '' });
      return;
    }
    if (settled && settled.query === trimmed && state.status !== 'loading') {
      set(settled);
      return;
    }
    settled = null;
    set({ status: 'loading', query: trimmed });
    debounceTimer = setTimeout(() => {
      debounceTimer = null;
      void run(trimmed);
    }, debounceMs);
  }

  return {
    input,
    focus() {
      clearBlur();
      const trimmed = query.trim();
      if (!trimmed || state.status !== 'closed') return;
      if (settled && settled.query === trimmed) set(settled);
      else input(query);
    },
    blur() {
      clearBlur();
      blurTimer = setTimeout(() => {
        blurTimer = null;
        if (state.status !== 'closed') set({ status: 'closed', query: query.trim() });
      }, blurCloseMs);
    },
    close() {
      clearBlur();
      if (state.status !== 'closed') set({ status: 'closed', query: query.trim() });
    },
    get state() {
      return state;
    },
    dispose() {
      clearDebounce();
      clearBlur();
      abort();
    },
  };
}
