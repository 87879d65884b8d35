import { capture } from '../../../tests/helpers/captures.ts';
import { describe, expect, it } from 'vitest';
import { parsePlayerEntry, parsePlayerList, parseTopScorers } from './parse.ts';
import { parseTeamEntry, parseTeamList, teamShortName } from '../team/parse.ts';
import { expectAnswers } from '../../../tests/helpers/expect-answers.ts';

const players = capture('players-with-statistics.json');
const teams = capture('teams-search-ecuador.json');

describe('parsePlayerList on the real /players capture', () => {
  it('reads all 20 players with their first statistics entry', () => {
    const list = parsePlayerList(players);
    expect(list).toMatchObject({ ok: true, dropped: 0 });
    if (!list.ok) return;
    expect(list.value).toHaveLength(20);
    const dabbur = list.value.find((p) => p.id === 1097)!;
    expect(dabbur).toMatchObject({
      name: 'M. Dabbur',
      firstname: "Mu'nas",
      lastname: 'Dabbur',
      age: 32,
      birth: { date: '1992-05-14', place: 'Nazareth', country: 'Israel' },
      nationality: 'Israel',
      height: '183 cm',
      injured: false,
      position: 'Attacker',
      team: { id: 167, name: '1899 Hoffenheim' },
    });
    expect(dabbur.statistics).toMatchObject({ goals: 6, assists: 2, league: { id: 78, season: 2022 } });
  });

  it('reads null counters as 0 and a numeric-string rating as a number', () => {
    const list = parsePlayerList(players);
    if (!list.ok) throw new Error(list.error);
    const diallo = list.value.find((p) => p.id === 7)!;
    expect(diallo.statistics?.assists).toBe(0);
    expect(diallo.statistics?.rating).toBeCloseTo(6.8625, 4);
    expect(diallo.number).toBeNull();
  });
});

describe('parsePlayerEntry defaults', () => {
  it("says 'Unknown' for a position nobody gives and keeps unknown numbers unknown", () => {
    const result = parsePlayerEntry({ player: { id: 12, name: 'Enner Valencia' } });
    expect(result).toMatchObject({ ok: true, value: { position: 'Unknown', age: null, number: null, team: null, statistics: null, photo: '' } });
  });

  it('prefers the statistics of the competition asked for', () => {
    const entry = {
      player: { id: 3, name: 'Kendry Páez' },
      statistics: [
        { league: { id: 78 }, team: { id: 1, name: 'Otro' }, goals: { total: 1 } },
        { league: { id: 242 }, team: { id: 1153, name: 'Independiente del Valle' }, goals: { total: 9 }, games: { position: 'Midfielder' } },
      ],
    };
    const result = parsePlayerEntry(entry, { leagueId: 242 });
    expect(result).toMatchObject({ ok: true, value: { position: 'Midfielder', team: { id: 1153 }, statistics: { goals: 9 } } });
  });

  it('rejects entries without an id, never throws', () => {
    for (const junk of [null, 3, [], {}, { player: { name: 'Sin id' } }, { player: { id: 0 } }]) {
      expect(parsePlayerEntry(junk).ok).toBe(false);
    }
  });
});

describe('parseTopScorers', () => {
  it('ranks the real capture by goals then assists', () => {
    const list = parseTopScorers(players);
    if (!list.ok) throw new Error(list.error);
    expect(list.value.slice(0, 3).map((s) => [s.rank, s.player.name, s.goals, s.assists])).toEqual([
      [1, 'J. Bellingham', 8, 4],
      [2, 'M. Dabbur', 6, 2],
      [3, expect.any(String), 1, expect.any(Number)],
    ]);
    expect(list.value[0].team).toEqual({ id: 165, name: 'Borussia Dortmund', logo: 'https://media.api-sports.io/football/teams/165.png' });
  });

  it('lets players level on goals and assists share a rank', () => {
    const entry = (id: number, goals: number, assists: number) => ({ player: { id, name: `Jugador ${id}` }, statistics: [{ goals: { total: goals, assists } }] });
    const list = parseTopScorers({ response: [entry(1, 10, 2), entry(2, 8, 1), entry(3, 8, 1), entry(4, 8, 0)], errors: [] });
    expect(list.ok && list.value.map((s) => s.rank)).toEqual([1, 2, 2, 4]);
  });

  it('passes envelope errors through', () => {
    expect(parseTopScorers({ errors: { league: 'Invalid tournament ID format' }, response: [] })).toEqual({ ok: false, error: 'Invalid tournament ID format' });
  });
});

describe('parseTeamList on the real /teams?search=Ecuador capture', () => {
  it('reads all 114 clubs with venues', () => {
    const list = parseTeamList(teams);
    if (!list.ok) throw new Error(list.error);
    expect(list.value).toHaveLength(114);
    const emelec = list.value.find((t) => t.id === 1148)!;
    expect(emelec).toMatchObject({
      name: 'Emelec',
      code: 'EME',
      shortName: 'Emelec',
      country: 'Ecuador',
      founded: 1929,
      national: false,
      stadium: 'Estadio George Capwell',
      currentLeagueId: 242,
    });
    expect(emelec.venue?.capacity).toBeGreaterThan(0);
  });

  it('gives the names fans use as short names, never the three-letter codes', () => {
    const list = parseTeamList(teams);
    if (!list.ok) throw new Error(list.error);
    const short = (id: number) => list.value.find((t) => t.id === id)?.shortName;
    // The provider's codes are QUI and IND; no fan calls LDU "QUI". "LDU de Quito" is shorter than
    // "Liga de Quito": it stays, so the club has one name on every page (issue 33).
    expectAnswers(short, [[1158, 'LDU de Quito'], [1153, 'IDV'], [1157, 'Católica']]);
    // A club fans name by its full name keeps it; a long generic first word is shortened as the press does.
    expectAnswers(short, [[1149, 'Delfin SC'], [19032, 'Ind. Azogues']]);
  });
});

describe('team defaults', () => {
  it("uses 'Unknown Team', 'TEM', Ecuador and the placeholder logo when fields are missing", () => {
    const result = parseTeamEntry({ team: { id: 5 } });
    expect(result).toMatchObject({
      ok: true,
      value: { name: 'Unknown Team', shortName: 'Unknown Team', country: 'Ecuador', logo: '/placeholder.svg', founded: null, venue: null, city: '', stadium: '' },
    });
  });

  it('takes the competition from the caller when it knows it', () => {
    expect(parseTeamEntry({ team: { id: 5, name: 'Flamengo' } }, { leagueId: 13 })).toMatchObject({ ok: true, value: { currentLeagueId: 13 } });
  });

  it('shortens at word boundaries only, never to half a word', () => {
    const shortened = ([id, name]: readonly [number, string]) => teamShortName(id, name);
    expectAnswers(shortened, [
      [[1151, 'Técnico Universitario'], 'Técnico'], [[10111, '9 de Octubre'], '9 de Octubre'],
      [[990010, 'Universidad de Chile'], 'U. de Chile'], [[990109, 'Independiente Medellín'], 'Ind. Medellín'],
    ]);
    // The word is the club's whole name: nothing to shorten it to.
    expectAnswers(shortened, [[[453, 'Independiente'], 'Independiente'], [[990012, 'Universitario'], 'Universitario']]);
  });

  it('rejects entries without an id', () => {
    expect(parseTeamEntry({ team: { name: 'Sin id' } }).ok).toBe(false);
    expect(parseTeamEntry('Emelec').ok).toBe(false);
  });
});
