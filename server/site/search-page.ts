import { escapeHtml } from '../../contract/format.ts';
import {
  SEARCH_RESULTS_HEADING,
  searchDocumentTitle,
  searchRegionEnd,
  searchRegionStart,
  searchResultsHtml,
  type SearchRegion,
} from '../../markup/search.ts';
import { searchPageNumber, type SearchResultsView } from '../../contract/search-results.ts';
import { compressAhead, makePageBody, respond } from '../http/cache.ts';

/**
 * `/search?q=…` under `npm start`: the built search page with the results in it (issue 13), so a
 * reader without JavaScript gets them and one with it sees them at first paint. The page marks what
 * changes (markup/search.ts: heading, no-JS notice, results); the results come from the
 * same search as /api/search (its cache, and its share of the event loop), and are written by the
 * same function the page's script uses on a static host. Whatever goes wrong (an older build without
 * the marks, searches too busy, a failure), the built page is served as it is and its script searches.
 */

/** Where the built page is (astro `build.format: 'directory'`). */
export const SEARCH_PAGE_FILE = 'search/index.html';
const SEARCH_PATHS = new Set(['/search', '/search/', '/search/index.html']);
/** Like the built pages (integrations/finish/headers.ts): a minute fresh, then revalidated in the background. */
const SEARCH_PAGE_CACHE = 'public, max-age=60, stale-while-revalidate=600';

/** Replaces what is between a region's marks; null when the page does not have them. */
function replaceRegion(html: string, name: SearchRegion, content: string): string | null {
  const startMark = searchRegionStart(name);
  const start = html.indexOf(startMark);
  const end = start < 0 ? -1 : html.indexOf(searchRegionEnd(name), start);
  if (end < 0) return null;
  return html.slice(0, start + startMark.length) + content + html.slice(end);
}

/**
 * The built search page showing `results`: heading, results, the query in the box and the title;
 * the "needs JavaScript" notice removed. Null when the page lacks the marks (a build older than them).
 */
export function fillSearchPage(page: string, results: SearchResultsView): string | null {
  let html: string | null = page;
  const regions: Array<[SearchRegion, string]> = [
    ['heading', escapeHtml(SEARCH_RESULTS_HEADING)],
    ['notice', ''],
    ['results', searchResultsHtml(results)],
  ];
  for (const [name, content] of regions) {
    html = replaceRegion(html, name, content);
    if (html === null) return null;
  }
  const query = escapeHtml(results.query);
  // Replacer functions: a `$` in the query is text, not a replacement pattern.
  return html
    .replace(/<input\b[^>]*?\sdata-search-page-input(?:=(?:"[^"]*"|'[^']*'|[^\s>]*))?/, (input) => `${input} value="${query}"`)
    .replace(/<title>([^<]*)<\/title>/, (_, title: string) => `<title>${searchDocumentTitle(query, title)}</title>`);
}

/** The page of results a /search request asks for (`page`; 1 when absent or not a page number). */
export const searchPageRequested = (request: Request): number => searchPageNumber(new URL(request.url).searchParams.get('page'));

/** The query of a search page request, or null when the static page answers (another path, no query). */
export function searchPageQuery(request: Request): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const url = new URL(request.url);
  if (!SEARCH_PATHS.has(url.pathname)) return null;
  const query = (url.searchParams.get('q') ?? '').trim();
  return query || null;
}

export interface SearchPageOptions {
  /** The built page as text (server/site/static.ts `page`), null before a build. */
  page: () => { text: string; etag: string } | null;
  /**
   * The search's answer (contract SearchResultsView) for `page` of the results (/api/search `page`),
   * or null when it cannot be had now (busy, failed).
   */
  search: (query: string, request: Request, page: number) => Promise<SearchResultsView | null>;
  log?: (message: string) => void;
}

export function createSearchPage({ page, search, log = (m) => console.error(m) }: SearchPageOptions) {
  let warnedMarks = false;
  return {
    /** The filled page for `/search?q=…` with a query; null when the static site should answer as usual. */
    async answer(request: Request): Promise<Response | null> {
      const query = searchPageQuery(request);
      if (query === null) return null;
      try {
        const built = page();
        if (!built) return null;
        const wanted = searchPageRequested(request);
        const results = await search(query, request, wanted);
        if (!results) return null;
        // An answer for another page (a search that does not pass `page` on) must not be shown as
        // this one: the built page's script asks for the right one.
        if ((results.paging?.page ?? 1) !== wanted) return null;
        const html = fillSearchPage(built.text, results);
        if (html === null) {
          if (!warnedMarks) log('[search] the built /search page has no fill marks (an older build?): served as built');
          warnedMarks = true;
          return null;
        }
        const body = makePageBody(html, SEARCH_PAGE_CACHE);
        if (request.method === 'GET') await compressAhead(body, request);
        const response = respond(body, request);
        return request.method === 'HEAD' ? new Response(null, response) : response;
      } catch (error) {
        log(`[search] filling /search failed, served as built: ${(error as Error).stack ?? error}`);
        return null;
      }
    },
  };
}
