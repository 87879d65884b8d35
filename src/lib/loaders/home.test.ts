import { capture } from '../../../tests/helpers/captures.ts';
import { envelope, fakeApi } from '../../../tests/helpers/fake-api.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchHomeData } from './home.ts';

const ligaPro = capture('liga-pro-fixture-items.json');

/** Synthetic article, shaped like an `ai-articles` item; only used to check what the page keeps. */
const article = (n: number) => ({ _id: `a${n}`, slug: `articulo-${n}`, title: `Artículo ${n}`, summary: 'Resumen', imageUrls: [], createdAt: '2026-09-03T10:00:00Z', views: n });

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('fetchHomeData', () => {
  it("asks for the API's today and assembles every section", async () => {
    const { options, asked } = fakeApi((url) => {
      const p = url.pathname;
      const q = url.searchParams;
      if (p === '/api/time') return { status: 200, body: { now: '2026-09-03T20:00:00.000Z', today: '2026-09-03', timeZone: 'America/Guayaquil' } };
      if (p === '/api/football/fixtures' && q.get('date') === '2026-09-03') return { status: 200, body: envelope([ligaPro.segundoTempo]) };
      if (p === '/api/football/fixtures' && q.get('league') === '242') return { status: 200, body: envelope([ligaPro.agendaFT, ligaPro.segundoTempo]) };
      if (p === '/api/football/fixtures') return { status: 200, body: envelope([]) };
      if (p === '/api/football/standings') return { status: 200, body: capture('standings-single-group.json') };
      if (p === '/api/football/topscorers') return { status: 200, body: capture('players-with-statistics.json') };
      if (p === '/api/ai-articles' && q.get('sort') === 'views') return { status: 200, body: { data: [article(9)], meta: { page: 1, limit: 5, total: 1, totalPages: 1 } } };
      if (p === '/api/ai-articles') return { status: 200, body: { data: [1, 2, 3].map(article), meta: { page: 1, limit: 7, total: 3, totalPages: 1 } } };
      return undefined;
    });

    const data = await fetchHomeData(options);
    expect(asked[0]).toBe('/api/time');
    expect(asked).toContain('/api/football/fixtures?date=2026-09-03&timezone=America%2FGuayaquil');
    expect(data.today).toBe('2026-09-03');
    expect(data.builtAt).toBe(Date.parse('2026-09-03T20:00:00Z'));
    expect(data.todayMatches?.map((m) => m.id)).toEqual([1519479]);
    // Only finished matches, and none that today's scoreboard already shows.
    expect(data.results.map((m) => m.id)).toEqual([1519477]);
    expect(data.tableGroups?.[0].rows).toHaveLength(20);
    expect(data.scorers?.[0].player.name).toBe('J. Bellingham');
    expect(data.featured?.slug).toBe('articulo-1');
    expect(data.latestNews.map((n) => n.slug)).toEqual(['articulo-2', 'articulo-3']);
    expect(data.mostRead?.map((n) => n.slug)).toEqual(['articulo-9']);
  });

  it('turns each failed call into an empty section and logs it, without throwing', async () => {
    const { options } = fakeApi((url) => (url.pathname === '/api/football/standings' ? { status: 200, body: capture('error-rate-limit.json') } : undefined));
    const data = await fetchHomeData(options);
    expect(data).toMatchObject({ todayMatches: null, results: [], tableGroups: null, scorers: null, featured: null, latestNews: [], mostRead: null, clockOffsetMs: 0 });
    expect(data.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('Too many requests'));
  });
});
