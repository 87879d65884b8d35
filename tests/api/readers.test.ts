import { describe, expect, it, inject } from 'vitest';
import { get, post } from './http.ts';

// Each test uses its own client key so the newsletter rate limit of one does not affect another.
const client = (name: string) => ({ 'x-forwarded-for': `test-${name}-${Math.random()}` });

describe('page views', () => {
  it('counts a page view without cookies', async () => {
    const res = await post('/api/pageviews', { path: '/noticias' });
    expect(res.status).toBe(204);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('accepts a beacon (text/plain JSON)', async () => {
    const res = await post('/api/pageviews', JSON.stringify({ path: '/' }), { 'content-type': 'text/plain;charset=UTF-8' });
    expect(res.status).toBe(204);
  });

  it('adds article views to the article', async () => {
    const first = (await get('/api/ai-articles?limit=1')).body.data[0];
    await post('/api/pageviews', { path: `/noticias/${first.slug}` });
    const after = (await get(`/api/ai-articles/slug/${first.slug}?fresh=1`)).body.data;
    expect(after.views).toBe(first.views + 1);
  });

  it('rejects bad paths and bodies', async () => {
    expect((await post('/api/pageviews', { path: 'http://evil' })).status).toBe(400);
    expect((await post('/api/pageviews', { path: '/a?b=c' })).status).toBe(400);
    expect((await post('/api/pageviews', '{not json', { 'content-type': 'application/json' })).status).toBe(400);
    expect((await post('/api/pageviews', { path: '/' + 'x'.repeat(10_000) })).status).toBe(413);
  });
});

describe('newsletter', () => {
  it('subscribes a new address once, then says it is already there', async () => {
    const email = `lector${Date.now()}@example.com`;
    const headers = client('dup');
    const first = await post('/api/newsletter', { email }, headers);
    expect(first.status).toBe(201);
    expect(first.body.message).toMatch(/suscrib/i);
    const again = await post('/api/newsletter', { email: email.toUpperCase() }, headers);
    expect(again.status).toBe(200);
    expect(again.body.message).toMatch(/ya estaba/i);
  });

  it('rejects invalid addresses with a Spanish message', async () => {
    const headers = client('invalid');
    for (const email of ['', 'no-es-correo', 'a@b', 'a b@c.com', '<x>@y.com']) {
      const res = await post('/api/newsletter', { email }, headers);
      expect(res.status, email).toBe(400);
      expect(res.body.message).toMatch(/correo/i);
    }
  });

  it('works as a plain form post without JavaScript', async () => {
    const res = await post('/api/newsletter', `email=${encodeURIComponent(`form${Date.now()}@example.com`)}`, {
      ...client('form'),
      referer: `${inject('apiUrl')}/informacion`,
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/informacion?newsletter=ok#newsletter-ok');
  });

  it('rate-limits repeated attempts from one client', async () => {
    const headers = client('limit');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await post('/api/newsletter', { email: `spam${i}${Date.now()}@example.com` }, headers)).status);
    expect(statuses.slice(0, 5).every((s) => s === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
