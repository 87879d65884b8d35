import type { MatchTeam } from '../../lib/match/types.ts';
import { cn } from '../ui/cn.ts';

/**
 * A club's name wraps at spaces only (a name broken inside a word, or cut to "Universita…", read as
 * a typo), so a row grows a line for a long name rather than hiding part of it. A phone shows the
 * name fans use where the build gave one (IDV for Independiente del Valle); screen readers hear the
 * full name everywhere.
 */
/** The name a phone shows instead of the full one, or null when the club has none of its own. */
export function phoneOnlyName(team: MatchTeam): string | null {
  return team.shortName && team.shortName !== team.name ? team.shortName : null;
}

/**
 * Where the full name replaces the short one: from the `sm` viewport up, or (`row`) from a match row 28rem
 * wide up, the row being a container: a row in a page's side column at 1280 px is as narrow as a phone's.
 */
const SWITCH = {
  viewport: { short: 'sm:hidden', full: 'sr-only sm:not-sr-only' },
  row: { short: '@md:hidden', full: 'sr-only @md:not-sr-only' },
} as const;

export default function TeamName({ team, className, switchAt = 'viewport' }: { team: MatchTeam; className?: string; switchAt?: keyof typeof SWITCH }) {
  const short = phoneOnlyName(team);
  if (!short) {
    return (
      <span className={className} data-proper-name>
        {team.name}
      </span>
    );
  }
  // No wrapper: the two names are siblings in their row (one is always out of the flow), and every
  // match row has two of them.
  return (
    <>
      <span aria-hidden="true" className={cn(className, SWITCH[switchAt].short)} data-proper-name>
        {short}
      </span>
      <span className={cn(className, SWITCH[switchAt].full)} data-proper-name>
        {team.name}
      </span>
    </>
  );
}
