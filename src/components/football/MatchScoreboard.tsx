import { competitionPath, hasScore, liveClock, roundLabel, statusLabel } from '../../lib/match/scoreboard.ts';
import type { Match, MatchTeam } from '../../lib/match/types.ts';
import { cn } from '../ui/cn.ts';
import Crest from './Crest.tsx';
import TeamName from './TeamName.tsx';

interface MatchScoreboardProps {
  match: Match;
  /** Kick-off as the build formatted it ("sábado, 22 de noviembre de 2026, 20:30"), so hydration needs no Intl. */
  kickoffText: string;
}

function Side({ team, won }: { team: MatchTeam; won: boolean }) {
  const body = (
    <>
      <Crest src={team.logo} size={64} className="size-12 sm:size-16" />
      {/* Whole words only, the name fans use on a phone (TeamName); 13 px and a narrower
          score column on a phone so a one-word name as long as "Independiente" fits whole. */}
      <TeamName team={team} className={cn('text-center text-[13px] leading-tight sm:text-lg', won ? 'font-bold' : 'font-semibold')} />
    </>
  );
  const cls = 'flex min-w-0 flex-col items-center gap-2 rounded-lg p-1 sm:p-2';
  return team.id > 0 ? (
    <a href={`/equipos/${team.id}`} className={cn(cls, 'hover:bg-surface-2')} data-won={won ? 'header' : undefined}>
      {body}
    </a>
  ) : (
    <span className={cls}>{body}</span>
  );
}

/** The match page's header: both clubs, the score or kick-off, and the state of play. */
export default function MatchScoreboard({ match, kickoffText }: MatchScoreboardProps) {
  const live = match.kind === 'Live';
  const scored = hasScore(match);
  const pens = match.score.penalty;
  const shootOut = pens.home !== null && pens.away !== null;
  const ht = match.score.halftime;
  // The half-time score once the first half is over (the provider may fill it from kick-off on).
  const halftime = ht.home !== null && ht.away !== null && match.kind !== 'Fixture' && !['1H', 'HT'].includes(match.status.short) ? `${ht.home}-${ht.away}` : null;
  const afterExtraTime = match.kind === 'Result' && !shootOut && (match.status.short === 'AET' || match.score.extratime.home !== null);
  const state = live ? liveClock(match) : statusLabel(match.status.short);
  const teams = `${match.home.name} contra ${match.away.name}`;
  const spoken = scored
    ? `${match.home.name} ${match.goals.home}, ${match.away.name} ${match.goals.away}${shootOut ? `; ${pens.home} a ${pens.away} en penales` : afterExtraTime ? ', tras prórroga' : ''}${halftime ? `; al descanso, ${halftime}` : ''}`
    : teams;
  return (
    <div className="rounded-xl border border-line bg-surface p-3 sm:p-5" data-match-scoreboard data-match-kind={match.kind}>
      <p className="mb-3 flex flex-col items-center justify-center gap-x-2 text-center text-sm text-muted sm:flex-row sm:flex-wrap">
        <a href={competitionPath(match.league.id)} className="inline-flex min-h-11 items-center gap-1.5 font-semibold text-link hover:underline">
          <Crest src={match.league.logo} size={20} className="size-5" />
          {match.league.name}
        </a>
        {/* On a phone the round goes under the competition, where a leading '·' would dangle. */}
        {match.league.round ? (
          <span>
            <span aria-hidden="true" className="hidden sm:inline">
              ·{' '}
            </span>
            {roundLabel(match.league.round, match.league.id)}
          </span>
        ) : null}
      </p>
      {/* Three columns of their own, not a row of growing boxes: a page that arrives in pieces paints
          the score in its place before the away club is there (it slid from the right edge). The middle
          column's least width holds even while it is empty, so the home club is not moved by its arrival. */}
      <div className="grid grid-cols-[minmax(0,1fr)_minmax(5.5rem,auto)_minmax(0,1fr)] items-start gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(6.5rem,auto)_minmax(0,1fr)]">
        <Side team={match.home} won={match.kind === 'Result' && match.home.winner === true} />
        {/* Under Sin spoilers the summary gives way to its words without the result (global.css, as in MatchRow). */}
        <div className="flex flex-col items-center pt-2 text-center" data-unspoiled={scored ? '' : undefined}>
          <p className="sr-only" data-said>
            {spoken}
          </p>
          {scored ? (
            <p className="sr-only" data-unsaid="">
              {teams}, resultado oculto
            </p>
          ) : null}
          <p aria-hidden="true" className="text-3xl font-bold whitespace-nowrap tabular-nums sm:text-4xl" data-score data-spoiler={scored ? '' : undefined}>
            {scored ? `${match.goals.home} - ${match.goals.away}` : live ? '- -' : 'vs.'}
          </p>
          {shootOut ? (
            <p aria-hidden="true" className="text-sm font-semibold tabular-nums" data-penalties data-spoiler>
              {pens.home}-{pens.away} (pen.)
            </p>
          ) : null}
          {afterExtraTime ? (
            <p aria-hidden="true" className="text-sm text-muted" data-extra-time>
              tras prórroga
            </p>
          ) : null}
          <p className={cn('mt-1 flex items-center gap-1 text-sm', live ? 'font-semibold text-live' : 'text-muted')} data-match-clock>
            {live ? <span className="inline-flex size-2 rounded-full bg-live" aria-hidden="true" /> : null}
            {live ? `En vivo · ${state}` : state}
          </p>
          {halftime ? (
            <p aria-hidden="true" className="text-xs text-muted tabular-nums" data-halftime data-spoiler>
              Descanso: {halftime}
            </p>
          ) : null}
        </div>
        <Side team={match.away} won={match.kind === 'Result' && match.away.winner === true} />
      </div>
      <p className="mt-3 text-center text-sm text-muted first-letter:uppercase">
        <time dateTime={match.date}>{kickoffText}</time>
      </p>
    </div>
  );
}
