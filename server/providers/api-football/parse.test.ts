import { describe, expect, it } from 'vitest';
import {
  currentSeason,
  parseEnvelope,
  parseFixture,
  parseLeagueEntry,
  parseList,
  parsePlayerEntry,
  parseSquad,
  parseStandingsResponse,
  parseTeamEntry,
  parseTeamStatisticsResponse,
  parseTransferEntry,
  providerErrorMessages,
  type Warnings,
} from './parse.ts';
import type { Parsed as ParseResult } from '../../../contract/read.ts';
import { ligaProLeagueEntry, loadFixture, twoGroupStandings } from '../../../tests/helpers/api-football-stub.ts';

function value<T>(result: ParseResult<T>): T {
  if (!result.ok) throw new Error(`expected ok, got error: ${result.error}`);
  return result.value;
}

function error<T>(result: ParseResult<T>): string {
  if (result.ok) throw new Error('expected an error');
  return result.error;
}

/** Every entry of a captured list, parsed: the responses are real, so none may be dropped. */
function capturedList<T>(name: string, parseItem: (raw: unknown, warnings: Warnings) => ParseResult<T>, what: string): T[] {
  const warnings: Warnings = [];
  const list = value(parseList(loadFixture(name).response, parseItem, what, warnings));
  expect(warnings).toEqual([]);
  return list;
}

describe('envelope', () => {
  it('reads every captured response as an envelope', () => {
    for (const name of [
      'error-rate-limit.json',
      'fixture-by-id-full.json',
      'fixtures-events.json',
      'players-with-statistics.json',
      'standings-single-group.json',
      'teams-search-ecuador.json',
      'teams-statistics.json',
      'transfers-by-player.json',
    ]) {
      const envelope = value(parseEnvelope(loadFixture(name)));
      expect(envelope.paging.current, name).toBeGreaterThanOrEqual(1);
    }
    const players = value(parseEnvelope(loadFixture('players-with-statistics.json')));
    expect(players.paging).toEqual({ current: 3, total: 35 });
    expect(players.parameters).toEqual({ league: '78', page: '3', season: '2022' });
  });

  it('reads errors as an empty list and as an object', () => {
    expect(providerErrorMessages(loadFixture('teams-search-ecuador.json').errors)).toEqual([]);
    expect(providerErrorMessages(loadFixture('error-rate-limit.json').errors)).toEqual([
      { key: 'rateLimit', message: 'Too many requests. Your rate limit is 10 requests per minute.' },
    ]);
    expect(providerErrorMessages(['bad season'])).toEqual([{ key: '0', message: 'bad season' }]);
    expect(providerErrorMessages(undefined)).toEqual([]);
  });

  it('rejects bodies that are not envelopes without throwing', () => {
    for (const body of [null, undefined, 42, 'text', [], {}, { errors: [] }]) {
      expect(parseEnvelope(body).ok).toBe(false);
    }
    expect(value(parseEnvelope({ response: [] })).paging).toEqual({ current: 1, total: 1 });
  });
});

describe('teams', () => {
  it('parses all 114 clubs of teams-search-ecuador.json with their venues', () => {
    const teams = capturedList('teams-search-ecuador.json', parseTeamEntry, 'team');
    expect(teams).toHaveLength(114);
    const emelec = teams.find((t) => t.team.id === 1148)!;
    expect(emelec.team).toMatchObject({ name: 'Emelec', code: 'EME', founded: 1929, national: false });
    expect(emelec.venue).toMatchObject({ id: 18579, name: 'Estadio George Capwell', city: 'Guayaquil', capacity: 36007 });
    const ecuador = teams.find((t) => t.team.id === 2382)!;
    expect(ecuador.team.national).toBe(true);
    expect(ecuador.venue.name).toBe('Estadio Rodrigo Paz Delgado');
    // 61 of the clubs come without a venue: every venue field stays null, none is made up.
    const withoutVenue = teams.filter((t) => t.venue.id === null);
    expect(withoutVenue).toHaveLength(61);
    expect(withoutVenue.every((t) => Object.values(t.venue).every((v) => v === null))).toBe(true);
  });

  it('drops a team without an id and says why', () => {
    const warnings: Warnings = [];
    const real = loadFixture('teams-search-ecuador.json').response.slice(0, 2);
    const teams = value(parseList([{ team: { name: 'Sin id' }, venue: null }, null, ...real], parseTeamEntry, 'team', warnings));
    expect(teams.map((t) => t.team.id)).toEqual([1148, 1149]);
    expect(warnings).toEqual(['team #1 dropped: team.id is missing', 'team #2 dropped: team entry is null']);
  });
});

