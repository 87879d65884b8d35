import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from './sanitize.ts';

const HOSTILE = [
  '<h1>Título</h1><h2>Crónica</h2><h3>Goles</h3>',
  '<p>Texto con <a href="/equipos/1152">Emelec</a> y <a href="https://example.com/x" onclick="steal()">fuente</a>.</p>',
  '<script>alert(1)</script>',
  '<img src="x" onerror="alert(2)" alt="foto"><img src="y">',
  '<a href="javascript:alert(3)">clic</a>',
  '<a href="JaVaScRiPt:alert(4)">clic2</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<p style="color:red" class="x" onmouseover="alert(5)">estilo</p>',
  '<svg><script>alert(6)</script></svg>',
  '<form action="/x"><input name="a"></form>',
  '<ul><li>uno</li></ul><blockquote>cita</blockquote>',
].join('');

describe('sanitizeArticleHtml (sanitize-html, build time)', () => {
  const clean = sanitizeArticleHtml(HOSTILE);

  it('removes scripts, event handlers, javascript: URLs, iframes, forms and inline styles', () => {
    expect(clean).not.toMatch(/<script|alert\(|onerror|onclick|onmouseover|javascript:|<iframe|<form|<input|style=|<svg/i);
  });

  it('keeps links (site links as they are, external ones with rel=noopener) and headings', () => {
    for (const part of ['<a href="/equipos/1152">Emelec</a>', '<a href="https://example.com/x" rel="noopener noreferrer">fuente</a>', '<h2>Crónica</h2>', '<h3>Goles</h3>']) {
      expect(clean, part).toContain(part);
    }
    // The page's h1 is the article title: a body h1 becomes an h2.
    expect(clean).toContain('<h2>Título</h2>');
    expect(clean).toContain('<ul><li>uno</li></ul><blockquote>cita</blockquote>');
  });

  it('keeps the text of a link whose URL was refused, and the image without its handler', () => {
    expect(clean).toContain('<a>clic</a>');
    expect(clean).toContain('<img src="x" alt="foto" />');
    // An image without alt gets an empty one (decorative), never none.
    expect(clean).toContain('<img src="y" alt="" />');
  });

  it('never lets a rel from the input through', () => {
    expect(sanitizeArticleHtml('<a href="/x" rel="opener">a</a>')).toBe('<a href="/x">a</a>');
  });
});
