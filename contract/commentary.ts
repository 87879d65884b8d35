import type { ApiFixtureFull } from './api-football.ts';
import { eventKind, eventMinute, isShootout, SCORING_KINDS, type EventKind } from './events.ts';
import { statisticLabel } from './statistics.ts';
import { isFinishedStatus, isLiveStatus } from './status.ts';

/**
 * The "Relato" (issue 35): a match told minute by minute in Spanish, written by the machine from
 * its events, its score and its statistics, and said to be so wherever it appears. Written once for
 * both sides: the API sends it with a fixture asked for by id (server/store/read/fixtures.ts), and
 * the match page writes it from the same match at build and again as pushes arrive
 * (src/lib/match/commentary.ts), so the page and the API never tell two stories.
 *
 * Nothing is said that the data does not say: a score is written after a goal only when the goals
 * in the events add up to the score the provider gives (a goal the events lack, or an own goal
 * credited otherwise than we read it, would make every later score wrong); a side's players on
 * the pitch are counted from its red cards; a statistic is quoted only when both sides have it.
 */

export const COMMENTARY_NOTICE = 'Relato automático a partir de los datos del partido';

export type CommentaryKind = EventKind | 'kickoff' | 'halftime' | 'fulltime';

export interface CommentaryLine {
  /** Stable within a match (React keys, the page's updates). */
  key: string;
  /** "63'", "45+6'", or the moment's name ("Inicio", "Descanso", "Final"). */
  label: string;
  kind: CommentaryKind;
  text: string;
}

export interface CommentaryEvent {
  minute: number | null;
  extra: number | null;
  teamId: number | null;
  kind: EventKind;
  /** The provider's detail ('Goal cancelled', 'Penalty confirmed' … for VAR). */
  detail: string;
  /** The provider's comment ('Foul', 'Argument', 'Penalty Shootout' …). */
  comments: string;
  /** For a substitution the player leaving, as the provider means it. */
  player: string | null;
  /** For a goal its assistant; for a substitution the player coming on. */
  assist: string | null;
}

interface Pair {
  home: number | null;
  away: number | null;
}

export interface CommentaryInput {
  fixtureId: number;
  /** The provider's short status ('1H', 'HT', 'FT', 'PEN' …). */
  status: string;
  venue: string;
  home: { id: number; name: string };
  away: { id: number; name: string };
  goals: Pair;
  halftime: Pair;
  penalty: Pair;
  events: readonly CommentaryEvent[];
  /** Each side's match statistics by the provider's type ('Ball Possession', 'Shots on Goal' …). */
  statistics: ReadonlyArray<{ teamId: number; values: ReadonlyArray<{ type: string; value: number | string | null }> }>;
}

/** Statuses at which the first half is over. */
const FIRST_HALF_OVER = new Set(['HT', '2H', 'ET', 'BT', 'P', 'FT', 'AET', 'PEN']);
/** Statuses of a match played to its end (not awarded at a desk). */
const PLAYED_TO_THE_END = new Set(['FT', 'AET', 'PEN']);

const CARD_REASONS: Readonly<Record<string, string>> = {
  foul: ' por una falta',
  argument: ' por protestar',
  simulation: ' por simular una falta',
  'time wasting': ' por hacer tiempo',
  handball: ' por una mano',
  'unsportsmanlike conduct': ' por conducta antideportiva',
  roughing: ' por juego brusco',
  'professional foul': ' por una falta táctica',
  'delay of game': ' por demorar la reanudación',
};

const PLAYERS_LEFT = ['once', 'diez', 'nueve', 'ocho', 'siete'];

/** One of a few wordings, the same one for the same event of the same match at every writing. */
function pick<T>(options: readonly T[], fixtureId: number, index: number): T {
  let mixed = Math.imul(fixtureId ^ Math.imul(index + 1, 0x9e3779b1), 0x85ebca6b);
  mixed ^= mixed >>> 15;
  mixed = Math.imul(mixed, 0xc2b2ae35);
  mixed ^= mixed >>> 13;
  return options[(mixed >>> 0) % options.length]!;
}

