import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkLinks, internalLinks, isPending, pagePathOf, resolvesToFile } from '../e2e/support/links.ts';

/** The link check's own rules (the e2e spec tests/e2e/links.spec.ts runs it over the real dist/). */

const SITE = 'https://marcador.ec';

describe('link check rules', () => {
  it('resolves paths the way server/site/static.ts serves dist/', () => {
    const files = new Set(['index.html', 'contacto/index.html', 'equipos.html', '_astro/app.js', 'favicon.svg']);
    for (const ok of ['/', '/contacto', '/contacto/', '/equipos', '/_astro/app.js', '/favicon.svg', '/%63ontacto']) expect(resolvesToFile(ok, files), ok).toBe(true);
    for (const bad of ['/nada', '/contacto/x', '/_astro/missing.js', '/%E0%A4%A']) expect(resolvesToFile(bad, files), bad).toBe(false);
  });

  it('names the path each built file answers at', () => {
    expect(pagePathOf('index.html')).toBe('/');
    expect(pagePathOf('contacto/index.html')).toBe('/contacto/');
    expect(pagePathOf('404.html')).toBe('/404');
  });

  it('collects internal href, src, srcset and own-origin content; skips externals, anchors and mailto', () => {
    const html = `<a href="/equipos/1?x=1&amp;y=2#top">a</a><img src="../media/a.png" srcset="/media/b.png 1x, /media/c.png 2x">
      <a href="https://other.example/x">x</a><a href="#main">m</a><a href="mailto:a@b.c">m</a>
      <link rel="canonical" href="https://marcador.ec/contacto"><meta property="og:image" content="https://marcador.ec/og.png">
      <meta name="description" content="Resultados en vivo">`;
    expect(internalLinks(html, '/noticias/uno/', [SITE])).toEqual(['/equipos/1?x=1&y=2', '/noticias/media/a.png', '/media/b.png', '/media/c.png', '/contacto', '/og.png']);
  });

  it('treats a pending family as the path and everything under it', () => {
    expect(isPending('/torneos', ['/torneos'])).toBe(true);
    expect(isPending('/torneos/242/posiciones', ['/torneos'])).toBe(true);
    expect(isPending('/torneos-x', ['/torneos'])).toBe(false);
  });
});

describe('checkLinks', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reports each broken link with the pages it is on, asks the server only for /api and /media', async () => {
    dir = mkdtempSync(join(tmpdir(), 'links-'));
    const write = (file: string, text: string) => {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), text);
    };
    write('index.html', '<a href="/contacto">c</a><a href="/roto">r</a><a href="/torneos/242">t</a><img src="/media/teams/1.png"><img src="/media/teams/2.png">');
    write('contacto/index.html', '<a href="/">home</a><a href="/roto">r</a>');
    const asked: string[] = [];
    const report = await checkLinks({
      distDir: dir,
      siteOrigins: [SITE],
      pending: ['/torneos'],
      status: async (target) => (asked.push(target), target.endsWith('/2.png') ? 404 : 200),
    });
    expect(asked.sort()).toEqual(['/media/teams/1.png', '/media/teams/2.png']);
    expect(report).toMatchObject({ pages: 2, skippedPending: 1 });
    expect(report.broken).toEqual([
      { target: '/media/teams/2.png', why: 'HTTP 404', pages: ['/'], pageCount: 1 },
      { target: '/roto', why: 'no such file in dist/', pages: ['/contacto/', '/'], pageCount: 2 },
    ]);
  });
});
