import type { Phase } from '../competition/phases.ts';
import { addResult } from '../competition/provisional.ts';
import type { TableRow } from '../competition/standings.ts';
import { ranked } from '../competition/table-views.ts';
import type { StandingsGroup } from '../competition/types.ts';

/**
 * A club's place in its league's first stage after each round (issue 35), from the results
 * themselves: points, then goal difference, then goals scored, the table's own order. The last
 * point is the stored table's rank when that table has counted as many of the club's matches: the
 * chart never contradicts the table printed above it (a provider's tie-break we do not know, head to
 * head, would otherwise show). Drawn by PositionChart.astro as one SVG line.
 */

export interface RoundPosition {
  round: number;
  label: string;
  position: number;
}

export interface PositionHistory {
  clubs: number;
  points: RoundPosition[];
}

/** Null when the stage has fewer than three rounds played by the club (a line needs a few points to say something). */
export function positionHistory(group: StandingsGroup, phase: Phase, teamId: number): PositionHistory | null {
  const row = group.rows.find((r) => r.team.id === teamId);
  if (!row) return null;
  // Each club's row from zero, counted with the tables' own rules (provisional.ts, table-views.ts).
  const rows = new Map<number, TableRow>(
    group.rows.map((r) => [r.team.id, { rank: 0, team: r.team, points: 0, goalsDiff: 0, form: '', description: '', all: { played: 0, win: 0, draw: 0, lose: 0, goalsFor: 0, goalsAgainst: 0 } }]),
  );
  const points: RoundPosition[] = [];
  for (const [index, round] of phase.rounds.entries()) {
    let counted = false;
    for (const match of round.matches) {
      const home = rows.get(match.home.id);
      const away = rows.get(match.away.id);
      if (match.kind !== 'Result' || !home || !away || match.goals.home === null || match.goals.away === null) continue;
      addResult(home, match.goals.home, match.goals.away);
      addResult(away, match.goals.away, match.goals.home);
      counted ||= match.home.id === teamId || match.away.id === teamId;
    }
    if (!counted) continue;
    points.push({ round: round.number ?? index + 1, label: round.label, position: ranked([...rows.values()]).findIndex((r) => r.team.id === teamId) + 1 });
  }
  if (points.length < 3) return null;
  if (rows.get(teamId)!.all.played === row.all.played) points[points.length - 1]!.position = row.rank;
  return { clubs: group.rows.length, points };
}

export const CHART = { width: 320, height: 120, left: 26, right: 312, top: 10, bottom: 100 } as const;

/** The line through the club's places (1st at the top) and where each round stands. */
export function positionLine(history: PositionHistory): { d: string; x: (round: number) => number; y: (position: number) => number } {
  const { left, right, top, bottom } = CHART;
  const first = history.points[0]!.round;
  const last = history.points.at(-1)!.round;
  const x = (round: number) => Math.round((left + ((round - first) / Math.max(1, last - first)) * (right - left)) * 10) / 10;
  const y = (position: number) => Math.round((top + ((position - 1) / Math.max(1, history.clubs - 1)) * (bottom - top)) * 10) / 10;
  const d = history.points.map((p, i) => `${i ? 'L' : 'M'}${x(p.round)} ${y(p.position)}`).join('');
  return { d, x, y };
}

/** "Primera Etapa, fecha a fecha: mejor puesto 2.º (fecha 12), peor 12.º (fecha 1); 4.º tras la fecha 30." */
export function positionSummary(history: PositionHistory, stage: string): string {
  const best = history.points.reduce((a, b) => (b.position < a.position ? b : a));
  const worst = history.points.reduce((a, b) => (b.position > a.position ? b : a));
  const now = history.points.at(-1)!;
  const round = (p: RoundPosition) => p.label.toLocaleLowerCase('es');
  return `${stage}, fecha a fecha: mejor puesto ${best.position}.º (${round(best)}), peor ${worst.position}.º (${round(worst)}); ${now.position}.º tras la ${round(now)}.`;
}