const known = (pair: Pair): pair is { home: number; away: number } => pair.home !== null && pair.away !== null;

/** The events in the order they happened (the provider lists them so; a late correction may not be). */
function inPlayOrder(events: readonly CommentaryEvent[]): CommentaryEvent[] {
  const at = (e: CommentaryEvent) => (e.minute ?? 0) * 100 + (e.extra ?? 0);
  return events.map((event, index) => ({ event, index })).sort((a, b) => at(a.event) - at(b.event) || a.index - b.index).map(({ event }) => event);
}

/** The score after each scoring event, or null when the events do not add up to the provider's score. */
function runningScores(input: CommentaryInput, events: readonly CommentaryEvent[]): Map<CommentaryEvent, { home: number; away: number }> | null {
  const scores = new Map<CommentaryEvent, { home: number; away: number }>();
  let home = 0;
  let away = 0;
  for (const event of events) {
    if (!SCORING_KINDS.has(event.kind) || isShootout(event)) continue;
    if (event.teamId === input.home.id) home += 1;
    else if (event.teamId === input.away.id) away += 1;
    else return null;
    scores.set(event, { home, away });
  }
  return known(input.goals) && input.goals.home === home && input.goals.away === away ? scores : null;
}

function scoreLine(input: CommentaryInput, score: { home: number; away: number }): string {
  return `${input.home.name} ${score.home}-${score.away} ${input.away.name}`;
}

function statistic(input: CommentaryInput, teamId: number, type: string): string | null {
  const value = input.statistics.find((side) => side.teamId === teamId)?.values.find((v) => v.type.toLowerCase() === type.toLowerCase())?.value;
  return value === null || value === undefined || value === '' ? null : String(value);
}

/** "Posesión: 55%-45%; tiros a puerta: 5-2." (home first, as the score just said, named as the statistics table names them), for what both sides have. */
function statisticsSentence(input: CommentaryInput): string {
  const parts: string[] = [];
  for (const type of ['Ball Possession', 'Shots on Goal', 'Corner Kicks']) {
    const home = statistic(input, input.home.id, type);
    const away = statistic(input, input.away.id, type);
    if (home !== null && away !== null) parts.push(`${statisticLabel(type).toLocaleLowerCase('es')}: ${home}-${away}`);
  }
  if (!parts.length) return '';
  const sentence = parts.join('; ');
  return `${sentence[0]!.toLocaleUpperCase('es')}${sentence.slice(1)}.`;
}