describe('leagues', () => {
  it('parses a league entry and finds its current season', () => {
    const entry = value(parseLeagueEntry(ligaProLeagueEntry()));
    expect(entry.league).toEqual({ id: 242, name: 'Liga Pro', type: 'League', logo: 'https://media.api-sports.io/football/leagues/242.png' });
    expect(currentSeason(entry)).toBe(2026);
    expect(currentSeason({ ...entry, seasons: entry.seasons.map((s) => ({ ...s, current: false })) })).toBeNull();
  });

  it('keeps only the fields of the store type (coverage is not stored) and rejects a league without id', () => {
    const raw = ligaProLeagueEntry() as any;
    raw.seasons[1].coverage = { standings: true };
    expect(value(parseLeagueEntry(raw)).seasons[1]).toEqual({ year: 2026, start: '2026-01-01', end: '2026-12-31', current: true });
    expect(error(parseLeagueEntry({ league: { name: 'x' } }))).toBe('league.id is missing');
    expect(error(parseLeagueEntry({ league: { id: 1, name: 'x', type: 'Friendly' } }))).toContain("expected 'League' or 'Cup'");
  });
});

describe('fixtures', () => {
  it('parses the full fixture 1208021 with events, lineups and statistics', () => {
    const warnings: Warnings = [];
    const raw = loadFixture('fixture-by-id-full.json').response[0];
    const fixture = value(parseFixture(raw, warnings));
    expect(warnings).toEqual([]);
    expect(fixture.fixture).toMatchObject({ id: 1208021, referee: 'R. Jones', timestamp: 1723834800, status: { short: 'FT', elapsed: 90, extra: null } });
    expect(fixture.teams.home).toEqual({ id: 33, name: 'Manchester United', logo: 'https://media.api-sports.io/football/teams/33.png', winner: true });
    expect(fixture.goals).toEqual({ home: 1, away: 0 });
    expect(fixture.score.extratime).toEqual({ home: null, away: null });
    expect(fixture.events).toHaveLength(16);
    expect(fixture.events![0]).toEqual(raw.events[0]);
    expect(fixture.lineups!.map((l) => [l.team.id, l.formation, l.startXI.length, l.substitutes.length])).toEqual([
      [33, '4-2-3-1', 11, 9],
      [36, raw.lineups[1].formation, 11, 9],
    ]);
    expect(fixture.lineups![0].coach).toEqual({ id: 1993, name: 'E. ten Hag', photo: 'https://media.api-sports.io/football/coachs/1993.png' });
    expect(fixture.lineups![0].team.colors).toEqual(raw.lineups[0].team.colors);
    expect(fixture.statistics!.map((s) => s.statistics.length)).toEqual([18, 18]);
    expect(fixture.statistics![0].statistics.find((s) => s.type === 'Ball Possession')!.value).toBe('55%');
    expect(fixture.statistics![0].statistics.find((s) => s.type === 'Red Cards')!.value).toBeNull();
    // Of the players' list, the store keeps who played, his minutes and the provider's rating of his match.
    expect(fixture.players!.map((side) => [side.team.id, side.players.length])).toEqual(raw.players.map((side: { team: { id: number }; players: unknown[] }) => [side.team.id, side.players.length]));
    expect(fixture.players![0].players[0]).toEqual({ player: { id: 526, name: 'André Onana' }, statistics: [{ games: { minutes: 90, rating: '7.2' } }] });
  });

  it('parses the live Liga Pro match with its VAR and penalty events, and the finished one without events', () => {
    const items = loadFixture('liga-pro-fixture-items.json');
    const live = value(parseFixture(items.segundoTempo));
    expect(live.fixture.status).toEqual({ long: 'Second Half', short: '2H', elapsed: 49, extra: null });
    expect(live.fixture.venue).toEqual({ id: null, name: null, city: 'Quito' });
    expect(live.score.fulltime).toEqual({ home: null, away: null });
    expect(live.events!.map((e) => `${e.time.elapsed}+${e.time.extra ?? 0} ${e.type}/${e.detail}`)).toEqual([
      '15+0 Card/Yellow Card',
      '33+0 Card/Yellow Card',
      '38+0 Card/Yellow Card',
      '45+1 Card/Yellow Card',
      '45+5 Var/Penalty confirmed',
      '45+6 Goal/Penalty',
    ]);
    const finished = value(parseFixture(items.agendaFT));
    expect(finished.league).toMatchObject({ id: 242, name: 'Liga Pro', season: 2026, round: 'Regular Season - 28' });
    expect(finished.teams.home.winner).toBeNull();
    // Not sent means not known: no empty lists that would claim the match had no events.
    expect(finished.events).toBeUndefined();
    expect(finished.lineups).toBeUndefined();
    expect(finished.statistics).toBeUndefined();
  });

  it('drops what lacks an id inside a fixture and rejects a fixture without the fields the store needs', () => {
    const raw = loadFixture('fixture-by-id-full.json').response[0];
    raw.lineups[0].startXI[0].player.id = null;
    raw.events[1].team = null;
    raw.statistics[1] = { team: {}, statistics: [] };
    const warnings: Warnings = [];
    const fixture = value(parseFixture(raw, warnings));
    // A lineup player without an id is kept by name (the provider's youth substitutes), not dropped.
    expect(fixture.lineups![0].startXI).toHaveLength(11);
    expect(fixture.lineups![0].startXI[0].player).toMatchObject({ id: null, name: 'A. Onana', number: 24, pos: 'G', grid: '1:1' });
    expect(fixture.events).toHaveLength(15);
    expect(fixture.statistics).toHaveLength(1);
    expect(warnings).toEqual([
      'fixture 1208021 event #2 dropped: event team.id is missing',
      'fixture 1208021 statistics #2 dropped: statistics team.id is missing',
    ]);

    const noStatus = loadFixture('fixture-by-id-full.json').response[0];
    delete noStatus.fixture.status;
    expect(error(parseFixture(noStatus))).toBe('fixture 1208021: fixture.status.short is missing');
    expect(error(parseFixture({ fixture: { id: '12' } }))).toBe('fixture 12: fixture.timestamp is missing');
    expect(error(parseFixture({}))).toBe('fixture.id is missing');
  });

  it('never throws on malformed input', () => {
    const base = loadFixture('liga-pro-fixture-items.json').segundoTempo;
    const variants: unknown[] = [null, 7, 'x', [], { fixture: null }, { ...base, teams: null }, { ...base, league: 'Liga Pro' }, { ...base, events: 'none' }, { ...base, score: [] }];
    for (const variant of variants) expect(() => parseFixture(variant)).not.toThrow();
    const odd = value(parseFixture({ ...base, events: [null, 3, { time: { elapsed: 'x' } }], score: null, goals: null }));
    expect(odd.events).toEqual([]);
    expect(odd.goals).toEqual({ home: null, away: null });
  });
});

