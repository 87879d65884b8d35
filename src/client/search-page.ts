import { searchSite } from './site-search.ts';
import { fromTrustedHtml } from './news-row.ts';
import { SEARCH_RESULTS_HEADING, searchDocumentTitle, searchResultsHtml } from '../../markup/search.ts';
import { searchPageNumber } from '../../contract/search-results.ts';

/**
 * /search: the URL is the search (shareable; the query is put back in the box). Served by `npm start`,
 * the results are already in the HTML (server/site/search-page.ts) and this script leaves them alone; on
 * a static host it reads ?q= and ?page=, asks /api/search and writes the same markup, the links to
 * the other pages included (markup/search.ts).
 */

export async function initSearchPage(): Promise<void> {
  const results = document.querySelector<HTMLElement>('[data-search-results]');
  const status = results?.querySelector<HTMLElement>('[data-search-status]');
  const input = document.querySelector<HTMLInputElement>('[data-search-page-input]');
  const heading = document.querySelector<HTMLElement>('[data-search-heading]');
  if (!results || !status || !input) return;
  // Filled by the server: results, status, heading, title and the box are already right, and the
  // reader may have started typing a new search.
  if (results.hasAttribute('data-search-filled')) return;

  const params = new URLSearchParams(window.location.search);
  const query = (params.get('q') ?? '').trim();
  input.value = query;
  // The page is built saying what to type (EMPTY_SEARCH_TEXT): its largest text paints with the page.
  if (!query) {
    input.focus();
    return;
  }
  if (heading) heading.textContent = SEARCH_RESULTS_HEADING;
  document.title = searchDocumentTitle(query, document.title);
  status.textContent = 'Buscando…';
  const outcome = await searchSite(query, { retries: 1 }, searchPageNumber(params.get('page')));
  if (!outcome.ok) {
    status.textContent = `${outcome.message} Vuelve a intentarlo más tarde.`;
    return;
  }
  results.replaceWith(fromTrustedHtml(searchResultsHtml(outcome.results)));
}
