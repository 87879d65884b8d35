import { describe, expect, it } from 'vitest';
import { get } from './http.ts';

/**
 * Issue 35, absences: `/injuries` as the provider answers it (who misses a coming match and why), by
 * league, fixture, fixtures and club, from what the ingest stored; refused with 400 without a filter.
 */
describe('/injuries', () => {
  it('lists who misses the coming matches, each for a match not yet played, and filters by fixture, fixtures and club', async () => {
    const { status, body } = await get('/api/football/injuries?league=242');
    expect(status).toBe(200);
    expect(body.get).toBe('injuries');
    const all = body.response as Array<{ player: { id: number; name: string; type: string }; team: { id: number }; fixture: { id: number } }>;
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((i) => i.player.type === 'Missing Fixture' || i.player.type === 'Questionable')).toBe(true);
    const fixtures = [...new Set(all.map((i) => i.fixture.id))];
    const { body: listed } = await get(`/api/football/fixtures?ids=${fixtures.slice(0, 20).join('-')}`);
    expect(listed.response.every((f: { fixture: { status: { short: string } } }) => ['NS', 'TBD'].includes(f.fixture.status.short))).toBe(true);
    // Each of a fixture's players is one of the two clubs'.
    const [first] = fixtures;
    const one = (await get(`/api/football/injuries?fixture=${first}`)).body.response as typeof all;
    expect(one).toEqual(all.filter((i) => i.fixture.id === first));
    const match = listed.response.find((f: { fixture: { id: number } }) => f.fixture.id === first);
    for (const entry of one) expect([match.teams.home.id, match.teams.away.id]).toContain(entry.team.id);
    const two = (await get(`/api/football/injuries?ids=${fixtures.slice(0, 2).join('-')}`)).body.response as typeof all;
    expect(two).toEqual(all.filter((i) => fixtures.slice(0, 2).includes(i.fixture.id)));
    const club = one[0]!.team.id;
    expect(((await get(`/api/football/injuries?team=${club}`)).body.response as typeof all).every((i) => i.team.id === club)).toBe(true);
  });

  it('refuses a request without a filter, more than 20 fixtures or a malformed id, with 400 and the field', async () => {
    const none = await get('/api/football/injuries');
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/one of fixture, ids, league/);
    expect((await get(`/api/football/injuries?ids=${Array.from({ length: 21 }, (_, i) => i + 1).join('-')}`)).status).toBe(400);
    expect((await get('/api/football/injuries?fixture=abc')).status).toBe(400);
  });
});
