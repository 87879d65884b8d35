import { describe, expect, it } from 'vitest';
import { capture } from '../tests/helpers/captures.ts';
import { parseDetailedMatchList } from '../src/lib/match/parse-detail.ts';
import { commentaryOf } from '../src/lib/match/commentary.ts';
import type { ApiFixtureFull } from './api-football.ts';
import { fixtureCommentary, writeCommentary, type CommentaryEvent, type CommentaryInput, type CommentaryLine } from './commentary.ts';

/**
 * The Relato on real provider answers: Manchester United 1-0 Fulham (a finished match with ten
 * substitutions and five yellow cards), Universidad Católica 1-0 Aucas at the 49th minute (a VAR
 * review and a penalty in stoppage time) and Libertad 1-1 Emelec (finished, listed without events).
 */

const finished = (): ApiFixtureFull => capture('fixture-by-id-full.json').response[0];
const livePair = () => capture('liga-pro-fixture-items.json') as { segundoTempo: ApiFixtureFull; agendaFT: ApiFixtureFull };

const byLabel = (lines: CommentaryLine[], label: string) => lines.filter((line) => line.label === label).map((line) => line.text);

describe('fixtureCommentary on real answers', () => {
  it('tells a finished match newest first: the final with the score and statistics, then the goal with its assistant and the score', () => {
    const lines = fixtureCommentary(finished());
    expect(lines[0]).toEqual({
      key: 'fulltime',
      label: 'Final',
      kind: 'fulltime',
      text: '¡Final del partido! Manchester United 1-0 Fulham. Gana Manchester United. Posesión: 55%-45%; tiros a puerta: 5-2; saques de esquina: 7-8.',
    });
    const [goal] = byLabel(lines, "87'");
    expect(goal).toMatch(/^¡Gol de Manchester United! /);
    expect(goal).toContain('J. Zirkzee');
    expect(goal).toMatch(/(pase|asistido por|asistencia) (de )?A\. Garnacho/);
    expect(goal).toMatch(/ Manchester United 1-0 Fulham\.$/);
    expect(lines.at(-1)).toMatchObject({ label: 'Inicio', kind: 'kickoff' });
    expect(lines.at(-1)!.text).toContain('en Old Trafford');
    expect(byLabel(lines, 'Descanso')).toEqual([expect.stringMatching(/Manchester United 0-0 Fulham\.$/)]);
    // The half-time line sits between the 40th minute's card and the 61st minute's changes.
    const order = lines.map((line) => line.label);
    expect(order.indexOf('Descanso')).toBe(order.indexOf("40'") - 1);
    expect(order.indexOf("61'")).toBe(order.indexOf('Descanso') - 2);
  });

  it('names who comes on and who goes off as the provider means them (player leaves, assist comes on)', () => {
    const lines = fixtureCommentary(finished());
    const changes = lines.filter((line) => line.kind === 'substitution').map((line) => line.text);
    expect(changes).toHaveLength(10);
    const swap = (on: string, off: string) => new RegExp(`(entra ${on} por ${off}|sale ${off} y entra ${on}|ingresa ${on} en lugar de ${off})\\.$`.replaceAll('. ', '\\. '));
    expect(byLabel(lines, "61'")).toEqual(expect.arrayContaining([expect.stringMatching(swap('J. Zirkzee', 'M. Mount')), expect.stringMatching(swap('A. Garnacho', 'A. Diallo'))]));
    expect(byLabel(lines, "84'")).toEqual([expect.stringMatching(swap('S. McTominay', 'K. Mainoo'))]);
    expect(byLabel(lines, "90+1'")).toEqual(expect.arrayContaining([expect.stringMatching(swap('H. Reed', 'Andreas Pereira'))]));
    for (const text of changes) expect(text).toMatch(/^(Cambio en|Modificación en|Manchester United mueve|Fulham mueve)/);
  });

  it('gives each yellow card its player, club and the provider’s reason in Spanish', () => {
    const lines = fixtureCommentary(finished());
    expect(byLabel(lines, "40'")).toEqual([expect.stringMatching(/Harry Maguire \(Manchester United\).* por simular una falta\.$/)]);
    expect(byLabel(lines, "70'")).toEqual([expect.stringMatching(/Andreas Pereira \(Fulham\).* por protestar\.$/)]);
    expect(byLabel(lines, "18'")).toEqual([expect.stringMatching(/Mason Mount \(Manchester United\).* por una falta\.$/)]);
  });

  it('tells a live match up to its minute: the VAR review, the penalty with the score, the half-time, no final', () => {
    const lines = fixtureCommentary(livePair().segundoTempo);
    expect(lines.map((line) => line.label)).toEqual(['Descanso', "45+6'", "45+5'", "45+1'", "38'", "33'", "15'", 'Inicio']);
    expect(lines[0]!.text).toMatch(/Universidad Catolica 1-0 Aucas\.$/);
    expect(lines[1]!.kind).toBe('penalty-goal');
    expect(lines[1]!.text).toMatch(/^¡Gol de Universidad Catolica! José Fajardo .*(penal|doce pasos).* Universidad Catolica 1-0 Aucas\.$/);
    expect(lines[2]).toMatchObject({ kind: 'var', text: 'Revisión del VAR: se confirma el penal a favor de Universidad Catolica.' });
    expect(lines.some((line) => line.kind === 'fulltime')).toBe(false);
  });

  it('tells a finished match the provider lists without events by its scores alone', () => {
    const lines = fixtureCommentary(livePair().agendaFT);
    expect(lines.map((line) => [line.label, line.text])).toEqual([
      ['Final', '¡Final del partido! Libertad 1-1 Emelec. Empate.'],
      ['Descanso', expect.stringMatching(/Libertad 1-0 Emelec\.$/)],
      ['Inicio', expect.stringContaining('en el Estadio Federativo Reina del Cisne')],
    ]);
  });

  it('is the same Relato the match page writes from its parsed match', () => {
    for (const fixture of [finished(), livePair().segundoTempo, livePair().agendaFT]) {
      const parsed = parseDetailedMatchList({ response: [fixture] });
      if (!parsed.ok) throw new Error(parsed.error);
      expect(commentaryOf(parsed.value[0]!)).toEqual(fixtureCommentary(fixture));
    }
  });
});