function eventText(input: CommentaryInput, event: CommentaryEvent, index: number, score: { home: number; away: number } | undefined, scoresAddUp: boolean, redCards: Map<number, number>): string | null {
  const team = event.teamId === input.home.id ? input.home.name : event.teamId === input.away.id ? input.away.name : '';
  const player = event.player ?? '';
  const assist = event.assist ?? '';
  const choose = <T,>(options: readonly T[]) => pick(options, input.fixtureId, index);
  const afterGoal = score ? ` ${scoreLine(input, score)}.` : '';
  if (isShootout(event) && (event.kind === 'penalty-goal' || event.kind === 'goal' || event.kind === 'missed-penalty')) {
    const who = `${player}${team ? ` (${team})` : ''}`;
    return event.kind === 'missed-penalty' ? `Tanda de penales: ${who} falla.` : `Tanda de penales: ${who} convierte.`;
  }
  switch (event.kind) {
    case 'goal': {
      if (!player) return `¡Gol de ${team}!${afterGoal}`;
      const sentence = choose([
        assist ? `${player} marca tras el pase de ${assist}.` : `${player} marca.`,
        assist ? `Anota ${player}, asistido por ${assist}.` : `Anota ${player}.`,
        assist ? `${player} la manda al fondo de la red tras la asistencia de ${assist}.` : `${player} la manda al fondo de la red.`,
        assist ? `${player} define a pase de ${assist}.` : `${player} define ante el arquero.`,
      ]);
      return `¡Gol de ${team}! ${sentence}${afterGoal}`;
    }
    case 'penalty-goal': {
      const sentence = player ? choose([`${player} convierte el penal.`, `${player} no perdona desde los doce pasos.`, `${player} cambia el penal por gol.`]) : 'De penal.';
      return `¡Gol de ${team}! ${sentence}${afterGoal}`;
    }
    case 'own-goal':
      // Whose net it was is read from the team the provider credits: said only when the score bears it out.
      return scoresAddUp ? `¡Gol de ${team}! ${player ? `${player} marca en propia puerta.` : 'En propia puerta.'}${afterGoal}` : `Gol en propia puerta${player ? ` de ${player}` : ''}.`;
    case 'missed-penalty': {
      const sentence = choose([`¡Penal fallado! ${player || 'El lanzador'}${team ? ` (${team})` : ''} no convierte desde los doce pasos.`, `¡Se pierde el penal! ${player || 'El lanzador'}${team ? `, de ${team},` : ''} no puede marcar.`]);
      return sentence;
    }
    case 'yellow-card': {
      const reason = CARD_REASONS[event.comments.trim().toLowerCase()] ?? '';
      const who = team ? `${player} (${team})` : player;
      return choose([`Tarjeta amarilla para ${who}${reason}.`, `Amonestado ${who}${reason}.`, `${who} ve la amarilla${reason}.`]);
    }
    case 'second-yellow':
    case 'red-card': {
      const sent = (redCards.get(event.teamId ?? 0) ?? 0) + 1;
      redCards.set(event.teamId ?? 0, sent);
      const left = team ? ` ${team} se queda con ${PLAYERS_LEFT[sent] ?? String(11 - sent)}.` : '';
      return event.kind === 'second-yellow' ? `¡Expulsado ${player}! Segunda amarilla.${left}` : `¡Roja directa para ${player}!${left}`;
    }
    case 'substitution': {
      const on = assist;
      const off = player;
      if (on && off) return choose([`Cambio en ${team}: entra ${on} por ${off}.`, `${team} mueve el banco: sale ${off} y entra ${on}.`, `Modificación en ${team}: ingresa ${on} en lugar de ${off}.`]);
      if (on) return `Cambio en ${team}: entra ${on}.`;
      if (off) return `Cambio en ${team}: sale ${off}.`;
      return `Cambio en ${team}.`;
    }
    case 'var': {
      const detail = event.detail.trim().toLowerCase();
      if (detail === 'goal cancelled') return `Revisión del VAR: se anula el gol${player ? ` de ${player}` : ''}${team ? ` (${team})` : ''}.`;
      if (detail === 'goal confirmed') return `Revisión del VAR: el gol${team ? ` de ${team}` : ''} es válido.`;
      if (detail === 'penalty confirmed') return `Revisión del VAR: se confirma el penal${team ? ` a favor de ${team}` : ''}.`;
      if (detail === 'penalty cancelled') return `Revisión del VAR: no hay penal${team ? ` para ${team}` : ''}.`;
      if (detail === 'card upgrade') return `Revisión del VAR: cambia la tarjeta${player ? ` de ${player}` : ''}.`;
      return `Revisión del VAR${team ? ` en una jugada de ${team}` : ''}.`;
    }
    default:
      return null;
  }
}

function venuePhrase(venue: string): string {
  const name = venue.trim();
  if (!name) return '';
  return /^estadio\b/i.test(name) ? ` en el ${name}` : ` en ${name}`;
}

