import { describe, expect, it } from 'vitest';
import { capture } from '../../tests/helpers/captures.ts';
import type { ApiFixtureFull } from '../../contract/api-football.ts';
import type { LiveFixtureChange } from '../../contract/live.ts';
import { alertItems, readerAlert, URGENT_TTL_S, withinPushSize, type AlertFixture } from './alerts.ts';
import { alertBits } from './store.ts';

/**
 * Lock-screen alerts on real provider answers: Manchester United 1-0 Fulham (Zirkzee's goal at 87',
 * both line-ups) and Universidad Católica 1-0 Aucas (Fajardo's penalty at 45+6', after a VAR check).
 * Red cards are written in the provider's own words ('Card' / 'Red Card', 'Second Yellow card').
 */
const full = (): ApiFixtureFull => capture('fixture-by-id-full.json').response[0];
const catolica = (): ApiFixtureFull => (capture('liga-pro-fixture-items.json') as { segundoTempo: ApiFixtureFull }).segundoTempo;

const fixtureOf = (f: ApiFixtureFull): AlertFixture => ({
  id: f.fixture.id,
  timestamp: f.fixture.timestamp,
  home: { id: f.teams.home.id, name: f.teams.home.name, logo: f.teams.home.logo },
  away: { id: f.teams.away.id, name: f.teams.away.name, logo: f.teams.away.logo },
});

function change(f: ApiFixtureFull, over: Partial<LiveFixtureChange>): LiveFixtureChange {
  return {
    league: f.league.id,
    season: f.league.season,
    fixture: f.fixture.id,
    kinds: [],
    status: { ...f.fixture.status, extra: null },
    goals: f.goals,
    score: f.score,
    ...over,
  };
}

const ALL = alertBits(['goles', 'estado', 'rojas', 'alineaciones']);

describe('alertItems on real answers', () => {
  it('tells a goal with its scorer, minute and the score after it, urgently and for ten minutes', () => {
    const match = full();
    const goal = match.events!.find((e) => e.type === 'Goal')!;
    const items = alertItems(fixtureOf(match), [
      change(match, { kinds: ['score', 'event'], status: { long: 'Second Half', short: '2H', elapsed: 87, extra: null }, newEvents: [goal] }),
    ]);
    expect(items).toEqual([
      {
        alert: 'goles',
        // J. Zirkzee (70100 in the provider's answer) at 87'.
        key: 'gol:1-0:70100@87',
        title: '⚽ ¡Gol de Manchester United!',
        body: "J. Zirkzee 87' · Manchester United 1-0 Fulham",
        icon: 'https://media.api-sports.io/football/teams/33.png',
        urgency: 'high',
        ttl: URGENT_TTL_S,
      },
    ]);
  });

  it('says a penalty is one, in stoppage time, and tells nothing of the VAR check before it', () => {
    const match = catolica();
    const items = alertItems(fixtureOf(match), [change(match, { kinds: ['score', 'event'], newEvents: match.events!.slice(-2) })]);
    expect(items.map((i) => `${i.title} ${i.body}`)).toEqual(["⚽ ¡Gol de Universidad Catolica! José Fajardo 45+6' (penal) · Universidad Catolica 1-0 Aucas"]);
  });

  it('tells a red card and a second yellow with the player, his club and the minute; yellow cards are no alert', () => {
    const match = catolica();
    const card = (minute: number, detail: string, player: string, team: ApiFixtureFull['teams']['home']) => ({
      time: { elapsed: minute, extra: null },
      team: { id: team.id, name: team.name, logo: team.logo },
      player: { id: minute, name: player },
      assist: { id: null, name: null },
      type: 'Card',
      detail,
      comments: 'Violent conduct',
    });
    const events = [
      card(60, 'Red Card', 'Mateo Burdisso', match.teams.away),
      card(70, 'Second Yellow card', 'Daniel Clavijo', match.teams.home),
      card(75, 'Yellow Card', 'Santiago Morales', match.teams.away),
    ];
    const items = alertItems(fixtureOf(match), [change(match, { kinds: ['event'], newEvents: events })]);
    expect(items.map((i) => [i.alert, i.title, i.body])).toEqual([
      ['rojas', '🟥 Tarjeta roja a Mateo Burdisso', "Aucas · 60' · Universidad Catolica 1-0 Aucas"],
      ['rojas', '🟥 Tarjeta roja a Daniel Clavijo (doble amarilla)', "Universidad Catolica · 70' · Universidad Catolica 1-0 Aucas"],
    ]);
  });

  it('tells kick-off, half-time and the final with the winner, a shootout and extra time', () => {
    const match = full();
    const at = (short: string, over: Partial<LiveFixtureChange> = {}) =>
      alertItems(fixtureOf(match), [change(match, { kinds: ['status'], status: { long: '', short, elapsed: 0, extra: null }, ...over })]).map((i) => `${i.title} | ${i.body}`);
    expect(at('1H', { goals: { home: 0, away: 0 } })).toEqual(['Empieza Manchester United - Fulham | El partido ya está en juego.']);
    expect(at('HT', { goals: { home: 0, away: 0 } })).toEqual(['Descanso: Manchester United 0-0 Fulham | Termina el primer tiempo.']);
    expect(at('FT')).toEqual(['Final: Manchester United 1-0 Fulham | Gana Manchester United.']);
    expect(at('AET', { goals: { home: 1, away: 1 } })).toEqual(['Final: Manchester United 1-1 Fulham | Empate tras la prórroga.']);
    expect(at('PEN', { goals: { home: 1, away: 1 }, score: { ...match.score, penalty: { home: 3, away: 4 } } })).toEqual([
      'Final: Manchester United 1-1 Fulham | Fulham gana 4-3 en los penales.',
    ]);
    // A write that did not change the state (a minute ticking on) is no alert.
    expect(alertItems(fixtureOf(match), [change(match, { kinds: ['score'], status: { long: '', short: '2H', elapsed: 50, extra: null } })])).toEqual([]);
  });

  it('tells confirmed line-ups before kick-off with both formations and the kick-off in Ecuador, never once the match is on', () => {
    const match = full();
    const before = change(match, {
      kinds: ['lineups'],
      status: { long: 'Not Started', short: 'NS', elapsed: null, extra: null },
      goals: { home: null, away: null },
      lineups: match.lineups,
    });
    expect(alertItems(fixtureOf(match), [before]).map((i) => `${i.title} | ${i.body}`)).toEqual([
      // 19:00 UTC is 14:00 in Ecuador, whatever the machine's zone.
      'Alineaciones confirmadas: Manchester United - Fulham | Manchester United (4-2-3-1) y Fulham (4-2-3-1). Empieza a las 14:00.',
    ]);
    expect(alertItems(fixtureOf(match), [{ ...before, status: { long: 'First Half', short: '1H', elapsed: 3, extra: null } }])).toEqual([]);
  });

  it('tells a goal scored after one was taken back, at the same score, as a new alert', () => {
    const match = full();
    const goal = match.events!.find((e) => e.type === 'Goal')!;
    const scored = (event: typeof goal) => alertItems(fixtureOf(match), [change(match, { kinds: ['score', 'event'], newEvents: [event] })])[0]!;
    const first = scored(goal);
    const again = scored({ ...goal, player: { id: 909, name: 'A. Garnacho' }, time: { elapsed: 89, extra: null } });
    expect(again.body).toBe("A. Garnacho 89' · Manchester United 1-0 Fulham");
    expect(again.key).not.toBe(first.key);
    // The same goal read twice stays one alert.
    expect(scored({ ...goal }).key).toBe(first.key);
  });

  it('tells a goal taken back when the score goes down without one', () => {
    const match = full();
    const items = alertItems(fixtureOf(match), [change(match, { kinds: ['score', 'event'], goals: { home: 0, away: 0 } })], { home: 1, away: 0 });
    expect(items.map((i) => `${i.title} | ${i.body}`)).toEqual(['❌ Gol anulado | Manchester United 0-0 Fulham']);
  });
});

