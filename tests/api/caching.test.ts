import { describe, expect, it } from 'vitest';
import { get } from './http.ts';

describe('HTTP caching', () => {
  it('sets Cache-Control per kind of data', async () => {
    const table = await get('/api/football/standings?league=242');
    expect(table.headers.get('cache-control')).toBe('public, max-age=300, stale-while-revalidate=600');
    const news = await get('/api/ai-articles');
    expect(news.headers.get('cache-control')).toBe('public, max-age=180, stale-while-revalidate=300');
    const live = await get('/api/football/fixtures?live=all');
    expect(live.headers.get('cache-control')).toBe('public, max-age=15, stale-while-revalidate=15');
  });

  it('answers a matching If-None-Match with 304 and no body', async () => {
    const first = await get('/api/football/teams?league=242');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    const again = await get('/api/football/teams?league=242', { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();
    const other = await get('/api/football/teams?league=242', { 'if-none-match': '"something-else"' });
    expect(other.status).toBe(200);
  });

  it('gzips large answers for clients that accept it', async () => {
    const res = await fetch(`${(await import('vitest')).inject('apiUrl')}/api/football/fixtures?league=242`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect((await res.json()).response.length).toBeGreaterThan(100);
  });

  it('does not cache errors', async () => {
    const res = await get('/api/football/standings?league=abc');
    expect(res.status).toBe(400);
    expect(res.headers.get('etag')).toBeNull();
  });
});
