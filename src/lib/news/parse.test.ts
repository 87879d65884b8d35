import { describe, expect, it } from 'vitest';
import { parseNewsItem, parseNewsPage, truncate } from './parse.ts';

describe('parseNewsItem', () => {
  it('maps an ai-articles item, summary falling back to description', () => {
    const item = parseNewsItem({ _id: 'a1', title: 'T', slug: 't', description: 'D', imageUrls: ['/a.svg', 2], createdAt: '2026-01-01' });
    expect(item).toMatchObject({ id: 'a1', summary: 'D', imageUrl: '/a.svg', imageUrls: ['/a.svg'], views: 0 });
  });
  it('keeps the API’s word that an item is a match’s report, and nothing that is not a plain true', () => {
    const item = (matchReport: unknown) => parseNewsItem({ _id: 'a1', title: 'Ecuador le gana 4-1 a Costa Rica', slug: 't', category: 'seleccion', matchReport });
    expect(item(true)?.matchReport).toBe(true);
    for (const no of [false, 'true', 1, undefined]) expect(item(no)).not.toHaveProperty('matchReport');
  });

  it('drops items a link cannot be made for', () => {
    expect(parseNewsItem({ title: 'sin slug' })).toBeNull();
    expect(parseNewsItem(null)).toBeNull();
    expect(parseNewsItem('x')).toBeNull();
  });
});

describe('parseNewsPage', () => {
  it('reads data + meta into the paging state', () => {
    const page = parseNewsPage({ data: [{ _id: '1', title: 'a', slug: 'a' }, { bad: true }], meta: { page: 2, limit: 10, total: 11, totalPages: 2 } }, 10);
    expect(page).toMatchObject({ currentPage: 2, totalPages: 2, totalNews: 11, limit: 10 });
    expect(page.items).toHaveLength(1);
  });
  it('survives a body without meta or with a bare array', () => {
    expect(parseNewsPage([{ _id: '1', title: 'a', slug: 'a' }], 8)).toMatchObject({ totalNews: 1, limit: 8, currentPage: 1 });
    expect(parseNewsPage(undefined, 8).items).toEqual([]);
  });
});

describe('truncate', () => {
  it('cuts at a word boundary and adds an ellipsis', () => {
    expect(truncate('corto', 120)).toBe('corto');
    const cut = truncate('Liga de Quito venció a Emelec en un partido intenso disputado en Casa Blanca', 40);
    expect(cut.length).toBeLessThanOrEqual(40);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut).not.toMatch(/\s…$/);
  });
});
