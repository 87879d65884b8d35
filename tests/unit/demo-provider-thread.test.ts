import { afterAll, describe, expect, it } from 'vitest';
import { createDemoProvider } from '../../server/providers/demo/provider.ts';
import { createDemoProviderThread } from '../../server/providers/demo/provider-thread.ts';

/**
 * The demo provider in its own thread answers exactly what it answers in process, and the caller's
 * thread stays free while the season's tables are generated (a second or two on this machine).
 */
const season = { seed: 20261122, anchor: '2026-11-23T01:30:00.000Z' };
// Two hours after the anchor: the scripted matches of the evening are over, so the tables are
// generated again as of then (the work that used to stall the server's thread).
const at = new Date(Date.parse(season.anchor) + 2 * 3_600_000);
const inProcess = createDemoProvider({ season: () => season, now: () => at });
const threaded = createDemoProviderThread({ season: () => season, now: () => at });
afterAll(() => threaded.close());

async function both(path: string) {
  const [a, b] = await Promise.all([inProcess.fetch(`${inProcess.baseUrl}/${path}`), threaded.fetch(`${threaded.baseUrl}/${path}`)]);
  return { local: { status: a.status, body: await a.json(), remaining: a.headers.get('x-ratelimit-requests-remaining') }, thread: { status: b.status, body: await b.json(), remaining: b.headers.get('x-ratelimit-requests-remaining') } };
}

describe('the demo provider in a thread', () => {
  it('answers standings with the caller free meanwhile, the same table as in process', async () => {
    let turns = 0;
    const ticker = setInterval(() => turns++, 10);
    const started = Date.now();
    const answer = await threaded.fetch(`${threaded.baseUrl}/standings?league=242&season=2026`);
    const took = Date.now() - started;
    clearInterval(ticker);
    const body = await answer.json();
    expect(answer.status).toBe(200);
    expect(body.errors).toEqual([]);
    // The caller's timer kept firing while the thread generated (one turn per 10 ms, give or take):
    // generated in this thread, it would have fired about once.
    expect(turns).toBeGreaterThan(Math.min(10, took / 40));
    const { local, thread } = await both('standings?league=242&season=2026');
    expect(thread.body.response).toEqual(local.body.response);
    expect(thread.body.response[0].league.standings.flat().length).toBeGreaterThan(0);
  });

  it('answers fixtures, errors and the rate-limit headers as the in-process provider', async () => {
    for (const path of ['fixtures?league=242&season=2026', 'fixtures?ids=1-2-3', 'players/topscorers?league=242&season=2026', 'standings?league=242']) {
      const { local, thread } = await both(path);
      expect(thread.status).toBe(local.status);
      expect(thread.body).toEqual(local.body);
      expect(thread.remaining).toMatch(/^\d+$/);
    }
    const { thread } = await both('standings?league=242');
    expect(thread.body.errors).toEqual({ required: 'The League and Season fields are required.' });
  });

  it('starts again after close, on the next request', async () => {
    threaded.close();
    const answer = await threaded.fetch(`${threaded.baseUrl}/fixtures?league=243&season=2026`);
    expect((await answer.json()).response.length).toBeGreaterThan(0);
  });
});
