import { describe, expect, it } from 'vitest';
import { newsRowHtml, searchRegion, searchRegionEnd, searchRegionStart, searchResultsHtml } from '../../markup/search.ts';
import { noResultsText, parseSearchResults, searchPageNumber, type SearchResultsView } from '../../contract/search-results.ts';
import { createSearchPage, fillSearchPage, searchPageQuery, searchPageRequested } from './search-page.ts';

/** The /search page the server fills (server/site/search-page.ts) and the markup it shares with the page's script. */

/** The built page's shape, as src/pages/search.astro writes it (marks from the same functions). */
const PAGE = `<!doctype html><html><head><title>Buscar · Marcador</title></head><body>
<h1 data-search-heading>${searchRegion('heading', 'Buscar')}</h1>
<form action="/search"><input id="search-page-q" name="q" type="search" required data-search-page-input></form>
${searchRegionStart('notice')}<p class="no-js-only">La búsqueda necesita JavaScript.</p>${searchRegionEnd('notice')}
<div data-search-page>${searchRegion('results', searchResultsHtml(null))}</div></body></html>`;

const emelec: SearchResultsView = {
  query: 'emelec',
  teams: [{ id: 1148, name: 'Emelec', logo: '/media/teams/1148.png', country: 'Ecuador' }],
  players: [{ id: 7, name: 'J. Pérez', photo: 'javascript:alert(1)', teamName: 'Emelec' }],
  news: [{ slug: 'emelec-gana', title: 'Emelec gana <b>2-0</b>', summary: 'Un resumen', createdAt: '2026-11-21T20:00:00Z' }],
  competitions: [],
  matches: [],
};
const none = (query: string): SearchResultsView => ({ query, teams: [], players: [], news: [], competitions: [], matches: [] });

describe('fillSearchPage', () => {
  it('puts the grouped results, the heading, the query and the title in the page, and drops the no-JS notice', () => {
    const html = fillSearchPage(PAGE, emelec)!;
    expect(html).toContain('<title>emelec · Buscar · Marcador</title>');
    expect(html).toContain('>Resultados de búsqueda<');
    expect(html).toMatch(/<input [^>]*data-search-page-input value="emelec">/);
    expect(html).not.toContain('necesita JavaScript');
    for (const part of ['data-search-filled', '3 resultados para «emelec»', 'href="/equipos/1148"', 'href="/jugadores/7"', 'href="/noticias/emelec-gana"']) {
      expect(html, part).toContain(part);
    }
    // Stored text is text: markup in a title is escaped; a script URL never becomes an image source.
    expect(html).toContain('Emelec gana &lt;b&gt;2-0&lt;/b&gt;');
    expect(html).not.toContain('javascript:');
    // Clubs, then players, then news.
    expect(html.indexOf('data-search-section="teams"')).toBeLessThan(html.indexOf('data-search-section="players"'));
    expect(html.indexOf('data-search-section="players"')).toBeLessThan(html.indexOf('data-search-section="news"'));
  });

  it('says so when nothing was found, with the query as typed', () => {
    const html = fillSearchPage(PAGE, none('zzqx'))!;
    expect(html).toContain(noResultsText('zzqx'));
    expect(html).toMatch(/data-search-entities hidden|hidden data-search-entities/);
  });

  it('keeps hostile queries as text everywhere', () => {
    for (const query of ['"><script>alert(1)</script>', "' onfocus='alert(1)", '$& $1 $` *', '<!--/search:results-->']) {
      const html = fillSearchPage(PAGE, none(query))!;
      expect(html, query).not.toContain('<script>alert');
      expect(html, query).not.toContain("' onfocus='");
      expect(html.match(/<input [^>]*>/)![0], query).toMatch(/ value="[^"]*">$/);
      // The page's own marks are not duplicated by a query that imitates one.
      expect(html.split('<!--/search:results-->').length, query).toBe(2);
    }
    expect(fillSearchPage(PAGE, none('$& $1'))!).toContain('value="$&amp; $1"');
  });

  it('leaves a page without the marks alone (an older build)', () => {
    expect(fillSearchPage('<!doctype html><title>Buscar</title><p>vieja</p>', emelec)).toBeNull();
  });
});

