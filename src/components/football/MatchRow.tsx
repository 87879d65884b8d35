import { hasScore, kickoffTime, liveClock, statusLabel } from '../../lib/match/scoreboard.ts';
import { RESULT_FILL, type FormResult } from '../../lib/competition/standings.ts';
import type { MatchTeam, ScoreboardMatch } from '../../lib/match/types.ts';
import { formatListDate, formatShortDate, type DateListYears } from '../../lib/format/date.ts';
import { isUpcomingStatus } from '../../../contract/status.ts';
import { cn } from '../ui/cn.ts';
import Crest from './Crest.tsx';
import TeamName, { phoneOnlyName } from './TeamName.tsx';

/** 'calendar' also names a scheduled match's state ("Por jugar") under its kickoff. */
export type MatchRowVariant = 'scoreboard' | 'results' | 'calendar';

interface MatchRowProps {
  match: ScoreboardMatch;
  /** 'results' shows the match date under the score (lists spanning several days). */
  variant?: MatchRowVariant;
  /** The years of the list the row is in ('results'): its date then carries the year when needed. */
  years?: DateListYears;
  /** A knockout leg ('calendar'): "Ida", "Vuelta", "Global 4-2", said under the score instead of the state. */
  leg?: string;
  /**
   * A line above the row, in it (a club's form on a match page): what the club got, as a G/E/P
   * badge, and the competition and round. One element of the row, not a list around it.
   */
  caption?: { result: FormResult | null; text: string };
  /** False for a match the site has no page for (a meeting of an earlier season): its score links nowhere. */
  linked?: boolean;
}

/** The caption's line: the result's badge (its word is its name) and the competition. */
function Caption({ result, text }: NonNullable<MatchRowProps['caption']>) {
  return (
    <p className="col-span-3 flex items-center gap-2 px-1.5 pt-0.5 text-xs text-muted sm:px-0" data-form-competition>
      {result && (
        <span
          role="img"
          aria-label={`${result.label}:`}
          title={result.label}
          className={cn('inline-flex size-5 items-center justify-center rounded text-[11px] font-bold sm:size-6 sm:text-xs', RESULT_FILL[result.letter])}
          data-form={result.letter}
          data-spoiler
          data-unspoiled-label="Resultado oculto:"
        >
          {result.short}
        </span>
      )}
      {text}
    </p>
  );
}

function TeamCell({ team, side, emphasis }: { team: MatchTeam; side: 'home' | 'away'; emphasis: boolean }) {
  // 12 px on a phone: a one-word name as long as "Independiente" then fits half a 390 px row in bold.
  const text = cn('text-xs leading-tight sm:text-sm', emphasis && 'font-bold');
  // A club without a phone name is the cell's own text: two elements less a match row (issue 32's DOM budget).
  const ownText = !phoneOnlyName(team);
  const content = (
    <>
      <Crest src={team.logo} className="size-5 sm:size-6" />
      {ownText ? team.name : <TeamName team={team} className={cn('min-w-0', text)} switchAt="row" />}
    </>
  );
  const layout = cn('flex min-h-11 min-w-0 items-center gap-1 rounded-md px-0.5 sm:gap-2 sm:px-1', side === 'home' && 'flex-row-reverse text-right', ownText && text);
  // `data-won`: Sin spoilers draws the winner as the loser (global.css), the bold would tell the result.
  const name = { ...(ownText ? { 'data-proper-name': true } : {}), ...(emphasis ? { 'data-won': 'row' } : {}) };
  // Teams without an id (spec default names) have no page to link to.
  return team.id > 0 ? (
    <a href={`/equipos/${team.id}`} className={cn(layout, 'hover:bg-surface-2')} {...name}>
      {content}
    </a>
  ) : (
    <span className={layout} {...name}>
      {content}
    </span>
  );
}

function penaltiesText(match: ScoreboardMatch): string {
  const { home, away } = match.score.penalty;
  return home !== null && away !== null ? `Pen. ${home}-${away}` : '';
}

/** The two lines of the centre cell: the score (or kickoff) and what state the match is in. */
function centre(match: ScoreboardMatch, variant: MatchRowVariant, years?: DateListYears, leg?: string): { main: string; detail: string; live: boolean } {
  const day = () => (years ? formatListDate(match.date, years) : formatShortDate(match.date));
  if (match.kind === 'Live') {
    return { main: hasScore(match) ? `${match.goals.home} - ${match.goals.away}` : '- -', detail: liveClock(match), live: true };
  }
  if (match.kind === 'Result') {
    const main = hasScore(match) ? `${match.goals.home} - ${match.goals.away}` : statusLabel(match.status.short);
    const detail = variant === 'results' ? day() : penaltiesText(match) || leg || statusLabel(match.status.short);
    return { main, detail, live: false };
  }
  const scheduled = isUpcomingStatus(match.status.short);
  const kickoff = kickoffTime(match);
  if (scheduled) {
    const detail = variant === 'results' ? day() : variant === 'calendar' ? leg || 'Por jugar' : '';
    return { main: kickoff || 'Por definir', detail, live: false };
  }
  return { main: kickoff || '–', detail: statusLabel(match.status.short), live: false };
}

