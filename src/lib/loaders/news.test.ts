import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetBuildMemo } from './memo.ts';
import { loadArticle, loadArticles, loadCategories, loadMostRead } from './news.ts';
import { fakeApi } from '../../../tests/helpers/fake-api.ts';

const raw = (n: number, extra: Record<string, unknown> = {}) => ({
  _id: `id${n}`, slug: `nota-${n}`, title: `Nota ${n}`, summary: 's', imageUrls: [], keywords: [], category: n % 2 ? 'cronica' : 'fichajes',
  createdAt: new Date(Date.UTC(2026, 10, 1) + n * 3_600_000).toISOString(), views: n * 10, ...extra,
});

/** The news API over `total` articles, newest first, paged as the server pages them. */
function newsApi(total: number) {
  const all = Array.from({ length: total }, (_, i) => raw(i + 1)).reverse();
  return fakeApi((url) => {
    const page = Number(url.searchParams.get('page'));
    const limit = Number(url.searchParams.get('limit'));
    const data = all.slice((page - 1) * limit, page * limit).map((a) => (url.searchParams.get('content') === 'true' ? { ...a, content: `<p onclick="x()">${a.title}</p>` } : a));
    return { status: 200, body: { data, meta: { page, limit, total, totalPages: Math.ceil(total / limit) } } };
  });
}

beforeEach(() => {
  resetBuildMemo();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('news loader', () => {
  it('reads every article with its body in pages of 50 (content=true), newest first, bodies sanitized', async () => {
    const { options, asked } = newsApi(120);
    const articles = await loadArticles(options);
    expect(articles).toHaveLength(120);
    expect(asked).toHaveLength(3);
    expect(asked.every((path) => path.includes('content=true') && path.includes('limit=50') && path.includes('targetWebsite=marcador.ec'))).toBe(true);
    expect(articles[0].slug).toBe('nota-120');
    expect(articles[0].contentHtml).toBe('<p>Nota 120</p>');
    // Memoised: a second caller makes no request.
    await loadArticle('nota-3', options);
    expect(asked).toHaveLength(3);
  });

  it('derives the most read and the categories from the same read', async () => {
    const { options, asked } = newsApi(8);
    expect((await loadMostRead(6, options)).map((a) => a.slug)).toEqual(['nota-8', 'nota-7', 'nota-6', 'nota-5', 'nota-4', 'nota-3']);
    expect(await loadCategories(options)).toEqual([{ slug: 'cronica', count: 4 }, { slug: 'fichajes', count: 4 }]);
    expect(asked).toHaveLength(1);
  });

  it('fails the build when the list cannot be read', async () => {
    const { options } = fakeApi(() => ({ status: 500, body: { message: 'down' } }));
    await expect(loadArticles(options)).rejects.toThrow(/news \(page 1\): down/);
  });
});
