import { matchTimeline, TIMELINE, type TimelineMarkKind } from '../../lib/match/timeline.ts';
import type { Match } from '../../lib/match/types.ts';

const FILL: Record<TimelineMarkKind, string> = {
  goals: 'fill-success',
  yellow: 'fill-accent',
  red: 'fill-danger',
  changes: 'fill-muted',
};

/**
 * The match along its minutes: goals, cards and changes, the home club's above the line and the away
 * club's below (src/lib/match/timeline.ts). Inline SVG from the build, drawn again by the live
 * island; what it shows is said in its label, and every mark is in the list below it.
 */
export default function MatchTimeline({ match }: { match: Match }) {
  const drawing = matchTimeline(match);
  if (!drawing) return null;
  const { width, height, left } = TIMELINE;
  return (
    <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={drawing.label} className="mb-3 block h-auto w-full max-w-xl" data-timeline={drawing.end}>
      <path d={drawing.axis} className="fill-none stroke-line" strokeWidth="1.5" />
      {drawing.marks.map((mark) => (
        <path key={mark.kind} d={mark.d} className={FILL[mark.kind]} data-kind={mark.kind} data-marks={mark.count} />
      ))}
      <text x={left} y={9} className="fill-muted text-[9px] font-semibold">
        {match.home.shortName ?? match.home.name}
      </text>
      <text x={left} y={height - 2} className="fill-muted text-[9px] font-semibold">
        {match.away.shortName ?? match.away.name}
      </text>
      <text x={drawing.halftimeX} y={9} textAnchor="middle" className="fill-muted text-[8px]">
        {"45'"}
      </text>
    </svg>
  );
}