/**
 * What a screen reader hears for the match link: teams, score or kickoff, and state. `hidden`: the
 * same without the result, for Sin spoilers (see the row's summary below).
 */
function spokenSummary(match: ScoreboardMatch, hidden = false): string {
  const teams = `${match.home.name} contra ${match.away.name}`;
  const score = !hasScore(match) ? teams : hidden ? `${teams}, resultado oculto` : `${match.home.name} ${match.goals.home}, ${match.away.name} ${match.goals.away}`;
  if (match.kind === 'Live') {
    const clock = liveClock(match);
    const moment = /\d/.test(clock) ? `minuto ${clock.replace("'", '')}` : clock;
    return `En vivo, ${moment}: ${score}.`;
  }
  if (match.kind === 'Result') {
    const { home, away } = match.score.penalty;
    return `${statusLabel(match.status.short)}: ${score}${!hidden && home !== null && away !== null ? `; ${home} a ${away} en penales` : ''}.`;
  }
  const kickoff = kickoffTime(match);
  return match.status.short === 'NS' && kickoff ? `${teams}, a las ${kickoff}.` : `${teams}: ${statusLabel(match.status.short)}.`;
}

/**
 * One match as a scoreboard line: home team, score or kickoff (the link to the match), away team.
 * Every state keeps the same two-line centre so a refresh never changes the row's height.
 */
export default function MatchRow({ match, variant = 'scoreboard', years, leg, caption, linked = true }: MatchRowProps) {
  const { main, detail, live } = centre(match, variant, years, leg);
  const Centre = linked ? 'a' : 'span';
  const seeMatch = linked ? ' Ver partido.' : '';
  const homeWon = match.kind === 'Result' && match.home.winner === true;
  const awayWon = match.kind === 'Result' && match.away.winner === true;
  return (
    <li
      className="@container grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-center gap-1 px-1.5 py-1 sm:gap-2 sm:px-3"
      data-match-id={match.id}
      data-match-kind={match.kind}
      data-form-match={caption ? match.id : undefined}
    >
      {caption && <Caption {...caption} />}
      <TeamCell team={match.home} side="home" emphasis={homeWon} />
      <Centre
        href={linked ? `/partidos/${match.id}` : undefined}
        className={cn(
          'flex min-h-11 shrink-0 flex-col items-center justify-center rounded-md px-1 py-1 text-center',
          linked && 'hover:ring-2 hover:ring-brand',
          // A date under the score ("mié, 28 oct", "14 sept 2025") needs more room than a clock.
          variant === 'results' ? 'w-[5.75rem]' : 'w-[4.5rem] sm:w-[5.25rem]',
          live ? 'bg-live/10' : 'bg-surface-2',
        )}
        // Sin spoilers: the summary gives way to the same words without the result (global.css).
        data-unspoiled={hasScore(match) ? '' : undefined}
      >
        {/* Said instead of the two lines seen (an aria-label would not contain the visible score, as
            WCAG 2.5.3 asks). Hidden text is laid out too, and on Linux each font size and weight the
            page has not used yet costs Chromium a synchronous font lookup in that first layout:
            text-sm is already in use. */}
        <span className="sr-only text-sm" data-said>
          {spokenSummary(match)}
          {seeMatch}
        </span>
        {hasScore(match) ? (
          <span className="sr-only" data-unsaid="">
            {spokenSummary(match, true)}
            {seeMatch}
          </span>
        ) : null}
        <span aria-hidden="true" className="text-base leading-5 font-bold whitespace-nowrap tabular-nums" data-spoiler={hasScore(match) ? '' : undefined}>
          {main}
        </span>
        {detail ? (
          // A live match's dot is the clock's ::before, a still one: an endless pulse kept the
          // compositor drawing 60 frames a second for as long as a live match was on screen. That
          // drains a phone's battery, and on the bench host it cost about 0.2 s of CPU per second
          // while the page loaded.
          <span
            aria-hidden="true"
            className={cn(
              'flex h-4 items-center gap-1 text-xs leading-4 whitespace-nowrap',
              live ? 'font-semibold text-live before:size-2 before:shrink-0 before:rounded-full before:bg-live' : 'text-muted',
            )}
            data-live-indicator={live ? '' : undefined}
            data-match-clock
          >
            {detail}
          </span>
        ) : null}
      </Centre>
      <TeamCell team={match.away} side="away" emphasis={awayWon} />
    </li>
  );
}
