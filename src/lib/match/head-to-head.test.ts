import { afterEach, describe, expect, it, vi } from 'vitest';
import { capture } from '../../../tests/helpers/captures.ts';
import { envelope, fakeApi } from '../../../tests/helpers/fake-api.ts';
import { loadEarlierMeetings, matchContext } from '../loaders/matches.ts';
import { resetBuildMemo } from '../loaders/memo.ts';
import { mergeHeadToHead, pairKey, parseEarlierMeetings } from './head-to-head.ts';
import { parseMatch } from './parse.ts';
import type { Match, ResultMatch } from './types.ts';

// Libertad 1-1 Emelec, Liga Pro 2026-09-04 (a real capture); as test input, the same item as a meeting
// of the season before under another id (only `fixture.id` and `league.season` changed).
const item = capture('liga-pro-fixture-items.json').agendaFT;
const earlierItem = { ...item, fixture: { ...item.fixture, id: 1_090_001 }, league: { ...item.league, season: 2025 } };
const result = (raw: unknown) => {
  const parsed = parseMatch(raw);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value as ResultMatch;
};
/** A result `days` after the capture's, same clubs (the home side first as given). */
const shifted = (id: number, days: number, home = item.teams.home, away = item.teams.away) =>
  result({
    ...item,
    fixture: { ...item.fixture, id, timestamp: item.fixture.timestamp + days * 86_400, date: new Date((item.fixture.timestamp + days * 86_400) * 1000).toISOString() },
    teams: { home, away },
  });

describe('earlier meetings for the match pages', () => {
  it('reads the bulk answer by pair, whichever club the provider named first', () => {
    const parsed = parseEarlierMeetings({
      get: 'fixtures/headtohead',
      errors: [],
      response: [
        { teams: [1148, 18762], asked: '2026-09-10', meetings: [earlierItem] },
        { teams: [1156, 1157], asked: '2026-09-10', meetings: [] },
        { teams: [1156], asked: '2026-09-10', meetings: [] },
      ],
    });
    expect(parsed.ok && parsed.dropped).toBe(1);
    const byPair = new Map(parsed.ok ? parsed.value : []);
    expect([...byPair.keys()]).toEqual(['1148-18762', '1156-1157']);
    const [meeting] = byPair.get(pairKey(18762, 1148))!.meetings;
    expect([meeting.id, meeting.league.season, meeting.home.name, meeting.away.name, meeting.goals, meeting.date]).toEqual([
      1_090_001,
      2025,
      'Libertad',
      'Emelec',
      { home: 1, away: 1 },
      '2026-09-04T00:00:00+00:00',
    ]);
    expect(byPair.get('1156-1157')).toEqual({ asked: '2026-09-10', meetings: [] });
  });

  it('merges both lists newest first, each fixture once, at most the limit', () => {
    const season = [shifted(10, 300), shifted(11, 100)];
    const earlier = [shifted(11, 100), shifted(1, -200), shifted(2, -400), shifted(3, -600), shifted(4, -800)];
    expect(mergeHeadToHead(season, earlier, 5).map((m) => m.id)).toEqual([10, 11, 1, 2, 3]);
    // The season's reading of a fixture both lists hold wins.
    expect(mergeHeadToHead([season[1]], [{ ...season[1], goals: { home: 0, away: 0 } }], 5)[0].goals).toEqual({ home: 1, away: 1 });
  });

  it('shows a match page the earlier meetings before it, marked, and says whether the provider was asked', () => {
    const match = shifted(20, 400, item.teams.away, item.teams.home);
    const thisSeason = shifted(10, 300);
    const byTeam = new Map<number, Match[]>([
      [item.teams.home.id, [thisSeason, match]],
      [item.teams.away.id, [thisSeason, match]],
    ]);
    const earlier = new Map([[pairKey(item.teams.home.id, item.teams.away.id), { asked: '2026-09-10', meetings: [shifted(1, -200), result(earlierItem)] }]]);
    const context = matchContext(match, byTeam, 5, earlier);
    expect(context.headToHead.map((m) => m.id)).toEqual([10, 1_090_001, 1]);
    expect([...context.earlierIds]).toEqual([1_090_001, 1]);
    expect(context.earlierAsked).toBe(true);
    const without = matchContext(match, byTeam);
    expect([without.headToHead.map((m) => m.id), [...without.earlierIds], without.earlierAsked]).toEqual([[10], [], false]);
    // Their form stays this season's.
    expect(context.homeForm.map((m) => m.id)).toEqual([10]);
  });

  describe('the build read', () => {
    const tournament = (id: number) => ({
      id,
      name: `T${id}`,
      shortName: `T${id}`,
      type: 'League',
      country: 'Ecuador',
      season: 2026,
      logo: '',
      startDate: '2026-01-01',
      endDate: '2026-12-01',
      current: true,
    });
    afterEach(() => {
      resetBuildMemo();
      vi.restoreAllMocks();
    });

    it('asks once per competition, whatever the number of match pages', async () => {
      const { options, asked } = fakeApi((url) => {
        if (url.pathname === '/api/football/tournaments') return { status: 200, body: envelope([tournament(242), tournament(243)]) };
        if (url.pathname !== '/api/football/fixtures/headtohead') return undefined;
        const entries = url.searchParams.get('league') === '242' ? [{ teams: [1148, 18762], asked: '2026-09-10', meetings: [earlierItem] }] : [];
        return { status: 200, body: envelope(entries) };
      });
      const [byPair] = await Promise.all([loadEarlierMeetings(options), loadEarlierMeetings(options)]);
      expect(asked.filter((a) => a.startsWith('/api/football/fixtures/headtohead'))).toEqual([
        '/api/football/fixtures/headtohead?league=242&season=2026',
        '/api/football/fixtures/headtohead?league=243&season=2026',
      ]);
      expect([...byPair.keys()]).toEqual(['1148-18762']);
      expect(byPair.get('1148-18762')!.meetings.map((m) => m.id)).toEqual([1_090_001]);
    });

    it('leaves the pages with their season when the read fails', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const { options } = fakeApi((url) =>
        url.pathname === '/api/football/tournaments' ? { status: 200, body: envelope([tournament(242)]) } : { status: 503, body: { message: 'Store unavailable' } },
      );
      expect((await loadEarlierMeetings(options)).size).toBe(0);
      expect(warn).toHaveBeenCalledWith('[build] earlier meetings of league 242: Store unavailable');
    });
  });
});
