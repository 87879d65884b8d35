import { describe, expect, it } from 'vitest';
import { apiGet, buildUrl, errorMessage, retryDelay, UNKNOWN_ERROR } from './client.ts';
import { readList } from './read.ts';
import { apiPost } from './post.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('readList', () => {
  it('reads the list from response, data, fixtures or a bare array (spec §7)', () => {
    expect(readList({ response: [1] })).toEqual({ ok: true, value: [1] });
    expect(readList({ data: [2] })).toEqual({ ok: true, value: [2] });
    expect(readList({ fixtures: [3] })).toEqual({ ok: true, value: [3] });
    expect(readList([4])).toEqual({ ok: true, value: [4] });
  });

  it('says why there is no list: none in the body, an empty body, the provider\'s errors or message', () => {
    expect(readList({ id: 5 })).toEqual({ ok: false, error: 'Response has no list (expected response, data, fixtures or an array)' });
    expect(readList(null)).toEqual({ ok: false, error: 'Empty or non-JSON response' });
    expect(readList({ errors: { rateLimit: 'Too many requests' }, response: [] })).toEqual({ ok: false, error: 'Too many requests' });
    expect(readList({ message: 'League not found' })).toEqual({ ok: false, error: 'League not found' });
  });
});

describe('errorMessage', () => {
  it('prefers the body message, then the transport message, then the unknown-error text', () => {
    expect(errorMessage({ message: 'Match not found' }, 'HTTP 404')).toBe('Match not found');
    expect(errorMessage({ message: '  ' }, 'HTTP 500')).toBe('HTTP 500');
    expect(errorMessage(null)).toBe(UNKNOWN_ERROR);
  });
});

describe('retryDelay', () => {
  it('doubles and caps at 30 s', () => {
    expect([0, 1, 2, 3].map(retryDelay)).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelay(10)).toBe(30_000);
  });
});

describe('buildUrl', () => {
  it('skips empty parameters and encodes the rest', () => {
    expect(buildUrl('http://x', '/a', { q: 'á b', empty: '', none: undefined, n: 0 })).toBe('http://x/a?q=%C3%A1+b&n=0');
  });
});

describe('apiGet', () => {
  it('retries 5xx up to three times, then reports the last message', async () => {
    let calls = 0;
    const waits: number[] = [];
    const result = await apiGet('/api/x', {}, {
      baseUrl: 'http://test',
      fetchImpl: async () => (calls++, json(503, { message: 'Busy' })),
      sleep: async (ms) => void waits.push(ms),
    });
    expect(calls).toBe(4);
    expect(waits).toEqual([1000, 2000, 4000]);
    expect(result).toEqual({ ok: false, error: 'Busy', status: 503 });
  });

  it('does not retry a 4xx and returns its message', async () => {
    let calls = 0;
    const result = await apiGet('/api/x', {}, { baseUrl: 'http://test', fetchImpl: async () => (calls++, json(400, { message: 'Invalid tournament ID format' })) });
    expect(calls).toBe(1);
    expect(result).toMatchObject({ ok: false, error: 'Invalid tournament ID format', status: 400 });
  });

  it('recovers when a retry succeeds', async () => {
    let calls = 0;
    const result = await apiGet<{ response: number[] }>('/api/x', {}, {
      baseUrl: 'http://test',
      fetchImpl: async () => (++calls < 2 ? Promise.reject(new TypeError('fetch failed')) : json(200, { response: [1] })),
      sleep: async () => {},
    });
    expect(result).toEqual({ ok: true, status: 200, data: { response: [1] } });
  });

  it('times out a request that never answers', async () => {
    const result = await apiGet('/api/x', {}, {
      baseUrl: 'http://test',
      timeoutMs: 20,
      retries: 0,
      fetchImpl: (_url, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason))),
    });
    expect(result).toMatchObject({ ok: false, error: 'Request timed out after 20 ms' });
  });
});

describe('apiPost', () => {
  it('returns the server message on failure and never throws', async () => {
    const bad = await apiPost('/api/newsletter', { email: 'x' }, { baseUrl: 'http://t', fetchImpl: async () => json(400, { message: 'Correo no válido' }) });
    expect(bad).toEqual({ ok: false, error: 'Correo no válido', status: 400 });
    const down = await apiPost('/api/newsletter', {}, { baseUrl: 'http://t', fetchImpl: async () => Promise.reject(new Error('ECONNREFUSED')) });
    expect(down).toEqual({ ok: false, error: 'ECONNREFUSED', status: 0 });
  });
});
