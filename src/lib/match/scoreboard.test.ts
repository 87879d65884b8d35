import { capture } from '../../../tests/helpers/captures.ts';
import { expectAnswers } from '../../../tests/helpers/expect-answers.ts';
import { describe, expect, it } from 'vitest';
import { kindOfStatus, MATCH_DEFAULTS, parseMatch, parseMatchList } from './parse.ts';
import {
  compareForScoreboard,
  competitionPath,
  groupByCompetition,
  latestResults,
  liveClock,
  kickoffTime,
  mergeMatches,
  roundLabel,
  scoreText,
  statusLabel,
  toTeamMatchSummary,
} from './scoreboard.ts';
import type { Match, ScoreboardMatch } from './types.ts';
import { withPhoneNames } from '../team/names.ts';
import { mergeMatch } from './live-store.ts';


const ligaPro = capture('liga-pro-fixture-items.json');
const fullFixture = capture('fixture-by-id-full.json');
const rateLimited = capture('error-rate-limit.json');

function parsed(raw: unknown): Match {
  const result = parseMatch(raw);
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

describe('parseMatch on real Liga Pro captures', () => {
  it('reads the live second-half match as Live with its minute, score and teams', () => {
    const match = parsed(ligaPro.segundoTempo);
    expect(match.kind).toBe('Live');
    expect(match.id).toBe(1519479);
    expect(match.status).toEqual({ short: '2H', long: 'Second Half', elapsed: 49, extra: null });
    expect(match.home).toEqual({ id: 1157, name: 'Universidad Catolica', logo: 'https://media.api-sports.io/football/teams/1157.png', winner: true });
    expect(match.away.name).toBe('Aucas');
    expect(match.goals).toEqual({ home: 1, away: 0 });
    expect(match.score.fulltime).toEqual({ home: null, away: null });
    // The portal's one name for league 242, not the provider's 'Liga Pro' (issue 33).
    expect(match.league).toMatchObject({ id: 242, name: 'Liga Pro Serie A', country: 'Ecuador', season: 2026, round: 'Regular Season - 28' });
    // The provider sends venue id and name as null here: unknown stays unknown.
    expect(match.venue).toEqual({ id: null, name: '', city: 'Quito' });
    expect(match.timestamp).toBe(1788462000);
    expect(liveClock(match)).toBe("49'");
  });

  it('reads the finished match as a Result with its final score', () => {
    const match = parsed(ligaPro.agendaFT);
    expect(match.kind).toBe('Result');
    expect(match.goals).toEqual({ home: 1, away: 1 });
    expect(match.venue).toEqual({ id: 472, name: 'Estadio Federativo Reina del Cisne', city: 'Loja' });
    expect(match.home.winner).toBeNull();
    expect(scoreText(match)).toBe('1 - 1');
    expect(statusLabel(match.status.short)).toBe('Final');
  });

  it('reads a whole /fixtures?id= envelope with events and lineups attached', () => {
    const list = parseMatchList(fullFixture);
    expect(list.ok).toBe(true);
    if (!list.ok) return;
    expect(list.value).toHaveLength(1);
    expect(list.dropped).toBe(0);
    const [match] = list.value;
    expect(match.kind).toBe('Result');
    expect(match.home.name).toBe('Manchester United');
    expect(match.goals).toEqual({ home: 1, away: 0 });
    expect(match.periods).toEqual({ first: 1723834800, second: 1723838400 });
    expect(match.referee).toBe('R. Jones');
  });

  it('turns an envelope whose errors is an object (rate limit) into an error, not an empty day', () => {
    const list = parseMatchList(rateLimited);
    expect(list).toEqual({ ok: false, error: 'Too many requests. Your rate limit is 10 requests per minute.' });
  });
});

describe('parseMatch defaults and bad input', () => {
  it('applies the spec defaults when everything but the id is missing', () => {
    const match = parsed({ fixture: { id: 77 } });
    expect(match.kind).toBe('Fixture');
    expect(match.status).toEqual({ short: 'NS', long: 'Not Started', elapsed: null, extra: null });
    expect(match.league).toEqual({ id: 242, name: 'Liga Pro Serie A', country: 'Ecuador', logo: '', flag: '', season: 0, round: '' });
    expect(match.home).toEqual({ id: 0, name: MATCH_DEFAULTS.homeName, logo: '', winner: null });
    expect(match.away.name).toBe('Equipo Visitante');
    expect(match.timestamp).toBe(0);
    expect(match.referee).toBe('');
    // No goals means no score: never a guessed 0 - 0.
    expect(match.goals).toEqual({ home: null, away: null });
    expect(scoreText(match)).toBe('Próximo');
  });

  it('derives the timestamp from the date when the provider omits it', () => {
    const match = parsed({ fixture: { id: 5, date: '2026-09-04T00:00:00+00:00' } });
    expect(match.timestamp).toBe(1788480000);
  });

  it('rejects items without a usable id and never throws on junk', () => {
    for (const junk of [null, undefined, 42, 'x', [], {}, { fixture: null }, { fixture: { id: 'abc' } }, { fixture: { id: -3 } }]) {
      const result = parseMatch(junk);
      expect(result.ok).toBe(false);
    }
  });

  it('accepts numeric strings and blank names as the provider sometimes sends them', () => {
    const match = parsed({ fixture: { id: '91', status: { short: 'ht', elapsed: '45' } }, teams: { home: { id: 3, name: '  ' } }, goals: { home: '2', away: 0 } });
    expect(match.id).toBe(91);
    expect(match.kind).toBe('Live');
    expect(match.status.short).toBe('HT');
    expect(match.home.name).toBe('Equipo Local');
    expect(match.goals).toEqual({ home: 2, away: 0 });
    expect(liveClock(match)).toBe('Descanso');
  });
});

describe('parseMatchList envelopes', () => {
  const items = [ligaPro.segundoTempo, ligaPro.agendaFT];

  it('reads a bare array, {response}, {data} and {fixtures} alike', () => {
    for (const body of [items, { response: items, errors: [] }, { data: items }, { fixtures: items }]) {
      const list = parseMatchList(body);
      expect(list.ok && list.value.map((m) => m.id)).toEqual([1519479, 1519477]);
    }
  });

  it('drops unusable items and counts them', () => {
    const list = parseMatchList({ response: [ligaPro.agendaFT, { fixture: {} }, null], errors: [] });
    expect(list).toMatchObject({ ok: true, dropped: 2 });
  });

  it('reports errors given as a list, a message body, or no list at all', () => {
    expect(parseMatchList({ errors: ['league is required'], response: [] })).toEqual({ ok: false, error: 'league is required' });
    expect(parseMatchList({ message: 'Invalid date format' })).toEqual({ ok: false, error: 'Invalid date format' });
    expect(parseMatchList({ response: 'nope' }).ok).toBe(false);
    expect(parseMatchList(null).ok).toBe(false);
    expect(parseMatchList('<html>').ok).toBe(false);
  });

  it('treats an empty day as an empty list, not an error', () => {
    expect(parseMatchList({ response: [], errors: [] })).toEqual({ ok: true, value: [], dropped: 0 });
  });
});

describe('match kinds and clocks', () => {
  it('classifies every provider status code', () => {
    for (const code of ['1H', 'HT', '2H', 'ET', 'BT', 'P', 'SUSP', 'INT', 'LIVE']) expect(kindOfStatus(code)).toBe('Live');
    for (const code of ['FT', 'AET', 'PEN', 'AWD', 'WO']) expect(kindOfStatus(code)).toBe('Result');
    for (const code of ['NS', 'TBD', 'PST', 'CANC', 'ABD', '', 'XYZ']) expect(kindOfStatus(code)).toBe('Fixture');
  });

  it('shows stoppage time and never a minute it does not know', () => {
    const base = parsed(ligaPro.segundoTempo);
    expect(liveClock({ ...base, status: { ...base.status, elapsed: 90, extra: 4 } })).toBe("90+4'");
    expect(liveClock({ ...base, status: { ...base.status, elapsed: null } })).toBe('En juego');
    expect(liveClock({ ...base, status: { ...base.status, short: 'P' } })).toBe('Penales');
  });
});

describe('team match summary', () => {
  it('flattens a match as spec §3 describes', () => {
    const summary = toTeamMatchSummary(parsed(ligaPro.agendaFT));
    expect(summary).toEqual({
      id: 1519477,
      homeTeam: 'Libertad',
      homeTeamLogo: 'https://media.api-sports.io/football/teams/18762.png',
      awayTeam: 'Emelec',
      awayTeamLogo: 'https://media.api-sports.io/football/teams/1148.png',
      date: '2026-09-04T00:00:00+00:00',
      status: 'FT',
      score: '1 - 1',
      competition: 'Liga Pro Serie A',
      competitionId: 242,
      round: 'Regular Season - 28',
      venue: 'Estadio Federativo Reina del Cisne',
      city: 'Loja',
      referee: 'L. Quinonez',
      elapsedMinutes: 90,
      statusLong: 'Match Finished',
      periods: { first: null, second: null },
    });
  });

  it("says 'Próximo' for a match without goals", () => {
    expect(toTeamMatchSummary(parsed({ fixture: { id: 1 } })).score).toBe('Próximo');
  });
});

describe('grouping, ordering and merging', () => {
  const live = parsed(ligaPro.segundoTempo);
  const result = parsed(ligaPro.agendaFT);
  const premier = parsed(fullFixture.response[0]);
  const upcoming = parsed({ fixture: { id: 9, timestamp: 1788490000, status: { short: 'NS' } }, league: { id: 243, name: 'Liga Pro Serie B' } });

  it('puts the portal competitions first and keeps each group in the given order', () => {
    const groups = groupByCompetition([premier, upcoming, result, live]);
    expect(groups.map((g) => g.competition.id)).toEqual([242, 243, 39]);
    expect(groups[0].matches.map((m) => m.id)).toEqual([1519477, 1519479]);
  });

  it('orders a scoreboard live, then upcoming, then finished', () => {
    expect([result, upcoming, live].sort(compareForScoreboard).map((m) => m.kind)).toEqual(['Live', 'Fixture', 'Result']);
  });

  it('links competitions to their portal pages', () => {
    expectAnswers(competitionPath, [[242, '/serie-a'], [243, '/serie-b'], [13, '/libertadores'], [11, '/sudamericana'], [39, '/torneos/39']]);
  });

  it('updates in place, keeps matches missing from the refresh, and appends new ones', () => {
    const finished = { ...live, kind: 'Result' as const, status: { short: 'FT', long: 'Match Finished', elapsed: 90, extra: null }, goals: { home: 2, away: 0 } };
    const merged = mergeMatches([live, result], [finished, upcoming]);
    expect(merged.map((m) => m.id)).toEqual([1519479, 1519477, 9]);
    expect(merged[0]).toBe(finished);
    expect(merged[1]).toBe(result);
  });

  it("gives the build's kickoff time when there is one, else formats the date in Ecuador", () => {
    const at = { ...upcoming, date: '2026-11-23T01:30:00+00:00' };
    expect(kickoffTime({ ...at, kickoffTime: '19:00' })).toBe('19:00');
    expect(kickoffTime(at)).toBe('20:30');
  });

  it('keeps the objects of unchanged lines, and the very array when a refresh changes nothing', () => {
    const current = [live, result];
    expect(mergeMatches(current, [{ ...live }, { ...result, venue: { ...result.venue, name: 'Otro' } }])).toBe(current);
    // The same kickoff written in Ecuador's zone, as an answer asked with timezone=America/Guayaquil has it.
    expect(mergeMatches(current, [{ ...live, date: '2026-09-03T14:00:00-05:00' }, result])).toBe(current);
    const scored = { ...live, goals: { home: live.goals.home! + 1, away: live.goals.away } };
    const merged = mergeMatches(current, [scored, { ...result }]);
    expect(merged[0]).toBe(scored);
    expect(merged[1]).toBe(result);
  });

  it("keeps the phone names the build gave the clubs when a refresh brings none", () => {
    const built = withPhoneNames(live);
    // Universidad Católica (1157) is "Católica" to its fans; Aucas is short enough as it is.
    expect(built.home.shortName).toBe('Católica');
    expect(built.away.shortName).toBeUndefined();
    const scored = { ...live, goals: { home: live.goals.home! + 1, away: live.goals.away } };
    const [merged] = mergeMatches([built], [scored]);
    expect(merged.goals.home).toBe(live.goals.home! + 1);
    expect(merged.home).toMatchObject({ id: 1157, name: 'Universidad Catolica', shortName: 'Católica' });
    expect(merged.away.shortName).toBeUndefined();
    // Another club in the same fixture (a corrected pairing) does not inherit the old club's name.
    const swapped = { ...scored, home: { ...scored.home, id: 1148, name: 'Emelec' } };
    expect(mergeMatches([built], [swapped])[0].home.shortName).toBeUndefined();
    expect(mergeMatch({ match: built }, [scored]).match.home.shortName).toBe('Católica');
  });

  it("keeps the build's kickoff time on a changed match unless its kickoff moved", () => {
    const built: ScoreboardMatch = { ...upcoming, kickoffTime: '20:00' };
    const started: ScoreboardMatch = { ...upcoming, kind: 'Live', status: { short: '1H', elapsed: 1, extra: null }, goals: { home: 0, away: 0 } };
    expect(mergeMatches([built], [started])[0]).toMatchObject({ kickoffTime: '20:00', status: { short: '1H' } });
    const moved: ScoreboardMatch = { ...upcoming, date: '2026-11-23T01:30:00+00:00', timestamp: upcoming.timestamp + 1800 };
    expect(mergeMatches([built], [moved])[0].kickoffTime).toBeUndefined();
  });
});

describe('roundLabel', () => {
  it('puts the provider round names in Spanish and leaves others alone', () => {
    expectAnswers(roundLabel, {
      'Regular Season - 28': 'Fecha 28', 'Group Stage - 3': 'Fase de grupos · Fecha 3', 'Round of 16': 'Octavos de final', 'Quarter-finals': 'Cuartos de final',
      'Semi-finals': 'Semifinales', ' Final ': 'Final', 'Hexagonal Final - 7': 'Hexagonal Final · Fecha 7', Repechaje: 'Repechaje', '': '',
    });
  });
});

describe('latestResults', () => {
  const result = (id: number, timestamp: number, league = 242) =>
    parsed({ fixture: { id, timestamp, status: { short: 'FT' } }, league: { id: league }, goals: { home: 1, away: 0 } });
  const upcoming = parsed({ fixture: { id: 50, timestamp: 999, status: { short: 'NS' } } });

  it('takes the newest finished matches of each competition up to its limit, skipping excluded ones', () => {
    const ligaPro = [result(1, 100), result(2, 300), result(3, 200), result(6, 50), upcoming];
    const libertadores = [result(4, 400, 13), result(5, 500, 13)];
    const picked = latestResults([{ matches: ligaPro, limit: 2 }, { matches: libertadores, limit: 1 }], new Set([2]));
    expect(picked.map((m) => m.id)).toEqual([3, 1, 5]);
  });

  it('never lists a match twice', () => {
    const list = [result(1, 100)];
    expect(latestResults([{ matches: list, limit: 3 }, { matches: list, limit: 3 }]).map((m) => m.id)).toEqual([1]);
  });
});
