import { LIMITS } from '../lib/config.ts';
import { formatShortDate } from '../lib/format/date.ts';
import { truncate } from '../lib/news/parse.ts';
import type { NewsItem } from '../lib/news/types.ts';

/** DOM parts of the search results (/search, /noticias?search=): text goes in as textContent only. */

export function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A news result: title, summary cut at 120 characters, date. */
export function newsRow(item: NewsItem): HTMLLIElement {
  const li = element('li', '');
  const link = element('a', 'block p-4 hover:bg-surface-2');
  link.href = `/noticias/${encodeURIComponent(item.slug)}`;
  link.append(element('span', 'block font-semibold text-link', item.title));
  if (item.summary) link.append(element('span', 'mt-1 block text-sm text-muted', truncate(item.summary, LIMITS.summary)));
  const date = formatShortDate(item.createdAt);
  if (date) {
    const time = element('time', 'mt-1 block text-xs text-muted', date);
    time.dateTime = item.createdAt;
    link.append(time);
  }
  li.append(link);
  return li;
}