describe('standings', () => {
  it('keeps every group of a multi-group response, in order', () => {
    const warnings: Warnings = [];
    const groups = value(parseStandingsResponse(twoGroupStandings(), warnings));
    expect(warnings).toEqual([]);
    expect(groups.map((g) => [g[0].group, g.length, g[0].rank, g.at(-1)!.rank])).toEqual([
      ['Grupo 1', 10, 1, 10],
      ['Grupo 2', 10, 11, 20],
    ]);
    expect(groups[0][0]).toMatchObject({ team: { id: 50, name: 'Manchester City' }, points: 89, goalsDiff: 61, form: 'LDWWW' });
    expect(groups[0][0].all).toEqual({ played: 38, win: 28, draw: 5, lose: 5, goals: { for: 94, against: 33 } });
  });

  it('reads the single-group capture as one group of 20 and an empty response as no table', () => {
    const groups = value(parseStandingsResponse(loadFixture('standings-single-group.json').response));
    expect(groups.map((g) => g.length)).toEqual([20]);
    expect(value(parseStandingsResponse([]))).toEqual([]);
    expect(error(parseStandingsResponse({}))).toContain('expected a list');
    expect(error(parseStandingsResponse([{ league: { id: 242 } }]))).toContain('no league.standings list');
  });

  it('drops a row with missing counts rather than filling in zeros', () => {
    const response = twoGroupStandings();
    delete response[0].league.standings[1][0].all.goals.for;
    response[0].league.standings[1][1].team = {};
    const warnings: Warnings = [];
    const groups = value(parseStandingsResponse(response, warnings));
    expect(groups[1]).toHaveLength(8);
    expect(warnings).toEqual([
      'standings group #2 row #1 dropped: standings row 11 (team 52) all lacks goals.for',
      'standings group #2 row #2 dropped: standings row 12 team.id is missing',
    ]);
  });
});

