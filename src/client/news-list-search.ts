import { readerMessage } from '../lib/http/client.ts';
import { getNews } from '../lib/news/api.ts';
import { LIMITS } from '../lib/config.ts';
import { noResultsText, SEARCHING_TEXT } from './news-suggest.ts';
import { newsRow } from './news-row.ts';

/**
 * `?search=` on the news lists: asks the API (accent-insensitive full text, only published articles)
 * and shows the matches in place of the prebuilt list, ten at a time. Blank queries are ignored
 * (spec §5): the prebuilt list stays. Rows are the escaped markup of markup/search.ts.
 */


export async function initNewsSearch(): Promise<void> {
  const query = (new URLSearchParams(window.location.search).get('search') ?? '').trim();
  const form = document.querySelector<HTMLFormElement>('[data-news-search-form]');
  const input = form?.querySelector<HTMLInputElement>('input[name="search"]');
  if (input) input.value = query;
  // Submitting a blank query does nothing (spec §5).
  form?.addEventListener('submit', (event) => {
    if (!input?.value.trim()) event.preventDefault();
  });
  if (!query) return;

  const results = document.querySelector<HTMLElement>('[data-news-search-results]');
  const list = results?.querySelector<HTMLElement>('[data-news-search-list]');
  const status = results?.querySelector<HTMLElement>('[data-news-search-status]');
  const heading = results?.querySelector<HTMLElement>('[data-news-search-heading]');
  const prebuilt = document.querySelector<HTMLElement>('[data-news-list]');
  if (!results || !list || !status || !prebuilt) return;

  prebuilt.hidden = true;
  results.hidden = false;
  if (heading) heading.textContent = `Noticias sobre «${query}»`;
  document.title = `${query} · Noticias · Marcador`;
  status.textContent = SEARCHING_TEXT;

  let page = 1;
  const more = document.createElement('button');
  more.type = 'button';
  more.className = 'mt-4 min-h-11 rounded-md border border-line bg-surface px-4 font-semibold text-fg hover:border-brand';
  more.textContent = 'Más resultados';
  more.hidden = true;
  list.after(more);

  async function load(): Promise<void> {
    more.disabled = true;
    const result = await getNews({ search: query, page, limit: LIMITS.news }, { retries: 1 });
    more.disabled = false;
    if (!result.ok) {
      console.error(`Búsqueda de noticias fallida: ${result.error}`);
      status!.textContent = `${readerMessage(result.status)} Vuelve a intentarlo más tarde.`;
      return;
    }
    list!.append(...result.data.items.map(newsRow));
    const total = result.data.totalNews;
    status!.textContent = total === 0 ? noResultsText(query) : `${total} ${total === 1 ? 'noticia' : 'noticias'} para «${query}»`;
    list!.hidden = list!.childElementCount === 0;
    more.hidden = page >= result.data.totalPages;
  }
  more.addEventListener('click', () => {
    page += 1;
    void load();
  });
  await load();
}
