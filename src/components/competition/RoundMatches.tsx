import { Fragment, memo } from 'react';
import MatchRow from '../football/MatchRow.tsx';
import { roundStateText, type RoundView } from '../../lib/competition/round-view.ts';
import { cn } from '../ui/cn.ts';

/** A refresh keeps the objects of unchanged matches (mergeMatches), so only changed rows redraw. */
const Row = memo(MatchRow);

interface RoundMatchesProps {
  round: RoundView;
  /** Heading level of the round's name (its days are one below). */
  level?: 2 | 3 | 4;
}

/**
 * One round of a calendar: its name and state, then its matches by day (Ecuador time), each a
 * scoreboard line linking to the teams and the match. Static in the HTML; redrawn by a live island.
 */
export default function RoundMatches({ round, level = 3 }: RoundMatchesProps) {
  const Heading = `h${level}` as 'h2' | 'h3' | 'h4';
  const DayHeading = `h${level + 1}` as 'h3' | 'h4' | 'h5';
  const matches = round.days.flatMap((d) => d.matches);
  const state = roundStateText(matches);
  const live = matches.some((m) => m.kind === 'Live');
  const kind = state === 'En juego' ? 'in-progress' : state === 'Terminada' ? 'done' : 'pending';
  return (
    <section id={round.anchor} className="scroll-mt-20 overflow-hidden rounded-lg border border-line bg-surface" data-round={round.round} data-round-state={kind}>
      <div className="flex items-center justify-between gap-2 border-b border-line bg-surface-2 px-3 py-2">
        <Heading className="text-sm font-semibold">{round.label}</Heading>
        <span className={cn('shrink-0 text-xs', live ? 'font-semibold text-live' : 'text-muted')}>{state}</span>
      </div>
      {/* Each day's heading and list sit in the round's section: no wrapper (one element less a day). */}
      {round.days.map((day) => (
        <Fragment key={day.day}>
          <DayHeading className="border-b border-line px-3 pt-2 pb-1 text-xs font-semibold text-muted first-letter:uppercase">
            {/* The day in words only (one element less a day): the calendar's and the match pages' JSON-LD carry the dates. */}
            {day.day ? day.heading : 'Fecha por confirmar'}
          </DayHeading>
          <ul className="divide-y divide-line">
            {day.matches.map((match) => (
              <Row key={match.id} match={match} variant="calendar" leg={round.legs?.[match.id]} />
            ))}
          </ul>
        </Fragment>
      ))}
    </section>
  );
}