describe('players, squads, statistics, transfers', () => {
  it('parses players with their statistics and keeps the nulls the provider sent', () => {
    const players = capturedList('players-with-statistics.json', parsePlayerEntry, 'player');
    expect(players).toHaveLength(20);
    const diallo = players[0];
    expect(diallo.player).toMatchObject({ id: 7, name: 'A. Diallo', nationality: 'Senegal', height: '187 cm', injured: false });
    expect(diallo.statistics[0]).toMatchObject({
      team: { id: 173, name: 'RB Leipzig' },
      league: { id: 78, season: 2022 },
      games: { appearences: 8, minutes: 476, number: null, position: 'Defender', rating: '6.862500', captain: false },
      goals: { total: 1, conceded: 0, assists: null, saves: null },
      penalty: { won: null, commited: null, scored: 0, missed: 0, saved: null },
    });
  });

  it('parses a squad and drops members without an id', () => {
    const warnings: Warnings = [];
    const squad = value(
      parseSquad(
        {
          team: { id: 1148, name: 'Emelec' },
          players: [
            { id: 7, name: 'A. Diallo', number: 4, position: 'Defender' },
            { name: 'Sin id', number: 9 },
          ],
        },
        warnings,
      ),
    );
    expect(squad).toEqual({ teamId: 1148, players: [{ id: 7, number: 4, position: 'Defender' }] });
    expect(warnings).toEqual(['squad of team 1148 player #2 dropped: squad player without an id']);
  });

  it('parses teams-statistics.json whole, and an empty answer as no statistics', () => {
    const stats = value(parseTeamStatisticsResponse(loadFixture('teams-statistics.json').response))!;
    expect(stats.team).toEqual({ id: 173, name: 'RB Leipzig', logo: 'https://media.api-sports.io/football/teams/173.png' });
    expect(stats.league).toMatchObject({ id: 78, season: 2022 });
    expect(stats.form).toBe('DDLWLWLWDWDWWWW');
    expect(stats.fixtures).toEqual({
      played: { home: 7, away: 8, total: 15 },
      wins: { home: 6, away: 2, total: 8 },
      draws: { home: 1, away: 3, total: 4 },
      loses: { home: 0, away: 3, total: 3 },
    });
    expect(stats.lineups).toEqual(loadFixture('teams-statistics.json').response.lineups);
    expect(value(parseTeamStatisticsResponse([]))).toBeNull();
    expect(error(parseTeamStatisticsResponse({ team: { id: 1 } }))).toBe('team statistics: league.id is missing');
  });

  it('parses transfers-by-player.json', () => {
    const [entry] = capturedList('transfers-by-player.json', parseTransferEntry, 'transfer');
    expect(entry.player).toEqual({ id: 35845, name: 'H. Burbano' });
    expect(entry.update).toBe('2023-09-07T04:52:38+00:00');
    expect(entry.transfers).toHaveLength(9);
    expect(entry.transfers[0]).toEqual({
      date: '2021-01-19',
      type: 'N/A',
      teams: {
        in: { id: 1146, name: 'Cortulua', logo: 'https://media.api-sports.io/football/teams/1146.png' },
        out: { id: 1470, name: 'Cucuta', logo: 'https://media.api-sports.io/football/teams/1470.png' },
      },
    });
  });
});
