import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchRegion, searchRegionEnd, searchRegionStart, searchResultsHtml } from '../../markup/search.ts';
import { demoStoreDir, removeTemplate, startServer, type TestServer } from './servers.ts';

/**
 * /search?q=… under `npm start` (issue 13): the results are in the HTML, from the same search as
 * /api/search, on a real server with the demo season. Its site is a one-page build whose search page
 * has the marks src/pages/search.astro writes (the real page is checked by tests/e2e/search.spec.ts).
 */

const PAGE = `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Buscar · Marcador</title></head><body>
<h1 data-search-heading>${searchRegion('heading', 'Buscar')}</h1>
<form action="/search" method="get" role="search"><input id="search-page-q" name="q" type="search" required data-search-page-input><button>Buscar</button></form>
${searchRegionStart('notice')}<p class="no-js-only">La búsqueda necesita JavaScript.</p>${searchRegionEnd('notice')}
<div data-search-page>${searchRegion('results', searchResultsHtml(null))}</div>
${'<p>Relleno para que la página se comprima.</p>'.repeat(40)}</body></html>`;

/** The build's policy (integrations/finish/headers.ts), which a filled page must carry like any other. */
const CSP = "default-src 'self'; script-src 'self' 'sha256-dGVzdA=='; object-src 'none'";

let server: TestServer;
let dist: string;

