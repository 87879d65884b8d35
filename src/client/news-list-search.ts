import { readerMessage } from '../lib/api/client.ts';
import { getNews } from '../lib/api/news.ts';
import { LIMITS } from '../lib/config.ts';
import { formatLongDate } from '../lib/format/date.ts';
import { truncate } from '../lib/news/parse.ts';
import type { NewsItem } from '../lib/news/types.ts';

/**
 * `?search=` on the news lists: asks the API (accent-insensitive full text, only published articles)
 * and shows the matches in place of the prebuilt list, ten at a time. Blank queries are ignored
 * (spec §5): the prebuilt list stays. Text goes in with textContent only, never as HTML.
 */

export const searchingText = 'Buscando noticias...';
export const noNewsText = (query: string) => `No se encontraron resultados para «${query}»`;

function row(item: NewsItem): HTMLLIElement {
  const li = document.createElement('li');
  const link = document.createElement('a');
  link.className = 'block p-4 hover:bg-surface-2';
  link.href = `/noticias/${encodeURIComponent(item.slug)}`;
  const title = document.createElement('span');
  title.className = 'block font-semibold text-link';
  title.textContent = item.title;
  link.append(title);
  if (item.summary) {
    const summary = document.createElement('span');
    summary.className = 'mt-1 block text-sm text-muted';
    summary.textContent = truncate(item.summary, LIMITS.summary);
    link.append(summary);
  }
  const date = formatLongDate(item.createdAt);
  if (date) {
    const time = document.createElement('time');
    time.className = 'mt-1 block text-xs text-muted';
    time.dateTime = item.createdAt;
    time.textContent = date;
    link.append(time);
  }
  li.append(link);
  return li;
}

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
  status.textContent = searchingText;

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
    list!.append(...result.data.items.map(row));
    const total = result.data.totalNews;
    status!.textContent = total === 0 ? noNewsText(query) : `${total} ${total === 1 ? 'noticia' : 'noticias'} para «${query}»`;
    list!.hidden = list!.childElementCount === 0;
    more.hidden = page >= result.data.totalPages;
  }
  more.addEventListener('click', () => {
    page += 1;
    void load();
  });
  await load();
}