describe('searchPageQuery', () => {
  const at = (url: string, method = 'GET') => searchPageQuery(new Request(`http://x${url}`, { method }));
  it('fills /search with a query only', () => {
    expect(at('/search?q=emelec')).toBe('emelec');
    expect(at('/search/?q=%20liga%20')).toBe('liga');
    expect(at('/search?q=%20%20')).toBeNull();
    expect(at('/search')).toBeNull();
    expect(at('/noticias?q=emelec')).toBeNull();
    expect(at('/search?q=emelec', 'POST')).toBeNull();
  });
});

describe('paging', () => {
  // "liga": 2 clubs, 90 news, 8 of each per page; page 2 of 12.
  const news = (from: number) =>
    Array.from({ length: 8 }, (_, i) => ({ slug: `n-${from + i}`, title: `Noticia ${from + i}`, summary: '', createdAt: '2026-11-20T10:00:00Z' }));
  const liga = (page: number): SearchResultsView => ({
    query: 'liga de quito',
    teams: page === 1 ? [{ id: 1158, name: 'LDU de Quito', logo: '', country: 'Ecuador' }] : [],
    players: [],
    news: news((page - 1) * 8 + 1),
    competitions: [],
    matches: [],
    paging: { page, limit: 8, totals: { teams: 2, players: 0, news: 90, competitions: 0, matches: 0 } },
  });

  it('counts every match, not the page, and says which page this is', () => {
    const first = searchResultsHtml(liga(1));
    expect(first).toContain('92 resultados para «liga de quito» · página 1 de 12<');
    expect(first).toContain('Clubes <span class="font-normal text-muted">(2)</span>');
    expect(first).toContain('Noticias <span class="font-normal text-muted">(90)</span>');
    expect(searchResultsHtml({ ...liga(1), paging: { page: 1, limit: 8, totals: { teams: 0, players: 0, news: 1_234, competitions: 0, matches: 0 } } })).toContain(
      '1.234 resultados para «liga de quito» · página 1 de 155<',
    );
  });

  it('links the next and the previous page as plain links, the query encoded', () => {
    // The href as a browser reads it (the attribute is escaped: `&amp;page=`).
    const links = (html: string) => [...html.matchAll(/rel="(prev|next)" href="([^"]*)"/g)].map((m) => `${m[1]} ${m[2].replaceAll('&amp;', '&')}`);
    expect(searchResultsHtml(liga(1))).toContain('href="/search?q=liga%20de%20quito&amp;page=2"');
    expect(links(searchResultsHtml(liga(1)))).toEqual(['next /search?q=liga%20de%20quito&page=2']);
    expect(links(searchResultsHtml(liga(2)))).toEqual(['prev /search?q=liga%20de%20quito', 'next /search?q=liga%20de%20quito&page=3']);
    expect(links(searchResultsHtml(liga(12)))).toEqual(['prev /search?q=liga%20de%20quito&page=11']);
    // Past the last page: back to the last one.
    expect(links(searchResultsHtml({ ...liga(40), news: [] }))).toEqual(['prev /search?q=liga%20de%20quito&page=12']);
    // One page holds everything, or an answer without totals: no pager.
    expect(searchResultsHtml(emelec)).not.toContain('data-search-pager');
    expect(searchResultsHtml({ ...emelec, paging: { page: 1, limit: 8, totals: { teams: 1, players: 1, news: 8, competitions: 0, matches: 0 } } })).not.toContain('data-search-pager');
  });

  it('reads the page from the URL, whole numbers from 1 to 100 only', () => {
    expect(['2', '100', '', '0', '101', '-1', '2.5', 'x', null].map(searchPageNumber)).toEqual([2, 100, 1, 1, 1, 1, 1, 1, 1]);
    expect(searchPageRequested(new Request('http://x/search?q=liga&page=3'))).toBe(3);
  });

  it('reads the totals from the API answer, and none from an answer without them', () => {
    const view = parseSearchResults({ query: 'liga', page: 2, limit: 8, total: 92, totals: { teams: 2, players: 0, news: 90 }, teams: [], players: [], news: [] });
    // An answer from before competitions and matches were searched counts none of them.
    expect(view.paging).toEqual({ page: 2, limit: 8, totals: { teams: 2, players: 0, news: 90, competitions: 0, matches: 0 } });
    expect(parseSearchResults({ query: 'liga', teams: [], players: [], news: [] }).paging).toBeUndefined();
  });

  it('fills the page asked for, and leaves it to the page script when the answer is for another page', async () => {
    const asked: number[] = [];
    const searchPage = (answerPage: (page: number) => number) =>
      createSearchPage({
        page: () => ({ text: PAGE, etag: '"x"' }),
        search: async (_q, _r, page) => {
          asked.push(page);
          return liga(answerPage(page));
        },
        log: () => {},
      });
    const second = await searchPage((p) => p).answer(new Request('http://x/search?q=liga%20de%20quito&page=2'));
    const html = await second!.text();
    expect(html).toContain('href="/noticias/n-9"');
    expect(html).not.toContain('href="/noticias/n-1"');
    expect(html).toContain('· página 2 de 12<');
    // A search that always answers page 1: not shown as page 2.
    expect(await searchPage(() => 1).answer(new Request('http://x/search?q=liga&page=2'))).toBeNull();
    expect(asked).toEqual([2, 2]);
  });
});

