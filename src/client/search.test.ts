import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { ApiResult } from '../lib/http/client.ts';
import type { NewsItem, NewsPage } from '../lib/news/types.ts';
import { createNewsSuggest, noResultsText, type SuggestState } from './news-suggest.ts';
import { parseSearchPlayer, parseSearchTeam, parseSiteSearch, suggestionsOf } from './site-search.ts';

function newsItem(n: number): NewsItem {
  return {
    id: `id-${n}`,
    title: `Noticia ${n}`,
    slug: `noticia-${n}`,
    summary: '',
    imageUrl: null,
    imageUrls: [],
    keywords: [],
    category: '',
    createdAt: '2026-11-20T10:00:00Z',
    views: 0,
  };
}

function page(count: number): ApiResult<NewsPage> {
  const items = Array.from({ length: count }, (_, i) => newsItem(i + 1));
  return { ok: true, status: 200, data: { items, currentPage: 1, totalPages: 1, totalNews: count, limit: 8 } };
}

describe('createNewsSuggest', () => {
  let states: SuggestState[];
  let search: Mock<(query: string, signal: AbortSignal) => Promise<ApiResult<NewsPage>>>;

  beforeEach(() => {
    vi.useFakeTimers();
    states = [];
    search = vi.fn(async (_query: string, _signal: AbortSignal) => page(3));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const make = () => createNewsSuggest({ search, onChange: (state) => states.push(state) });

  /** A dropdown that showed its answer for "liga", then lost the focus `ms` ago. */
  async function blurredAfter(ms: number) {
    const suggest = make();
    suggest.input('liga');
    await vi.advanceTimersByTimeAsync(500);
    suggest.blur();
    await vi.advanceTimersByTimeAsync(ms);
    return suggest;
  }

  it('shows "searching" at once and asks the API only after 500 ms of quiet typing', async () => {
    const suggest = make();
    suggest.input('b');
    suggest.input('ba');
    suggest.input('bar');
    expect(suggest.state).toEqual({ status: 'loading', query: 'bar' });
    await vi.advanceTimersByTimeAsync(499);
    expect(search).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0]?.[0]).toBe('bar');
    expect(suggest.state).toMatchObject({ status: 'results', query: 'bar' });
  });

  it('ignores blank queries: no request, dropdown closed', async () => {
    const suggest = make();
    suggest.input('   ');
    await vi.advanceTimersByTimeAsync(1000);
    expect(search).not.toHaveBeenCalled();
    expect(suggest.state.status).toBe('closed');
    suggest.input('emelec');
    suggest.input('');
    await vi.advanceTimersByTimeAsync(1000);
    expect(search).not.toHaveBeenCalled();
    expect(suggest.state.status).toBe('closed');
  });

  it('keeps at most 8 suggestions', async () => {
    search.mockResolvedValueOnce(page(12));
    const suggest = make();
    suggest.input('liga');
    await vi.advanceTimersByTimeAsync(500);
    const state = suggest.state;
    expect(state.status).toBe('results');
    if (state.status === 'results') expect(state.items).toHaveLength(8);
  });

  it('reports no results with the query in the message', async () => {
    search.mockResolvedValueOnce(page(0));
    const suggest = make();
    suggest.input('  zzz ');
    await vi.advanceTimersByTimeAsync(500);
    expect(suggest.state).toEqual({ status: 'empty', query: 'zzz' });
    expect(noResultsText('zzz')).toBe('No se encontraron resultados para «zzz»');
  });

  it('turns a failed request into a Spanish message', async () => {
    search.mockResolvedValueOnce({ ok: false, status: 0, error: 'fetch failed' });
    const suggest = make();
    suggest.input('idv');
    await vi.advanceTimersByTimeAsync(500);
    expect(suggest.state.status).toBe('error');
    if (suggest.state.status === 'error') expect(suggest.state.message).toMatch(/conectar/);
  });

  it('never throws when the search function rejects', async () => {
    search.mockRejectedValueOnce(new Error('boom'));
    const suggest = make();
    suggest.input('idv');
    await vi.advanceTimersByTimeAsync(500);
    expect(suggest.state.status).toBe('error');
  });

  it('closes 200 ms after blur, and reopens the settled answer on focus without a new request', async () => {
    const suggest = await blurredAfter(199);
    expect(suggest.state.status).toBe('results');
    await vi.advanceTimersByTimeAsync(1);
    expect(suggest.state.status).toBe('closed');
    suggest.focus();
    expect(suggest.state.status).toBe('results');
    expect(search).toHaveBeenCalledTimes(1);
  });

  it('a focus within 200 ms of a blur keeps the dropdown open', async () => {
    const suggest = await blurredAfter(100);
    suggest.focus();
    await vi.advanceTimersByTimeAsync(500);
    expect(suggest.state.status).toBe('results');
  });

  it('drops a stale answer that arrives after the query changed', async () => {
    let resolveFirst: (value: ApiResult<NewsPage>) => void = () => {};
    search.mockImplementationOnce(() => new Promise((resolve) => (resolveFirst = resolve)));
    search.mockResolvedValueOnce(page(1));
    const suggest = make();
    suggest.input('uno');
    await vi.advanceTimersByTimeAsync(500);
    suggest.input('dos');
    resolveFirst(page(5));
    await vi.advanceTimersByTimeAsync(0);
    expect(suggest.state).toEqual({ status: 'loading', query: 'dos' });
    await vi.advanceTimersByTimeAsync(500);
    expect(suggest.state).toMatchObject({ status: 'results', query: 'dos' });
    const firstSignal = search.mock.calls[0]?.[1] as AbortSignal;
    expect(firstSignal.aborted).toBe(true);
  });
});

