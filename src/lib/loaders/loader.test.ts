import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadAllFixtures, loadSeasonFixtures, loadStandings, loadTournaments } from './competitions.ts';
import { BuildDataError, memo, resetBuildMemo } from './memo.ts';
import { capture } from '../../../tests/helpers/captures.ts';
import { envelope, fakeApi } from '../../../tests/helpers/fake-api.ts';

const ligaPro = capture('liga-pro-fixture-items.json') as Record<string, { fixture: { id: number } }>;
const tournament = (id: number) => ({ id, name: `T${id}`, shortName: `T${id}`, type: 'League', country: 'Ecuador', season: 2026, logo: '', startDate: '2026-01-01', endDate: '2026-12-01', current: true });

beforeEach(() => {
  resetBuildMemo();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('build memo', () => {
  it('runs a load once per key, however many pages ask at once', async () => {
    const load = vi.fn(async () => 42);
    const answers = await Promise.all([memo('k', load), memo('k', load), memo('k', load)]);
    expect(answers).toEqual([42, 42, 42]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads again once the entry is older than the TTL (a long-running dev server)', async () => {
    const load = vi.fn(async () => 1);
    await memo('k', load, 0);
    await memo('k', load, 60_000);
    await memo('k', load, 11 * 60_000);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('competition loaders', () => {
  const fixturesOf: Record<string, unknown[]> = {
    '242': [ligaPro.agendaFT, ligaPro.segundoTempo],
    // The same match listed by two competitions is one page.
    '243': [ligaPro.segundoTempo],
  };
  const api = () =>
    fakeApi((url) => {
      if (url.pathname === '/api/football/tournaments') return { status: 200, body: envelope([tournament(242), tournament(243)]) };
      if (url.pathname === '/api/football/fixtures') return { status: 200, body: envelope(fixturesOf[url.searchParams.get('league') ?? ''] ?? []) };
      return undefined;
    });

  it('reads every fixture with one bulk request per competition, whatever the number of matches', async () => {
    const { options, asked } = api();
    const all = await loadAllFixtures(options);
    await Promise.all([loadSeasonFixtures(242, options), loadAllFixtures(options)]);
    expect(all.map((m) => m.id)).toEqual([...new Set(all.map((m) => m.id))]);
    expect(all.length).toBe(2);
    expect(asked.filter((a) => a.startsWith('/api/football/fixtures'))).toHaveLength(2);
    expect(asked.every((a) => !a.startsWith('/api/football/fixtures') || a.includes('details=true'))).toBe(true);
    expect(all.map((m) => m.timestamp)).toEqual([...all.map((m) => m.timestamp)].sort((a, b) => a - b));
  });

  it('fails the build when the fixtures that decide which pages exist cannot be had', async () => {
    const { options } = fakeApi((url) => (url.pathname === '/api/football/fixtures' ? { status: 503, body: { message: 'Store unavailable' } } : undefined));
    await expect(loadSeasonFixtures(242, options)).rejects.toThrow(BuildDataError);
    await expect(loadSeasonFixtures(242, options)).rejects.toThrow(/league 242: Store unavailable/);
  });

  it('leaves an optional section empty (and logged) instead of failing the build', async () => {
    const { options } = fakeApi(() => ({ status: 500, body: { message: 'boom' } }));
    expect(await loadStandings(242, options)).toBeNull();
    expect(await loadTournaments(options)).toEqual([]);
    expect(console.warn).toHaveBeenCalled();
  });
});