describe('search results markup', () => {
  it('reads the API answer leniently: provider-shaped entries, incomplete ones dropped', () => {
    const view = parseSearchResults({
      query: 'car',
      teams: [{ team: { id: 5, name: 'Carlos FC', logo: 'x.png', country: 'Ecuador' } }, { team: { name: 'sin id' } }],
      players: [{ player: { id: 9, name: 'Carlos', photo: '' }, statistics: [{ team: { name: 'Aucas' } }] }],
      news: [{ _id: 'a', slug: 's', title: 'T', description: 'D', createdAt: '2026-11-20T10:00:00Z' }, { slug: 'x' }],
    });
    expect(view.teams).toEqual([{ id: 5, name: 'Carlos FC', logo: 'x.png', country: 'Ecuador' }]);
    expect(view.players).toEqual([{ id: 9, name: 'Carlos', photo: '', teamName: 'Aucas' }]);
    expect(view.news).toEqual([{ slug: 's', title: 'T', summary: 'D', createdAt: '2026-11-20T10:00:00Z' }]);
    // A match's report, as the API marks it (filed under a cup's section beside its previews).
    const report = { _id: 'r', slug: 'r', title: 'Emelec cae 0-3', summary: 'S', createdAt: '2026-11-20T10:00:00Z', category: 'copas', matchReport: true };
    expect(parseSearchResults({ query: 'emelec', news: [report] }).news).toEqual([{ slug: 'r', title: 'Emelec cae 0-3', summary: 'S', createdAt: '2026-11-20T10:00:00Z', category: 'copas', matchReport: true }]);
  });

  it('writes a news row with an encoded slug, the summary cut at 120 characters and an Ecuador date', () => {
    const row = newsRowHtml({ slug: 'a b/c', title: 'T', summary: 'x '.repeat(100), createdAt: '2026-11-22T03:00:00Z' });
    expect(row).toContain('href="/noticias/a%20b%2Fc"');
    expect(row).toContain('datetime="2026-11-22T03:00:00Z">sáb, 21 nov</time>');
    expect(row.match(/text-sm text-muted">([^<]*)</)![1]!.length).toBeLessThanOrEqual(120);
  });

  it('is an empty shell without results, and a status line can stand in for the count', () => {
    const shell = searchResultsHtml(null);
    expect(shell).not.toContain('data-search-filled');
    expect(shell).toContain('data-search-status></p>');
    expect(searchResultsHtml(none('x'), 'Buscando…')).toContain('data-search-status>Buscando…</p>');
  });
});
