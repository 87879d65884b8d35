import { newsRowHtml } from '../../markup/search.ts';
import type { NewsItem } from '../lib/news/types.ts';

/**
 * DOM parts of the search results (/search, /noticias?search=). The markup is the one the server
 * writes into /search (markup/search.ts): every text in it escaped, every link built from
 * an id or an encoded slug.
 */

/** Nodes from markup built by markup/search.ts (never from text a reader or the API gave as HTML). */
export function fromTrustedHtml(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

/** A news result: title, summary cut at 120 characters, date. */
export function newsRow(item: NewsItem): HTMLLIElement {
  return fromTrustedHtml(newsRowHtml(item)).firstElementChild as HTMLLIElement;
}