describe('parseSiteSearch', () => {
  it('reads news, nested provider-shaped teams and players', () => {
    const results = parseSiteSearch({
      query: 'barcelona',
      news: [{ _id: 'a1', title: 'Barcelona gana', slug: 'barcelona-gana', summary: 'Resumen', imageUrls: [] }],
      teams: [{ team: { id: 1, name: 'Barcelona SC', logo: '/media/teams/1.svg', country: 'Ecuador' }, venue: {} }],
      players: [{ player: { id: 7, name: 'J. Pérez', photo: '/media/players/7.svg' }, statistics: [{ team: { name: 'Barcelona SC' } }] }],
    });
    expect(results.query).toBe('barcelona');
    expect(results.news.map((n) => n.slug)).toEqual(['barcelona-gana']);
    expect(results.teams).toEqual([{ id: 1, name: 'Barcelona SC', logo: '/media/teams/1.svg', country: 'Ecuador' }]);
    expect(results.players).toEqual([{ id: 7, name: 'J. Pérez', photo: '/media/players/7.svg', teamName: 'Barcelona SC' }]);
  });

  it('accepts flat entries and drops the ones without id or name', () => {
    expect(parseSearchTeam({ id: '5', name: 'Emelec' })).toEqual({ id: 5, name: 'Emelec', logo: '', country: '' });
    expect(parseSearchTeam({ team: { id: 'x', name: 'Emelec' } })).toBeNull();
    expect(parseSearchTeam({ id: 3 })).toBeNull();
    expect(parseSearchPlayer({ id: 9, name: 'Enner', team: { name: 'Selección' } })).toMatchObject({ teamName: 'Selección' });
    expect(parseSearchPlayer({ player: { name: 'Sin id' } })).toBeNull();
  });

  it('never throws on bad bodies and keeps the asked query', () => {
    for (const body of [null, undefined, 'texto', 42, [], { news: 'no', teams: {}, players: null }]) {
      const results = parseSiteSearch(body, 'emelec');
      expect(results).toEqual({ query: 'emelec', news: [], teams: [], players: [], competitions: [], matches: [] });
    }
  });
});

describe('suggestionsOf (the header dropdown)', () => {
  const team = (n: number) => ({ id: n, name: `Club ${n}`, logo: '', country: 'Ecuador' });
  const player = (n: number) => ({ id: 100 + n, name: `Jugador ${n}`, photo: '', teamName: 'Emelec' });

  it('lists clubs and players first (three each at most), then news, eight in all', () => {
    const results = { query: 'e', teams: [1, 2, 3, 4].map(team), players: [1, 2].map(player), news: [1, 2, 3, 4, 5].map(newsItem), competitions: [], matches: [] };
    const list = suggestionsOf(results, 8);
    expect(list.map((s) => s.kind)).toEqual(['team', 'team', 'team', 'player', 'player', 'news', 'news', 'news']);
    expect(list[0]).toEqual({ kind: 'team', href: '/equipos/1', title: 'Club 1', detail: 'Ecuador' });
    expect(list[3]).toEqual({ kind: 'player', href: '/jugadores/101', title: 'Jugador 1', detail: 'Emelec' });
    expect(list[5]).toMatchObject({ kind: 'news', href: '/noticias/noticia-1', title: 'Noticia 1' });
  });

  it('puts competitions and matches before clubs (three each at most), each linking to its page with its details in Spanish', () => {
    const competition = { id: 13, name: 'Copa Libertadores', href: '/libertadores', logo: '', season: 2026 };
    const match = (id: number, date: string, status: string, goals: [number | null, number | null]) => ({
      id,
      date,
      status,
      home: 'Barcelona SC',
      away: 'Emelec',
      goals: { home: goals[0], away: goals[1] },
      competition: 'Serie A',
    });
    const results = {
      query: 'barcelona',
      now: '2026-11-23T01:30:00.000Z',
      competitions: [competition],
      matches: [match(9420294, '2026-12-01T00:00:00+00:00', 'NS', [null, null]), match(9420168, '2026-07-11T00:00:00+00:00', 'FT', [1, 1])],
      teams: [team(1)],
      players: [player(1)],
      news: [1, 2, 3, 4, 5].map(newsItem),
    };
    const list = suggestionsOf(results, 8);
    expect(list.map((s) => s.kind)).toEqual(['competition', 'match', 'match', 'team', 'player', 'news', 'news', 'news']);
    expect(list[0]).toEqual({ kind: 'competition', href: '/libertadores', title: 'Copa Libertadores', detail: 'Temporada 2026' });
    expect(list[1]).toEqual({ kind: 'match', href: '/partidos/9420294', title: 'Barcelona SC vs. Emelec', detail: 'Serie A · lun, 30 nov · 19:00' });
    expect(list[2]).toEqual({ kind: 'match', href: '/partidos/9420168', title: 'Barcelona SC 1-1 Emelec', detail: 'Serie A · Final · vie, 10 jul' });
  });

  it('fills with news when there are no clubs or players', () => {
    const list = suggestionsOf({ query: 'x', teams: [], players: [], competitions: [], matches: [], news: Array.from({ length: 9 }, (_, i) => newsItem(i + 1)) }, 8);
    expect(list).toHaveLength(8);
    expect(list.every((s) => s.kind === 'news')).toBe(true);
  });
});
