import { isCancelledStatus, isFinishedStatus } from '../../../contract/status.ts';
import type { ScoreboardMatch } from '../match/types.ts';

/*
 * What a browser needs to draw a round (the live island): no date formatting here, so hydrating
 * costs no Intl formatter (see phases.ts toRoundView, which formats at build time).
 */

/**
 * A round as a list draws it (static or in an island): scoreboard-sized matches and the day
 * headings already formatted, so a browser redrawing it needs no Intl date formatter.
 */
export interface RoundView {
  round: string;
  label: string;
  anchor: string;
  days: Array<{ day: string; heading: string; matches: ScoreboardMatch[] }>;
  /** A knockout round's legs by match id ("Ida", "Global 4-2"; bracket.ts legLabels). */
  legs?: Record<number, string>;
}

/** The state of a list of scoreboard matches (a round), as its header says it. */
export function roundStateText(matches: readonly ScoreboardMatch[]): string {
  if (matches.some((m) => m.kind === 'Live')) return 'En juego';
  const settled = matches.filter((m) => isFinishedStatus(m.status.short) || isCancelledStatus(m.status.short)).length;
  if (settled === matches.length) return 'Terminada';
  // A round with some matches played is "En juego" too: one word for a round under way, live or not.
  return settled > 0 ? 'En juego' : 'Por jugar';
}