describe('readerAlert', () => {
  const match = full();
  const goal = match.events!.find((e) => e.type === 'Goal')!;
  const fixture = fixtureOf(match);
  // A burst: the goal, then the whistle seconds later.
  const items = alertItems(fixture, [
    change(match, { kinds: ['score', 'event'], status: { long: '', short: '2H', elapsed: 87, extra: null }, newEvents: [goal] }),
    change(match, { kinds: ['status'], status: { long: '', short: 'FT', elapsed: 90, extra: null } }),
  ]);

  it('makes one notification of a burst, the goal first and the final under it, tagged by the match', () => {
    const alert = readerAlert(fixture, items, ALL)!;
    expect(alert.payload).toEqual({
      title: '⚽ ¡Gol de Manchester United!',
      body: "J. Zirkzee 87' · Manchester United 1-0 Fulham\nFinal: Manchester United 1-0 Fulham. Gana Manchester United.",
      tag: 'partido-1208021',
      url: '/partidos/1208021',
      icon: 'https://media.api-sports.io/football/teams/33.png',
      fixture: 1208021,
      key: '1208021:gol:1-0:70100@87+estado:final',
    });
    expect(alert.urgency).toBe('high');
    expect(alert.ttl).toBe(URGENT_TTL_S);
    expect(alert.key).toBe('1208021:gol:1-0:70100@87+estado:final');
  });

  it('keeps a payload within 3,000 bytes, cutting the body by whole lines', () => {
    const long = {
      title: 'Final: Manchester United 1-0 Fulham',
      body: Array.from({ length: 60 }, (_, i) => `Línea ${i}: ${'ñ'.repeat(40)}`).join('\n'),
      tag: 't',
      url: '/',
      icon: '',
      fixture: 1,
      key: 'k',
    };
    const cut = withinPushSize(long);
    expect(Buffer.byteLength(JSON.stringify(cut))).toBeLessThanOrEqual(3_000);
    expect(cut.body.endsWith('…')).toBe(true);
    expect(long.body.startsWith(cut.body.slice(0, -1))).toBe(true);
    expect(cut.body.slice(0, -1).split('\n').at(-1)).toMatch(/^Línea \d+: ñ{40}$/);
    // A payload that fits is left as it is.
    expect(withinPushSize(readerAlert(fixture, items, ALL)!.payload)).toEqual(readerAlert(fixture, items, ALL)!.payload);
  });

  it('gives each reader only what it asked for, and nothing when that is nothing', () => {
    const statusOnly = readerAlert(fixture, items, alertBits(['estado']))!;
    expect(statusOnly.payload.title).toBe('Final: Manchester United 1-0 Fulham');
    expect(statusOnly.payload.body).toBe('Gana Manchester United.');
    expect(statusOnly.urgency).toBe('normal');
    expect(readerAlert(fixture, items, alertBits(['rojas', 'alineaciones']))).toBeNull();
  });
});
