import { describe, expect, it, inject } from 'vitest';
import { get, post } from './http.ts';

describe('media', () => {
  it('serves generated crests, photos and article images as cacheable SVG', async () => {
    const team = (await get('/api/football/teams?id=1158')).body.response[0].team;
    expect(team.logo).toBe('/media/teams/1158.svg');
    const res = await fetch(`${inject('apiUrl')}${team.logo}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('cache-control')).toContain('max-age=86400');
    expect(await res.text()).toMatch(/^<svg[\s\S]*<\/svg>$/);
    const article = (await get('/api/ai-articles?limit=1')).body.data[0];
    expect((await fetch(`${inject('apiUrl')}${article.imageUrls[0]}`)).status).toBe(200);
  });

  it('answers unknown or malformed media with 404', async () => {
    for (const path of ['/media/teams/424242.svg', '/media/nothing/1.svg', '/media/teams/..%2F..%2Fetc.svg', '/media/teams/1158.png']) {
      expect((await fetch(`${inject('apiUrl')}${path}`)).status, path).toBe(404);
    }
  });
});

describe('time and most-read pages', () => {
  it("reports the server's clock (fixed in tests)", async () => {
    const { body, headers } = await get('/api/time');
    expect(body).toEqual({ now: new Date(inject('testNow')).toISOString(), today: '2026-11-22', timeZone: 'America/Guayaquil' });
    expect(headers.get('cache-control')).toBe('no-store');
  });

  it('ranks the most-read paths of the last week', async () => {
    for (let i = 0; i < 3; i++) await post('/api/pageviews', { path: '/posiciones' });
    const { body } = await get('/api/pageviews/top?limit=50');
    const row = body.data.find((r: any) => r.path === '/posiciones');
    expect(row.views).toBeGreaterThanOrEqual(3);
    expect((await get('/api/pageviews/top?limit=0')).status).toBe(400);
  });
});

describe('health', () => {
  it('reports ready with the data version (the API-only server has no site to wait for)', async () => {
    const { status, body, headers } = await get('/api/health');
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'ok', data: expect.stringMatching(/^demo:/) });
    expect(headers.get('cache-control')).toBe('no-store');
  });
});

