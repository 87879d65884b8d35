import { capture } from '../../../tests/helpers/captures.ts';
import { describe, expect, it, vi } from 'vitest';
import { getFixtures, getFixturesByDate, getLeagueFixtures, getLiveFixtures } from '../match/api.ts';
import { getStandings } from './standings-api.ts';
import { getTopScorers } from './api.ts';
import type { RequestOptions } from '../http/client.ts';


/** A fetch that answers every request with one body and records the URLs asked for. */
function answering(body: unknown, status = 200) {
  const urls: string[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL) => {
    urls.push(String(input));
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  const options: RequestOptions = { baseUrl: 'http://api.test', fetchImpl, retries: 0 };
  return { urls, options };
}

function envelope(response: unknown[]) {
  return { get: 'fixtures', parameters: {}, errors: [], results: response.length, paging: { current: 1, total: 1 }, response };
}

describe('fixtures endpoints', () => {
  const items = capture('liga-pro-fixture-items.json');

  it('asks for one day and parses the matches', async () => {
    const { urls, options } = answering(envelope([items.segundoTempo, items.agendaFT]));
    const result = await getFixturesByDate('2026-09-03', options);
    expect(urls).toEqual(['http://api.test/api/football/fixtures?date=2026-09-03&timezone=America%2FGuayaquil']);
    expect(result.ok && result.data.map((m) => m.kind)).toEqual(['Live', 'Result']);
  });

  it('joins lists with dashes as the API expects', async () => {
    const { urls, options } = answering(envelope([]));
    await getLiveFixtures([242, 243], options);
    await getFixtures({ ids: [1, 2, 3], status: ['FT', 'AET', 'PEN'] }, options);
    await getLiveFixtures('all', options);
    expect(urls).toEqual([
      'http://api.test/api/football/fixtures?live=242-243',
      'http://api.test/api/football/fixtures?ids=1-2-3&status=FT-AET-PEN',
      'http://api.test/api/football/fixtures?live=all',
    ]);
  });

  it('sends a competition with its last N matches, omitting what is not set', async () => {
    const { urls, options } = answering(envelope([]));
    await getLeagueFixtures(242, { last: 5 }, options);
    expect(urls).toEqual(['http://api.test/api/football/fixtures?league=242&last=5']);
  });

  it('turns a 200 carrying provider errors into a failure', async () => {
    const { options } = answering(capture('error-rate-limit.json'));
    const result = await getFixturesByDate('2026-09-03', options);
    expect(result).toEqual({ ok: false, status: 200, error: 'Too many requests. Your rate limit is 10 requests per minute.' });
  });

  it("passes the API's own message through on 400", async () => {
    const { options } = answering({ message: 'Invalid date format', errors: { date: 'Invalid date format' }, response: [] }, 400);
    const result = await getFixturesByDate('ayer', options);
    expect(result).toEqual({ ok: false, status: 400, error: 'Invalid date format' });
  });

  it('fails cleanly on a body that is not JSON', async () => {
    const fetchImpl = (async () => new Response('<html>', { status: 200 })) as unknown as typeof fetch;
    const result = await getFixturesByDate('2026-09-03', { baseUrl: 'http://api.test', fetchImpl, retries: 0 });
    expect(result.ok).toBe(false);
  });
});

describe('standings and top scorers', () => {
  it('parses every group of /standings', async () => {
    const { urls, options } = answering(capture('standings-single-group.json'));
    const result = await getStandings(242, undefined, options);
    expect(urls).toEqual(['http://api.test/api/football/standings?league=242']);
    expect(result.ok && result.data.groups[0].rows).toHaveLength(20);
  });

  it('ranks /topscorers with the season when given', async () => {
    const { urls, options } = answering(capture('players-with-statistics.json'));
    const result = await getTopScorers(78, 2022, options);
    expect(urls).toEqual(['http://api.test/api/football/topscorers?league=78&season=2022']);
    expect(result.ok && result.data[0]).toMatchObject({ rank: 1, goals: 8, player: { name: 'J. Bellingham' } });
  });

  it('reports a 404 with the API message', async () => {
    const { options } = answering({ message: 'Tournament with ID 999 not found', response: [] }, 404);
    expect(await getStandings(999, undefined, options)).toEqual({ ok: false, status: 404, error: 'Tournament with ID 999 not found' });
  });
});
