import type { RequestOptions } from '../../src/lib/http/client.ts';

/** One answer of the fake data API: a status and a JSON body. */
export type FakeAnswer = { status: number; body: unknown };

/**
 * A data API in memory for the site's loaders: `route` answers each URL (404 when it returns
 * undefined), `asked` records every path and query in order, so a test can count requests.
 */
export function fakeApi(route: (url: URL) => FakeAnswer | undefined): { options: RequestOptions; asked: string[] } {
  const asked: string[] = [];
  const fetchImpl = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    asked.push(`${url.pathname}${url.search}`);
    const answer = route(url) ?? { status: 404, body: { message: 'Not found' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  }) as typeof fetch;
  return { options: { baseUrl: 'http://api.test', fetchImpl, retries: 0 }, asked };
}

/** The provider's envelope around a list. */
export const envelope = (response: unknown[]) => ({ get: 'x', parameters: {}, errors: [], results: response.length, paging: { current: 1, total: 1 }, response });
