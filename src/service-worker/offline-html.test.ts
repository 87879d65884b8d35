import { describe, expect, it } from 'vitest';
import { offlineListHtml, offlineNoticeHtml, savedWhen, withNotice, withSavedList } from './offline-html.ts';

// 2026-11-22 20:30 in Ecuador (UTC-5).
const NOW = new Date('2026-11-23T01:30:00Z');

describe('the offline notice and list (service worker)', () => {
  it('says when a copy was saved in Ecuador time, under any machine zone', () => {
    // 19:05 UTC is 14:05 in Quito, the same day.
    expect(savedWhen(new Date('2026-11-22T19:05:00Z'), NOW)).toBe('de las 14:05');
    expect(offlineNoticeHtml(new Date('2026-11-22T19:05:00Z'), NOW)).toContain('>Sin conexión · versión guardada de las 14:05</p>');
    // 03:10 UTC on the 22nd is 22:10 on the 21st in Quito: another day, so the day is said.
    expect(savedWhen(new Date('2026-11-22T03:10:00Z'), NOW)).toBe('del 21 nov, 22:10');
  });

  it('puts the notice first in <body>, keeping its attributes', () => {
    const html = '<html><head><title>x</title></head><body class="flex min-h-dvh"><main>Texto</main></body></html>';
    const out = withNotice(html, offlineNoticeHtml(new Date('2026-11-22T19:05:00Z'), NOW));
    expect(out).toMatch(/<body class="flex min-h-dvh"><p role="status" data-offline-notice [^>]*>Sin conexión · versión guardada de las 14:05<\/p><main>Texto<\/main>/);
  });

  it('lists saved pages with their titles without the site name, replacing the empty state', () => {
    const list = offlineListHtml(
      [
        { path: '/partidos/1001', title: 'Emelec 2-1 Barcelona SC | Marcador', savedAt: '2026-11-22T19:05:00Z' },
        { path: '/posiciones', title: '', savedAt: 'not a date' },
      ],
      NOW,
    );
    expect(list).toContain('<a href="/partidos/1001"');
    expect(list).toContain('>Emelec 2-1 Barcelona SC<span');
    expect(list).toContain('Guardada de las 14:05</span>');
    // No title: the path stands for it; no valid time: no "Guardada" line.
    expect(list).toMatch(/<a href="\/posiciones" [^>]*>\/posiciones<\/a>/);
    const page = '<h2>Páginas</h2><p class="text-muted" data-no-saved-pages>Aún no hay páginas guardadas.</p><footer>';
    expect(withSavedList(page, list)).toBe(`<h2>Páginas</h2>${list}<footer>`);
    // Nothing saved: the page keeps its own words.
    expect(withSavedList(page, offlineListHtml([], NOW))).toBe(page);
  });

  it('escapes a path that could break out of its attribute', () => {
    expect(offlineListHtml([{ path: '/a"><script>', title: 'x', savedAt: '' }], NOW)).toContain('href="/a&#34;&#62;&#60;script&#62;"');
  });
});
