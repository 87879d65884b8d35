import { describe, expect, it } from 'vitest';
import { capture } from '../../../tests/helpers/captures.ts';
import { parseDetailedMatchList } from './parse-detail.ts';
import { matchTimeline, TIMELINE } from './timeline.ts';
import type { Match, MatchEvent } from './types.ts';

/** Manchester United 1-0 Fulham, a real finished match: one goal, five yellow cards, ten changes. */
function finished(): Match {
  const parsed = parseDetailedMatchList(capture('fixture-by-id-full.json'));
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value[0]!;
}

/** The centres of a path's marks (each mark starts with M x y). */
const starts = (d: string) => [...d.matchAll(/M(-?[\d.]+) (-?[\d.]+)/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]) }));
const xOf = (minute: number, end = 90) => TIMELINE.left + (minute / end) * (TIMELINE.right - TIMELINE.left);

describe('matchTimeline', () => {
  it('draws a real match’s goal above the line at its minute, its cards and changes, and says so in words', () => {
    const drawing = matchTimeline(finished())!;
    // Stoppage time (90+1) lengthens the line by half a minute, never to extra time.
    expect(drawing.end).toBe(90.5);
    expect(Object.fromEntries(drawing.marks.map((m) => [m.kind, m.count]))).toEqual({ goals: 1, yellow: 5, changes: 10 });
    const [goal] = starts(drawing.marks.find((m) => m.kind === 'goals')!.d);
    // The home side's goal at 87': the circle's left edge 4 units before its minute, above the line.
    expect(goal!.x).toBeCloseTo(xOf(87, drawing.end) - 4, 1);
    expect(goal!.y).toBeLessThan(TIMELINE.axisY);
    expect(drawing.label).toBe("Línea de tiempo del partido: 1 gol de Manchester United (87'), 5 tarjetas amarillas y 10 cambios.");
    expect(drawing.halftimeX).toBeCloseTo(xOf(45, drawing.end), 1);
  });

  it('draws the away side’s marks below the line and stacks marks of one moment away from it', () => {
    const drawing = matchTimeline(finished())!;
    const changes = starts(drawing.marks.find((m) => m.kind === 'changes')!.d);
    // Fulham's two changes at 78' (below the line), the second one further down.
    const at78 = changes.filter((c) => Math.abs(c.x + 3 - xOf(78, drawing.end)) < 0.2).map((c) => c.y);
    expect(at78).toHaveLength(2);
    expect(Math.min(...at78)).toBeGreaterThan(TIMELINE.axisY);
    expect(at78[1]! - at78[0]!).toBeCloseTo(TIMELINE.step, 5);
  });

  it('leaves out a shootout and a missed penalty, credits an own goal to its side, and runs to 120 with extra time', () => {
    const match = finished();
    const event = (minute: number, teamId: number, kind: MatchEvent['kind'], comments = ''): MatchEvent => ({ minute, extra: null, teamId, teamName: '', player: null, assist: null, kind, detail: '', comments });
    const extra: Match = {
      ...match,
      details: {
        ...match.details!,
        events: [
          event(30, match.away.id, 'own-goal'),
          event(60, match.home.id, 'missed-penalty'),
          event(105, match.home.id, 'goal'),
          event(120, match.home.id, 'penalty-goal', 'Penalty Shootout'),
        ],
      },
    };
    const drawing = matchTimeline(extra)!;
    expect(drawing.end).toBe(120);
    const goals = starts(drawing.marks.find((m) => m.kind === 'goals')!.d);
    expect(goals).toHaveLength(2);
    expect(goals[0]!.y).toBeGreaterThan(TIMELINE.axisY);
    expect(goals[1]!.x).toBeCloseTo(xOf(105, 120) - 4, 1);
    expect(drawing.label).toBe(`Línea de tiempo del partido: 1 gol de ${match.home.name} (105') y 1 gol de ${match.away.name} (30').`);
  });

  it('draws nothing for a match without events', () => {
    expect(matchTimeline({ ...finished(), details: { events: [], lineups: [], statistics: [] } })).toBeNull();
  });
});
