import { afterEach, describe, expect, it, vi } from 'vitest';
import { noCacheFetch } from './matchday-store.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('noCacheFetch: one request for widgets that read the same URL at once', () => {
  it('shares a read in flight, each caller with its own answer; a later read asks again', async () => {
    const fetchMock = vi.fn(async () => new Response('{"response":[1]}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const url = 'http://t/api/football/fixtures?league=242&date=2026-11-22';
    const [a, b] = await Promise.all([noCacheFetch(url), noCacheFetch(url, { signal: new AbortController().signal })]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]).toEqual([url, { signal: undefined, cache: 'no-cache' }]);
    expect([await a.text(), await b.text()]).toEqual(['{"response":[1]}', '{"response":[1]}']);
    await (await noCacheFetch(url)).text();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a caller whose signal aborts stops waiting; the other still gets the answer', async () => {
    let answer!: (response: Response) => void;
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));
    const url = 'http://t/api/football/standings?league=242';
    const controller = new AbortController();
    const first = noCacheFetch(url, { signal: controller.signal });
    const second = noCacheFetch(url);
    controller.abort(new Error('left the page'));
    await expect(first).rejects.toThrow('left the page');
    answer(new Response('ok'));
    expect(await (await second).text()).toBe('ok');
  });
});
