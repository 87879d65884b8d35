import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../../server/app.ts';
import { ApiFootballClient } from '../../../server/providers/api-football/client.ts';
import { DEFAULT_LEAGUES, syncAll } from '../../../server/providers/api-football/sync.ts';
import { openDb, type Db } from '../../../server/store/db.ts';
import {
  loadCompetitionView,
  loadNationalTeam,
  requireCompetitionView,
  seasonTitle,
  tournamentIds,
} from './competition-pages.ts';
import { resetBuildMemo } from './memo.ts';
import { LEAGUES, TRACKED_COMPETITIONS } from '../config.ts';
import { envelope, ligaProUpstream, startStub } from '../../../tests/helpers/api-football-stub.ts';

/**
 * Issue 24: a provider store without some of the portal's competitions must still build every page.
 * The store here is what `npm run sync` makes of the real captures: Liga Pro only, the provider
 * answering no season for the qualifiers and nothing for the other cups. The page-data functions
 * then read it through the real data API (createApp), as a build does.
 */
let db: Db;
const asked: string[] = [];
const originalApiUrl = process.env.MARCADOR_API_URL;

beforeAll(async () => {
  const stub = await startStub(
    ligaProUpstream(({ path, query }) =>
      // A plan or calendar without the qualifiers: /leagues knows no such league.
      path === '/leagues' && query.get('id') === '34' ? { body: envelope('leagues', { id: '34' }, []) } : undefined,
    ),
  );
  db = openDb(':memory:');
  const client = new ApiFootballClient({ apiKey: 'test-key', baseUrl: stub.baseUrl, sleep: async () => {}, maxRetries: 0 });
  const reports = await syncAll(db, client, { now: () => new Date('2026-09-03T20:00:00Z') });
  await stub.close();
  expect(reports.filter((r) => r.ok).map((r) => r.competition)).toEqual([242, 'transfers']);
  expect(reports.find((r) => r.competition === 34)?.error).toMatch(/no league 34/);

  const { app } = createApp({ db, now: () => new Date('2026-09-03T20:00:00Z') });
  process.env.MARCADOR_API_URL = 'http://api.test';
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    asked.push(`${url.pathname}${url.search}`);
    return app.request(`${url.pathname}${url.search}`, init);
  });
});

afterAll(() => {
  vi.unstubAllGlobals();
  if (originalApiUrl === undefined) delete process.env.MARCADOR_API_URL;
  else process.env.MARCADOR_API_URL = originalApiUrl;
  db.close();
});

afterEach(() => {
  resetBuildMemo();
  asked.length = 0;
});

describe('a store without some of the portal competitions', () => {
  it('still makes the /torneos/{id} pages of every portal competition, the listed one first', async () => {
    expect(await tournamentIds()).toEqual([242, 243, 13, 11, 34]);
  });

  it('gives the qualifiers an empty view that says why, in Spanish, without asking the API about them', async () => {
    const view = await requireCompetitionView(LEAGUES.eliminatorias);
    expect(view.unavailable).toEqual({
      title: 'Todavía no tenemos datos de las Eliminatorias',
      reason: 'El proveedor de datos aún no nos entrega esta temporada. Esta página se completará en cuanto lleguen sus partidos.',
    });
    expect(view.tournament).toMatchObject({ id: 34, name: 'Eliminatorias Sudamericanas', season: 0, logo: '', startDate: '' });
    expect(seasonTitle(view.tournament)).toBe('Eliminatorias Sudamericanas');
    expect(view.matches).toEqual([]);
    expect(view.standings).toBeNull();
    expect(view.frontPath).toBe('/eliminatorias');
    expect(asked.filter((a) => /league=34\b/.test(a))).toEqual([]);
  });

  it('names each missing competition as a sentence does, and keeps a cup a cup', async () => {
    const titles = await Promise.all([243, 13, 11].map(async (id) => (await requireCompetitionView(id)).unavailable?.title));
    expect(titles).toEqual([
      'Todavía no tenemos datos de la Liga Pro Serie B',
      'Todavía no tenemos datos de la Copa Libertadores',
      'Todavía no tenemos datos de la Copa Sudamericana',
    ]);
    expect((await requireCompetitionView(13)).tournament.type).toBe('Cup');
  });

  it('keeps the synced competition whole, with its season and matches', async () => {
    const view = await requireCompetitionView(LEAGUES.ligaPro);
    expect(view.unavailable).toBeNull();
    expect(view.tournament.season).toBe(2026);
    expect(seasonTitle(view.tournament)).toBe(`${view.tournament.name} 2026`);
    expect(view.matches.map((m) => m.id).sort()).toEqual([1208021, 1519477, 1519479]);
  });

  it('builds the national team pages without the qualifiers, asking nothing about them', async () => {
    const national = await loadNationalTeam();
    expect(national.qualifiers?.unavailable?.title).toBe('Todavía no tenemos datos de las Eliminatorias');
    expect(national.team).toBeNull();
    expect(national.matches).toEqual([]);
    expect(asked.filter((a) => /league=(34|10)\b/.test(a))).toEqual([]);
  });

  it('still has no page for a competition that is neither listed nor the portal own', async () => {
    expect(await loadCompetitionView(2)).toBeUndefined();
    await expect(requireCompetitionView(2)).rejects.toThrow(/competition 2 is neither listed by the API nor one of the portal's own/);
  });
});

describe('the portal competitions', () => {
  it('are the ones the provider sync pulls by default', () => {
    expect([...TRACKED_COMPETITIONS].sort()).toEqual([...DEFAULT_LEAGUES].sort());
  });
});