const HOME = { id: 1148, name: 'Emelec' };
const AWAY = { id: 1150, name: 'Barcelona SC' };
const event = (minute: number, teamId: number, kind: CommentaryEvent['kind'], player: string, extra: Partial<CommentaryEvent> = {}): CommentaryEvent => ({
  minute,
  extra: null,
  teamId,
  kind,
  detail: '',
  comments: '',
  player,
  assist: null,
  ...extra,
});
const input = (overrides: Partial<CommentaryInput>): CommentaryInput => ({
  fixtureId: 9100001,
  status: 'FT',
  venue: 'Estadio George Capwell',
  home: HOME,
  away: AWAY,
  goals: { home: 0, away: 0 },
  halftime: { home: 0, away: 0 },
  penalty: { home: null, away: null },
  events: [],
  statistics: [],
  ...overrides,
});

describe('writeCommentary', () => {
  it('says nothing before kick-off', () => {
    expect(writeCommentary(input({ status: 'NS', goals: { home: null, away: null }, halftime: { home: null, away: null } }))).toEqual([]);
  });

  it('counts the players a club has left after each red card', () => {
    const lines = writeCommentary(
      input({ events: [event(30, HOME.id, 'red-card', 'J. Pérez'), event(70, HOME.id, 'second-yellow', 'L. Ortiz'), event(80, AWAY.id, 'red-card', 'M. Castillo')] }),
    );
    expect(byLabel(lines, "30'")).toEqual(['¡Roja directa para J. Pérez! Emelec se queda con diez.']);
    expect(byLabel(lines, "70'")).toEqual(['¡Expulsado L. Ortiz! Segunda amarilla. Emelec se queda con nueve.']);
    expect(byLabel(lines, "80'")).toEqual(['¡Roja directa para M. Castillo! Barcelona SC se queda con diez.']);
  });

  it('credits an own goal to the club the provider credits, and scores it', () => {
    const lines = writeCommentary(input({ goals: { home: 1, away: 0 }, events: [event(12, HOME.id, 'own-goal', 'M. Castillo')] }));
    expect(byLabel(lines, "12'")).toEqual(['¡Gol de Emelec! M. Castillo marca en propia puerta. Emelec 1-0 Barcelona SC.']);
  });

  it('writes no score after a goal when the events do not add up to the provider’s score', () => {
    // The provider says 3-0 but lists two goals: every score written from the events could be wrong.
    const lines = writeCommentary(input({ goals: { home: 3, away: 0 }, events: [event(12, HOME.id, 'goal', 'J. Pérez'), event(50, HOME.id, 'own-goal', 'M. Castillo')] }));
    expect(byLabel(lines, "12'")[0]).not.toMatch(/\d-\d/);
    expect(byLabel(lines, "50'")).toEqual(['Gol en propia puerta de M. Castillo.']);
    expect(lines[0]!.text).toMatch(/^¡Final del partido! Emelec 3-0 Barcelona SC\. Gana Emelec\.$/);
  });

  it('keeps a shootout out of the score and names its winner', () => {
    const shootout = { comments: 'Penalty Shootout' };
    const lines = writeCommentary(
      input({
        status: 'PEN',
        goals: { home: 1, away: 1 },
        halftime: { home: 1, away: 0 },
        penalty: { home: 4, away: 3 },
        events: [event(20, HOME.id, 'goal', 'J. Pérez'), event(75, AWAY.id, 'goal', 'M. Castillo'), event(120, HOME.id, 'penalty-goal', 'L. Ortiz', shootout), event(120, AWAY.id, 'missed-penalty', 'F. Ramírez', { extra: 1, ...shootout })],
      }),
    );
    expect(lines[0]!.text).toBe('¡Final tras la prórroga! Emelec 1-1 Barcelona SC. Emelec se impone en los penales (4-3).');
    expect(byLabel(lines, "75'")[0]).toMatch(/Emelec 1-1 Barcelona SC\.$/);
    expect(byLabel(lines, "120'")).toEqual(['Tanda de penales: L. Ortiz (Emelec) convierte.']);
    expect(byLabel(lines, "120+1'")).toEqual(['Tanda de penales: F. Ramírez (Barcelona SC) falla.']);
  });

  it('words a goal differently from match to match, the same way at every writing of one match', () => {
    const goalIn = (fixtureId: number) => writeCommentary(input({ fixtureId, goals: { home: 1, away: 0 }, events: [event(12, HOME.id, 'goal', 'J. Pérez')] })).find((line) => line.kind === 'goal')!.text;
    const wordings = new Set(Array.from({ length: 40 }, (_, i) => goalIn(9100000 + i).replace(/J\. Pérez|Emelec 1-0 Barcelona SC/g, '')));
    expect(wordings.size).toBeGreaterThanOrEqual(3);
    expect(goalIn(9100007)).toBe(goalIn(9100007));
  });
});
