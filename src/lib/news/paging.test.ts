import { describe, expect, it } from 'vitest';
import { listPagePath, pageCount, pagerItems, pageSlice } from './paging.ts';
import { truncate } from './parse.ts';

describe('news paging', () => {
  const items = Array.from({ length: 23 }, (_, i) => i + 1);

  it('counts pages of ten, an empty list being one empty page', () => {
    expect(pageCount(23, 10)).toBe(3);
    expect(pageCount(20, 10)).toBe(2);
    expect(pageCount(0, 10)).toBe(1);
  });

  it('slices page n, the last one short, and nothing past the last', () => {
    expect(pageSlice(items, 1, 10).items).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageSlice(items, 3, 10)).toMatchObject({ items: [21, 22, 23], totalPages: 3, totalItems: 23 });
    expect(pageSlice(items, 4, 10).items).toEqual([]);
    expect(pageSlice(items, 0, 10).items).toEqual([]);
  });

  it('puts page 1 at the list itself and page n under /pagina/n', () => {
    expect(listPagePath('/noticias', 1)).toBe('/noticias');
    expect(listPagePath('/noticias', 2)).toBe('/noticias/pagina/2');
    expect(listPagePath('/noticias/categoria/fichajes', 3)).toBe('/noticias/categoria/fichajes/pagina/3');
  });

  it('shows first, last and the neighbours of the current page, with gaps', () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(1, 18)).toEqual([1, 2, null, 18]);
    expect(pagerItems(9, 18)).toEqual([1, null, 8, 9, 10, null, 18]);
    // A gap of one page shows the page rather than an ellipsis.
    expect(pagerItems(4, 18)).toEqual([1, 2, 3, 4, 5, null, 18]);
    expect(pagerItems(18, 18)).toEqual([1, null, 17, 18]);
  });
});

describe('summary truncation (spec §9)', () => {
  const summary = 'Independiente del Valle venció 2-1 a Barcelona SC por la fecha 7 del Hexagonal Final de la Liga Pro; anotaron Kendry Páez y Moisés Caicedo en el segundo tiempo.';

  it('cuts at 120 (60 compact) at a word boundary, with an ellipsis', () => {
    for (const max of [120, 60]) {
      const cut = truncate(summary, max);
      expect(cut.length).toBeLessThanOrEqual(max);
      expect(cut.endsWith('…')).toBe(true);
      const kept = cut.slice(0, -1);
      // The kept text is a whole-word prefix of the summary.
      expect(summary.startsWith(kept)).toBe(true);
      expect(summary[kept.length] === ' ' || /[;,.]/.test(summary[kept.length])).toBe(true);
    }
  });

  it('leaves short summaries alone', () => {
    expect(truncate('Emelec gana.', 60)).toBe('Emelec gana.');
  });
});
