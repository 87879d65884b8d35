import { isShootout } from '../../../contract/events.ts';
import { pluralize } from '../format/numbers.ts';
import { eventMinute } from './parse-detail.ts';
import type { Match, MatchEvent } from './types.ts';

/**
 * A match's timeline drawing (issue 35): its goals, cards and substitutions along the minutes, the
 * home club's above the line and the away club's below, as a few SVG paths (one a kind of mark: the
 * page's elements stay few, issue 32). Pure geometry, drawn by MatchTimeline.tsx at build and again
 * by the live island as events arrive.
 */

export const TIMELINE = { width: 320, height: 76, left: 8, right: 312, axisY: 40, homeY: 29, awayY: 51, step: 7.5 } as const;

export type TimelineMarkKind = 'goals' | 'yellow' | 'red' | 'changes';

export interface TimelineDrawing {
  /** The last minute the line reaches: 90, or more for stoppage or extra time. */
  end: number;
  /** The axis and its ticks at kick-off, half-time and the end of normal time (and of extra time). */
  axis: string;
  /** One path a kind, with how many marks it draws. */
  marks: Array<{ kind: TimelineMarkKind; d: string; count: number }>;
  /** What the drawing shows, in words. */
  label: string;
  /** Where half-time stands on the line. */
  halftimeX: number;
}

const KIND_OF: Partial<Record<MatchEvent['kind'], TimelineMarkKind>> = {
  goal: 'goals',
  'own-goal': 'goals',
  'penalty-goal': 'goals',
  'yellow-card': 'yellow',
  'second-yellow': 'red',
  'red-card': 'red',
  substitution: 'changes',
};

/** Where on the line an event stands: stoppage time squeezed so 45+6 does not sit on 51. */
const playedMinute = (event: MatchEvent) => (event.minute ?? 0) + Math.min(event.extra ?? 0, 4) * 0.5;

const fmt = (n: number) => String(Math.round(n * 10) / 10);

function markPath(kind: TimelineMarkKind, x: number, y: number): string {
  if (kind === 'goals') return `M${fmt(x - 4)} ${fmt(y)}a4 4 0 1 0 8 0a4 4 0 1 0-8 0Z`;
  if (kind === 'changes') return `M${fmt(x - 3)} ${fmt(y - 3.5)}l6 3.5-6 3.5Z`;
  return `M${fmt(x - 2.5)} ${fmt(y - 3.5)}h5v7h-5Z`;
}

/** "12' y 80'" */
const minutesList = (events: MatchEvent[]) => new Intl.ListFormat('es', { type: 'conjunction' }).format(events.map(eventMinute));

function spokenLabel(match: Match, drawn: Array<{ event: MatchEvent; kind: TimelineMarkKind }>): string {
  const goalsOf = (teamId: number) => drawn.filter((d) => d.kind === 'goals' && d.event.teamId === teamId).map((d) => d.event);
  const parts = [match.home, match.away].flatMap((team) => {
    const goals = goalsOf(team.id);
    return goals.length ? [`${pluralize(goals.length, 'gol', 'goles')} de ${team.name} (${minutesList(goals)})`] : [];
  });
  const count = (kind: TimelineMarkKind) => drawn.filter((d) => d.kind === kind).length;
  if (count('yellow')) parts.push(pluralize(count('yellow'), 'tarjeta amarilla', 'tarjetas amarillas'));
  if (count('red')) parts.push(pluralize(count('red'), 'expulsión', 'expulsiones'));
  if (count('changes')) parts.push(pluralize(count('changes'), 'cambio', 'cambios'));
  return `Línea de tiempo del partido: ${parts.length ? new Intl.ListFormat('es', { type: 'conjunction' }).format(parts) : 'sin incidencias'}.`;
}

/** The drawing of a match's events, or null when it has none to draw. */
export function matchTimeline(match: Match): TimelineDrawing | null {
  const drawn = (match.details?.events ?? [])
    .filter((event) => !isShootout(event) && event.teamId !== null && (event.teamId === match.home.id || event.teamId === match.away.id))
    .flatMap((event) => {
      const kind = KIND_OF[event.kind];
      return kind ? [{ event, kind }] : [];
    });
  if (!drawn.length) return null;
  // Extra time when an event's minute is past 90 (90+3 is stoppage time, its minute 90).
  const latest = Math.max(...drawn.map((d) => playedMinute(d.event)));
  const extraTime = drawn.some((d) => (d.event.minute ?? 0) > 90);
  const end = Math.max(extraTime ? 120 : 90, latest);
  const { left, right, axisY, homeY, awayY, step } = TIMELINE;
  const x = (minute: number) => left + (minute / end) * (right - left);
  // Half-time's line crosses the whole drawing, under its "45'"; the other ticks are short.
  const ticks = [0, 90, ...(end >= 120 ? [105, 120] : [])].map((m) => `M${fmt(x(m))} ${axisY - 4}v8`).join('') + `M${fmt(x(45))} 12V${TIMELINE.height - 10}`;
  const axis = `M${left} ${axisY}H${right}${ticks}`;

  // Marks that would overlap on one side stack away from the line, up to three deep.
  const placed: Record<'home' | 'away', number[]> = { home: [], away: [] };
  const paths = new Map<TimelineMarkKind, string[]>();
  for (const { event, kind } of drawn) {
    const side = event.teamId === match.home.id ? 'home' : 'away';
    const at = x(playedMinute(event));
    const level = Math.min(2, placed[side].filter((other) => Math.abs(other - at) < step).length);
    placed[side].push(at);
    const y = side === 'home' ? homeY - level * step : awayY + level * step;
    paths.set(kind, [...(paths.get(kind) ?? []), markPath(kind, at, y)]);
  }
  const order: TimelineMarkKind[] = ['changes', 'yellow', 'red', 'goals'];
  const marks = order.flatMap((kind) => (paths.has(kind) ? [{ kind, d: paths.get(kind)!.join(''), count: paths.get(kind)!.length }] : []));
  return { end, axis, marks, label: spokenLabel(match, drawn), halftimeX: Number(fmt(x(45))) };
}
