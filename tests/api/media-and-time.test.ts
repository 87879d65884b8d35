import { describe, expect, it, inject } from 'vitest';
import { get, post } from './http.ts';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Width and height from the IHDR chunk, after checking the signature. */
function pngSize(bytes: Uint8Array): [number, number] {
  expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  const view = Buffer.from(bytes);
  expect(view.toString('latin1', 12, 16)).toBe('IHDR');
  return [view.readUInt32BE(16), view.readUInt32BE(20)];
}

describe('media', () => {
  it('serves generated crests, photos, logos, flags and article pictures as cacheable PNG', async () => {
    const team = (await get('/api/football/teams?id=1158')).body.response[0].team;
    expect(team.logo).toBe('/media/teams/1158.png');
    const res = await fetch(`${inject('apiUrl')}${team.logo}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400, stale-while-revalidate=604800');
    expect(res.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(pngSize(bytes)).toEqual([72, 72]);
    expect(bytes.length).toBeLessThanOrEqual(2000);

    const article = (await get('/api/ai-articles?limit=1')).body.data[0];
    expect(article.imageUrls[0]).toMatch(/^\/media\/articles\/[0-9a-f]{24}\.png$/);
    const picture = await fetch(`${inject('apiUrl')}${article.imageUrls[0]}`);
    expect(picture.status).toBe(200);
    expect(pngSize(new Uint8Array(await picture.arrayBuffer()))).toEqual([480, 270]);

    const league = (await get('/api/football/leagues')).body.response.find((l: any) => l.league.id === 242);
    const sizes: [string, [number, number]][] = [[league.league.logo, [72, 72]], [league.country.flag, [48, 32]]];
    const player = (await get('/api/football/players?team=1158&season=2026')).body.response[0].player;
    sizes.push([player.photo, [72, 72]]);
    for (const [url, size] of sizes) {
      expect(url).toMatch(/^\/media\/\w+\/[\w-]+\.png$/);
      const r = await fetch(`${inject('apiUrl')}${url}`);
      expect(r.status, url).toBe(200);
      expect(r.headers.get('content-type'), url).toBe('image/png');
      expect(pngSize(new Uint8Array(await r.arrayBuffer())), url).toEqual(size);
    }
  });

  it('gives the same bytes and ETag for the same URL and answers 304 to a matching If-None-Match', async () => {
    const url = `${inject('apiUrl')}/media/teams/1152.png`;
    const first = await fetch(url);
    const second = await fetch(url);
    const etag = first.headers.get('etag')!;
    expect(second.headers.get('etag')).toBe(etag);
    expect(Buffer.from(await second.arrayBuffer()).equals(Buffer.from(await first.arrayBuffer()))).toBe(true);
    expect((await fetch(`${inject('apiUrl')}/media/teams/1158.png`)).headers.get('etag')).not.toBe(etag);

    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const revalidated = await fetch(url, { headers: { 'if-none-match': ifNoneMatch } });
      expect(revalidated.status, ifNoneMatch).toBe(304);
      expect(revalidated.headers.get('etag')).toBe(etag);
      expect(revalidated.headers.get('cache-control')).toContain('max-age=86400');
      expect((await revalidated.arrayBuffer()).byteLength).toBe(0);
    }
    expect((await fetch(url, { headers: { 'if-none-match': '"stale"' } })).status).toBe(200);
  });

  it('answers unknown or malformed media with the JSON 404', async () => {
    for (const path of [
      '/media/teams/424242.png', '/media/nothing/1.png', '/media/teams/..%2F..%2Fetc.png', '/media/teams/1158.svg',
      '/media/teams/1158', '/media/teams/1158.PNG', '/media/players/12.png', '/media/flags/e.png', `/media/flags/${'a'.repeat(41)}.png`,
      '/media/articles/000000000000000000000000.png', '/media/constructor/1.png',
    ]) {
      const res = await fetch(`${inject('apiUrl')}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.json(), path).toEqual({ message: 'Image not found' });
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
    // The API-only server has no build: the published articles are the pages whose views count.
    const slug = (await get('/api/ai-articles?limit=1&page=3')).body.data[0].slug;
    for (let i = 0; i < 3; i++) await post('/api/pageviews', { path: `/noticias/${slug}` }, { 'x-forwarded-for': `192.0.2.${40 + i}` });
    await post('/api/pageviews', { path: '/no-es-una-pagina' }, { 'x-forwarded-for': '192.0.2.50' });
    const { body } = await get('/api/pageviews/top?limit=50');
    const row = body.data.find((r: any) => r.path === `/noticias/${slug}`);
    expect(row.views).toBeGreaterThanOrEqual(3);
    expect(body.data.some((r: any) => r.path === '/no-es-una-pagina')).toBe(false);
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

