import type { Phase } from '../competition/phases.ts';
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

interface Tally {
  points: number;
  goalsDiff: number;
  goalsFor: number;
  played: number;
  name: string;
}

/** Null when the stage has fewer than three rounds played by the club (a line needs a few points to say something). */
export function positionHistory(group: StandingsGroup, phase: Phase, teamId: number): PositionHistory | null {
  const row = group.rows.find((r) => r.team.id === teamId);
  if (!row) return null;
  const tallies = new Map<number, Tally>(group.rows.map((r) => [r.team.id, { points: 0, goalsDiff: 0, goalsFor: 0, played: 0, name: r.team.name }]));
  const points: RoundPosition[] = [];
  for (const [index, round] of phase.rounds.entries()) {
    let counted = false;
    for (const match of round.matches) {
      const home = tallies.get(match.home.id);
      const away = tallies.get(match.away.id);
      if (match.kind !== 'Result' || !home || !away || match.goals.home === null || match.goals.away === null) continue;
      const [h, a] = [match.goals.home, match.goals.away];
      for (const [side, scored, conceded] of [[home, h, a] as const, [away, a, h] as const]) {
        side.played += 1;
        side.goalsFor += scored;
        side.goalsDiff += scored - conceded;
        side.points += scored > conceded ? 3 : scored === conceded ? 1 : 0;
      }
      counted ||= match.home.id === teamId || match.away.id === teamId;
    }
    if (!counted) continue;
    const order = [...tallies.entries()].sort(([, x], [, y]) => y.points - x.points || y.goalsDiff - x.goalsDiff || y.goalsFor - x.goalsFor || x.name.localeCompare(y.name, 'es'));
    points.push({ round: round.number ?? index + 1, label: round.label, position: order.findIndex(([id]) => id === teamId) + 1 });
  }
  if (points.length < 3) return null;
  if (tallies.get(teamId)!.played === row.all.played) points[points.length - 1]!.position = row.rank;
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