function fullTimeText(input: CommentaryInput): string {
  const start = input.status === 'AET' || input.status === 'PEN' ? '¡Final tras la prórroga!' : '¡Final del partido!';
  if (!known(input.goals)) return start;
  const { home, away } = input.goals;
  let outcome = home > away ? `Gana ${input.home.name}.` : away > home ? `Gana ${input.away.name}.` : 'Empate.';
  if (input.status === 'PEN' && known(input.penalty) && input.penalty.home !== input.penalty.away) {
    const winner = input.penalty.home > input.penalty.away ? input.home.name : input.away.name;
    outcome = `${winner} se impone en los penales (${input.penalty.home}-${input.penalty.away}).`;
  }
  const statistics = statisticsSentence(input);
  return `${start} ${scoreLine(input, { home, away })}. ${outcome}${statistics ? ` ${statistics}` : ''}`;
}

/** The Relato of a match, newest line first; empty before kick-off. */
export function writeCommentary(input: CommentaryInput): CommentaryLine[] {
  const started = isLiveStatus(input.status) || isFinishedStatus(input.status) || input.events.length > 0;
  if (!started) return [];
  const events = inPlayOrder(input.events);
  const scores = runningScores(input, events);
  const redCards = new Map<number, number>();
  const lines: CommentaryLine[] = [
    {
      key: 'kickoff',
      label: 'Inicio',
      kind: 'kickoff',
      text: pick([`¡Rueda el balón${venuePhrase(input.venue)}! ${input.home.name} y ${input.away.name} ya juegan.`, `¡Arranca el partido${venuePhrase(input.venue)}: ${input.home.name} recibe a ${input.away.name}!`], input.fixtureId, -1),
    },
  ];
  const halftime = (): CommentaryLine => {
    const score = known(input.halftime) ? input.halftime : null;
    const text = score ? pick([`Final del primer tiempo: ${scoreLine(input, score)}.`, `Se va la primera mitad con ${scoreLine(input, score)}.`], input.fixtureId, -2) : 'Final del primer tiempo.';
    return { key: 'halftime', label: 'Descanso', kind: 'halftime', text };
  };
  let halftimeWritten = !FIRST_HALF_OVER.has(input.status);
  events.forEach((event, index) => {
    if (!halftimeWritten && (event.minute ?? 0) > 45) {
      lines.push(halftime());
      halftimeWritten = true;
    }
    const text = eventText(input, event, index, scores?.get(event), scores !== null, redCards);
    if (text) lines.push({ key: `${index}-${event.kind}-${event.minute ?? ''}-${event.extra ?? ''}`, label: eventMinute(event), kind: event.kind, text });
  });
  if (!halftimeWritten) lines.push(halftime());
  if (PLAYED_TO_THE_END.has(input.status)) lines.push({ key: 'fulltime', label: 'Final', kind: 'fulltime', text: fullTimeText(input) });
  return lines.reverse();
}

/** The Relato of a fixture as the API holds it (`/fixtures?id=`: its events and statistics with it). */
export function fixtureCommentary(f: ApiFixtureFull): CommentaryLine[] {
  const name = (value: string | null | undefined) => value?.trim() || null;
  return writeCommentary({
    fixtureId: f.fixture.id,
    status: f.fixture.status.short,
    venue: f.fixture.venue.name ?? '',
    home: { id: f.teams.home.id, name: f.teams.home.name },
    away: { id: f.teams.away.id, name: f.teams.away.name },
    goals: f.goals,
    halftime: f.score.halftime,
    penalty: f.score.penalty,
    events: (f.events ?? []).map((e) => ({
      minute: e.time.elapsed,
      extra: e.time.extra,
      teamId: e.team.id,
      kind: eventKind(e.type, e.detail ?? ''),
      detail: e.detail ?? '',
      comments: e.comments ?? '',
      player: name(e.player.name),
      assist: name(e.assist.name),
    })),
    statistics: (f.statistics ?? []).map((side) => ({ teamId: side.team.id, values: side.statistics })),
  });
}