beforeAll(async () => {
  const dir = demoStoreDir();
  dist = join(dir, 'dist');
  mkdirSync(join(dist, 'search'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Marcador</title>');
  writeFileSync(join(dist, 'search', 'index.html'), PAGE);
  writeFileSync(join(dist, '.security.json'), JSON.stringify({ csp: CSP, scriptHashes: [], redirects: [] }));
  server = await startServer(dir, { DIST_DIR: dist, SKIP_BUILD: '1', BACKUP_DAILY: '0' }, []);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (server) rmSync(server.dir, { recursive: true, force: true });
  removeTemplate();
});

const page = async (q: string | null, headers: Record<string, string> = {}, method = 'GET') => {
  const res = await fetch(`${server.url}/search${q === null ? '' : `?q=${encodeURIComponent(q)}`}`, { headers, method });
  return { status: res.status, headers: res.headers, text: await res.text() };
};
const links = (html: string, prefix: string) => [...html.matchAll(new RegExp(`href="(${prefix}[^"]*)"`, 'g'))].map((m) => m[1]);

describe('/search?q= served by npm start', () => {
  it('has the grouped results, the query in the box and the title, and no "needs JavaScript" notice', async () => {
    const { status, headers, text } = await page('emelec');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(text).toContain('href="/equipos/1148"');
    expect(links(text, '/noticias/').length).toBeGreaterThan(0);
    expect(text).toMatch(/<input [^>]*data-search-page-input value="emelec">/);
    expect(text).toContain('<title>emelec · Buscar · Marcador</title>');
    expect(text).toMatch(/\d+ resultados? para «emelec»/);
    expect(text).toContain('data-search-filled');
    expect(text).not.toContain('necesita JavaScript');
    // Clubs and players before news.
    expect(text.indexOf('data-search-section="teams"')).toBeLessThan(text.indexOf('data-search-section="news"'));
  });

  it('finds the same as /api/search', async () => {
    const api = (await (await fetch(`${server.url}/api/search?q=caicedo`)).json()) as { players: Array<{ player: { id: number } }> };
    expect(api.players.length).toBeGreaterThan(0);
    const { text } = await page('caicedo');
    expect(links(text, '/jugadores/')).toEqual(api.players.map((p) => `/jugadores/${p.player.id}`));
  });

  it('counts every match, not the page, and links the next page as a plain link', async () => {
    const api = (await (await fetch(`${server.url}/api/search?q=liga`)).json()) as { total: number; totals: { news: number } };
    expect(api.total).toBeGreaterThan(8);
    const { text } = await page('liga');
    expect(text).toContain(`${api.total} resultados para «liga» · página 1 de ${Math.ceil(api.totals.news / 8)}<`);
    expect(text).toContain(`Noticias <span class="font-normal text-muted">(${api.totals.news})</span>`);
    expect(text).toContain('rel="next" href="/search?q=liga&amp;page=2"');
    expect(text).not.toContain('rel="prev"');
  });

  it('says when nothing was found', async () => {
    const { status, text } = await page('zzqxwv');
    expect(status).toBe(200);
    expect(text).toContain('No se encontraron resultados para «zzqxwv»');
    expect(links(text, '/noticias/')).toEqual([]);
  });

  it('is accent-insensitive: "eliminatorias" and "Eliminatorías" list the same news', async () => {
    const plain = links((await page('eliminatorias')).text, '/noticias/');
    expect(plain.length).toBeGreaterThan(0);
    expect(links((await page('Eliminatorías')).text, '/noticias/')).toEqual(plain);
  });

  it('keeps hostile queries as text, never a 500', async () => {
    for (const q of ['"><script>alert(1)</script>', '*', '"', "'", "' autofocus onfocus='alert(1)", '$& $1', '<!--/search:results-->', 'x'.repeat(2000), '⚽🔥']) {
      const { status, text } = await page(q);
      expect(status, q.slice(0, 20)).toBe(200);
      expect(text, q).not.toContain('<script>alert(1)');
      expect(text, q).not.toContain("' autofocus");
      expect(text.match(/<input [^>]*>/)![0], q).toMatch(/ value="[^"<>]*">$/);
    }
    expect((await page('"><script>alert(1)</script>')).text).toContain('«&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;»');
  });

  it('is cacheable for a short while, compressed on the fly, with the page security policy', async () => {
    const plain = await page('liga');
    expect(plain.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=600');
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(plain.headers.get('content-security-policy')).toBe(CSP);
    const etag = plain.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect((await page('liga', { 'if-none-match': etag })).status).toBe(304);

    // Raw bytes (fetch would decode them): brotli of the same page.
    const raw = await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      get(`${server.url}/search?q=liga`, { headers: { 'accept-encoding': 'br' } }, (r) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => resolve({ encoding: r.headers['content-encoding'], body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });
    expect(raw.encoding).toBe('br');
    expect(raw.body.length).toBeLessThan(Buffer.byteLength(plain.text));
    expect(brotliDecompressSync(raw.body).toString('utf8')).toBe(plain.text);
  });

  it('answers HEAD like GET, without a body', async () => {
    const head = await page('emelec', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(head.text).toBe('');
  });

  it('finds competitions by their Spanish names, linking to their front pages, with no JavaScript', async () => {
    const api = (await (await fetch(`${server.url}/api/search?q=libertadores`)).json()) as {
      totals: { competitions: number };
      competitions: Array<{ id: number; name: string; season: number }>;
    };
    // The answer lists the competition as /api/football/tournaments does; the page names it in Spanish.
    expect(api.competitions.map((c) => [c.id, c.name, c.season])).toEqual([[13, 'CONMEBOL Libertadores', 2026]]);
    expect(api.totals.competitions).toBe(1);
    const { text } = await page('libertadores');
    expect(text).toContain('Torneos <span class="font-normal text-muted">(1)</span>');
    expect(text).toMatch(/<a [^>]*href="\/libertadores"[^>]*>.*?>Copa Libertadores<\/span><span [^>]*>Temporada 2026</);
    expect(text).not.toContain('CONMEBOL Libertadores');
    expect(links((await page('serie b')).text, '/serie-b')).toEqual(['/serie-b']);
    expect(links((await page('eliminatorias')).text, '/eliminatorias')).toEqual(['/eliminatorias']);
  });

  it('finds the matches of two clubs, the next one first, with dates in Ecuador time and scores', async () => {
    const api = (await (await fetch(`${server.url}/api/search?q=${encodeURIComponent('emelec barcelona')}`)).json()) as {
      now: string;
      totals: { matches: number };
      matches: Array<{ fixture: { id: number; date: string }; teams: { home: { name: string } } }>;
    };
    expect(api.now).toBe(new Date('2026-11-22T20:30:00-05:00').toISOString());
    expect(api.matches.map((m) => m.fixture.id)).toEqual([9420294, 9420266, 9420168, 9420048]);
    expect(api.totals.matches).toBe(4);
    const { text } = await page('emelec barcelona');
    expect(links(text, '/partidos/')).toEqual(['/partidos/9420294', '/partidos/9420266', '/partidos/9420168', '/partidos/9420048']);
    // 2026-12-01T00:00Z is the evening of 30 November in Guayaquil.
    expect(text).toContain('>Barcelona SC vs. Emelec</span><span class="block text-sm text-muted">Serie A · lun, 30 nov · 19:00<');
    // A played match: its score blurred under Sin spoilers, and said whole, or without it while hidden.
    expect(text).toContain(
      '>Emelec <span data-spoiler>0-3</span> Barcelona SC</span><span class="sr-only" data-said>Emelec 0-3 Barcelona SC</span><span class="sr-only" data-unsaid>Emelec - Barcelona SC, resultado oculto</span><span class="block text-sm text-muted">Serie A · Final · dom, 18 oct<',
    );
    // The four matches and the three news about them.
    expect(text).toContain('7 resultados para «emelec barcelona»');
    // "vs" and a dash say the same; one club and "vs" lists its matches.
    expect(links((await page('Emelec vs. Barcelona')).text, '/partidos/')).toEqual(links(text, '/partidos/'));
    expect(links((await page('liga - aucas')).text, '/partidos/')).toEqual(['/partidos/9420138', '/partidos/9420018']);
    expect(links((await page('emelec vs')).text, '/partidos/').slice(0, 3)).toEqual(['/partidos/9420294', '/partidos/9420300', '/partidos/9420307']);
  });

  it('answers a match search\'s bad paging with 400 in English, and a page past the matches with none of them', async () => {
    const bad = await fetch(`${server.url}/api/search?q=${encodeURIComponent('emelec vs')}&page=0`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string> }).errors.page).toMatch(/^Invalid page/);
    const far = (await (await fetch(`${server.url}/api/search?q=${encodeURIComponent('emelec vs')}&page=6`)).json()) as {
      totals: { matches: number };
      matches: unknown[];
    };
    expect(far.totals.matches).toBe(40);
    expect(far.matches).toEqual([]);
  });

  it('serves the built page as it is for a blank query', async () => {
    const built = readFileSync(join(dist, 'search', 'index.html'), 'utf8');
    expect((await page(null)).text).toBe(built);
    expect((await page('   ')).text).toBe(built);
  });
});
