import { afterEach, describe, expect, it } from 'vitest';
import { ApiFootballClient, ApiFootballError, type ApiFootballClientOptions } from './client.ts';
import { envelope, loadFixture, startStub, type Stub, type StubHandler } from '../../../tests/helpers/api-football-stub.ts';

let stub: Stub | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

/** A client against a stub answering with `handler`, whose waits are recorded instead of slept. */
async function setup(handler: StubHandler, options: Partial<ApiFootballClientOptions> = {}) {
  stub = await startStub(handler);
  const waits: number[] = [];
  const client = new ApiFootballClient({
    apiKey: 'test-key',
    baseUrl: stub.baseUrl,
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...options,
  });
  return { client, waits, stub };
}

/** Answers the queued replies in order, then the last one forever. */
function sequence(...replies: Array<ReturnType<StubHandler>>): StubHandler {
  let index = 0;
  return () => replies[Math.min(index++, replies.length - 1)];
}

async function rejection(promise: Promise<unknown>): Promise<ApiFootballError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiFootballError);
    return error as ApiFootballError;
  }
  throw new Error('expected the request to fail');
}

describe('ApiFootballClient', () => {
  it('sends the key header and the query, and returns an envelope whose errors is an empty list', async () => {
    const teams = loadFixture('teams-search-ecuador.json');
    const { client, stub } = await setup(() => ({ body: teams }));
    const result = await client.get('/teams', { search: 'Ecuador', skipped: undefined });
    expect(stub.requests).toEqual(['/teams?search=Ecuador']);
    expect(stub.apiKeys).toEqual(['test-key']);
    expect(result.errors).toEqual([]);
    expect(result.response).toHaveLength(114);
    expect(client.requestCount).toBe(1);
  });

  it('reports a non-empty errors object with the provider messages and does not retry it', async () => {
    const refused = {
      ...envelope('fixtures', { league: '242', season: '2026' }, []),
      errors: { token: 'Error/Missing application key. Go to https://www.api-football.com/documentation-v3 to learn how to get your API application key.' },
    };
    const { client, stub, waits } = await setup(() => ({ body: refused }));
    const error = await rejection(client.get('/fixtures', { league: 242, season: 2026 }));
    expect(error.kind).toBe('provider');
    expect(error.message).toContain('GET /fixtures?league=242&season=2026');
    expect(error.message).toContain('token: Error/Missing application key');
    expect(stub.requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('treats a non-empty errors list as an error too', async () => {
    const { client } = await setup(() => ({ body: { ...envelope('teams', {}, []), errors: ['The Season field must contain 4 characters.'] } }));
    const error = await rejection(client.get('/teams', { season: 26 }));
    expect(error.kind).toBe('provider');
    expect(error.message).toContain('The Season field must contain 4 characters.');
  });

  it('waits out the rate-limit envelope (HTTP 200, errors.rateLimit) and retries', async () => {
    const rateLimited = loadFixture('error-rate-limit.json');
    const events = loadFixture('fixtures-events.json');
    const { client, stub, waits } = await setup(sequence({ body: rateLimited }, { body: events }), { rateLimitWaitMs: 60_000 });
    const result = await client.get('/fixtures/events', { fixture: 653808 });
    expect(result.response).toHaveLength(9);
    expect(stub.requests).toHaveLength(2);
    expect(waits).toEqual([60_000]);
  });

  it('gives up with a rate-limit error when the limit persists', async () => {
    const { client, stub, waits } = await setup(() => ({ body: loadFixture('error-rate-limit.json') }), { maxRetries: 2 });
    const error = await rejection(client.get('/fixtures', { league: 34, season: 2024 }));
    expect(error.kind).toBe('rate-limit');
    expect(error.message).toContain('Too many requests. Your rate limit is 10 requests per minute.');
    expect(error.message).toContain('gave up after 3 attempts');
    expect(stub.requests).toHaveLength(3);
    expect(waits).toEqual([60_000, 60_000]);
  });

  it('retries HTTP 500 with exponential backoff and then succeeds', async () => {
    const standings = loadFixture('standings-single-group.json');
    const { client, stub, waits } = await setup(
      sequence({ status: 500, body: 'Internal Server Error' }, { status: 502, body: '' }, { body: standings }),
    );
    const result = await client.get('/standings', { league: 39, season: 2022 });
    expect(Array.isArray(result.response)).toBe(true);
    expect(stub.requests).toHaveLength(3);
    expect(waits).toEqual([1_000, 2_000]);
  });

  it('caps the backoff delay and reports the last HTTP status when retries run out', async () => {
    const { client, waits } = await setup(() => ({ status: 503, body: { message: 'Service Unavailable' } }), {
      maxRetries: 6,
      retryMaxDelayMs: 30_000,
    });
    const error = await rejection(client.get('/teams', { league: 242, season: 2026 }));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(503);
    expect(error.message).toContain('HTTP 503 (Service Unavailable)');
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000]);
  });

  it('honours Retry-After on HTTP 429', async () => {
    const { client, waits } = await setup(
      sequence({ status: 429, headers: { 'retry-after': '7' }, body: { message: 'Too many requests' } }, { body: envelope('status', {}, {}) }),
    );
    await client.get('/status');
    expect(waits).toEqual([7_000]);
  });

  it('does not retry a 4xx that says the request is wrong, and hints at the key on 403', async () => {
    const { client, stub } = await setup(() => ({ status: 403, body: { message: 'You are not subscribed to this API.' } }));
    const error = await rejection(client.get('/leagues', { id: 242 }));
    expect(error.kind).toBe('http');
    expect(error.message).toContain('HTTP 403 (You are not subscribed to this API.)');
    expect(error.message).toContain('API_FOOTBALL_KEY');
    expect(stub.requests).toHaveLength(1);
  });

  it('times out a request that never answers, retries, and succeeds when the next answer comes', async () => {
    const teams = loadFixture('teams-search-ecuador.json');
    const { client, stub, waits } = await setup(sequence({ hang: true }, { body: teams }), { timeoutMs: 100 });
    const result = await client.get('/teams', { search: 'Ecuador' });
    expect(result.response).toHaveLength(114);
    expect(stub.requests).toHaveLength(2);
    expect(waits).toEqual([1_000]);
  });

  it('fails with a timeout error when every attempt hangs', async () => {
    const { client } = await setup(() => ({ hang: true }), { timeoutMs: 50, maxRetries: 1 });
    const error = await rejection(client.get('/teams', { search: 'Ecuador' }));
    expect(error.kind).toBe('timeout');
    expect(error.message).toContain('no complete answer within 50 ms');
  });

  it('reports a refused connection as a network error after retrying', async () => {
    const { client, stub, waits } = await setup(() => undefined, { maxRetries: 1 });
    await stub.close();
    const error = await rejection(client.get('/teams', { search: 'Ecuador' }));
    expect(error.kind).toBe('network');
    expect(error.message).toMatch(/could not reach 127\.0\.0\.1:\d+/);
    expect(waits).toEqual([1_000]);
  });

  it('rejects a body that is not JSON or not an envelope with a clear message', async () => {
    const { client } = await setup(sequence({ body: '<html>Bad gateway</html>' }, { body: { message: 'hello' } }));
    const notJson = await rejection(client.get('/teams'));
    expect(notJson.kind).toBe('invalid-response');
    expect(notJson.message).toContain('the body is not JSON: <html>Bad gateway</html>');
    const notEnvelope = await rejection(client.get('/teams'));
    expect(notEnvelope.message).toContain('no "response" field');
  });

  it('pauses before the next request when X-RateLimit-Remaining reaches 0', async () => {
    const body = envelope('timezone', {}, ['America/Guayaquil']);
    const { client, waits } = await setup(sequence({ headers: { 'X-RateLimit-Remaining': '0' }, body }, { headers: { 'X-RateLimit-Remaining': '9' }, body }));
    await client.get('/timezone');
    expect(waits).toEqual([]);
    await client.get('/timezone');
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(59_000);
    await client.get('/timezone');
    expect(waits).toHaveLength(1);
  });

  it('stops asking once x-ratelimit-requests-remaining (the daily quota) reaches 0', async () => {
    const body = envelope('timezone', {}, ['America/Guayaquil']);
    const { client, stub } = await setup(() => ({ headers: { 'x-ratelimit-requests-remaining': '0' }, body }));
    await client.get('/timezone');
    const error = await rejection(client.get('/timezone'));
    expect(error.kind).toBe('quota');
    expect(error.message).toContain('daily API-Football request quota is used up');
    expect(stub.requests).toHaveLength(1);
  });

  it('stops on the daily-limit envelope (errors.requests) without retrying', async () => {
    const { client, stub } = await setup(() => ({
      body: { ...envelope('fixtures', {}, []), errors: { requests: 'You have reached the request limit for the day, Go to https://dashboard.api-football.com to upgrade your plan.' } },
    }));
    const error = await rejection(client.get('/fixtures', { live: 'all' }));
    expect(error.kind).toBe('quota');
    expect(stub.requests).toHaveLength(1);
    expect((await rejection(client.get('/fixtures', { live: 'all' }))).kind).toBe('quota');
    expect(stub.requests).toHaveLength(1);
  });

  it('follows paging and concatenates every page', async () => {
    const real = loadFixture('players-with-statistics.json');
    const pages = [real.response.slice(0, 7), real.response.slice(7, 14), real.response.slice(14)];
    const { client, stub } = await setup(({ query }) => {
      const page = Number(query.get('page') ?? '1');
      return { body: envelope('players', {}, pages[page - 1], { current: page, total: pages.length }) };
    });
    const players = await client.getAllPages('/players', { league: 78, season: 2022 });
    expect(players).toHaveLength(20);
    expect((players as any[]).map((p) => p.player.id)).toEqual(real.response.map((p: any) => p.player.id));
    expect(stub.requests).toEqual([
      '/players?league=78&season=2022',
      '/players?league=78&page=2&season=2022',
      '/players?league=78&page=3&season=2022',
    ]);
  });

  it('refuses paging that does not move forward', async () => {
    const { client } = await setup(() => ({ body: envelope('players', {}, [], { current: 1, total: 3 }) }));
    const error = await rejection(client.getAllPages('/players', { league: 242, season: 2026 }));
    expect(error.kind).toBe('invalid-response');
    expect(error.message).toContain('answered with page 1');
  });

  it('refuses to start without a key or with a malformed base URL', () => {
    expect(() => new ApiFootballClient({ apiKey: '  ' })).toThrow('needs an API key');
    expect(() => new ApiFootballClient({ apiKey: 'k', baseUrl: 'not a url' })).toThrow('is not a valid URL');
  });
});
