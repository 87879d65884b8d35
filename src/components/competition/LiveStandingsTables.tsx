import { useMemo, type ReactNode } from 'react';
import { playedByTeam, provisionalTables } from '../../lib/football/provisional.ts';
import type { TableGroup } from '../../lib/football/standings.ts';
import type { ScoreboardMatch } from '../../lib/football/types.ts';
import StandingsTables from './StandingsTables.tsx';

interface LiveStandingsTablesProps {
  /** The tables as the page has them now, and today's matches of the competition with their live scores. */
  live: { groups: readonly TableGroup[]; matches: readonly ScoreboardMatch[] };
  /** The tables the page was built with: which matches they count. */
  built: readonly TableGroup[];
  leagueId: number;
  shortNames?: Record<number, string>;
  /** The build's tables, shown while nothing moved. */
  children?: ReactNode;
}

/**
 * A standings page's tables once one of today's matches is played: the provisional "si terminara
 * ahora" table while it counts a score the standings do not have yet, the real one otherwise. Loaded
 * by the live island only then, so a page whose matches have not started ships none of this.
 */
export default function LiveStandingsTables({ live: { groups, matches }, built, leagueId, shortNames, children }: LiveStandingsTablesProps) {
  const played = useMemo(() => playedByTeam(built), [built]);
  const provisional = useMemo(() => provisionalTables(groups, matches, played), [groups, matches, played]);
  if (!provisional && groups === built) return <>{children}</>;
  return <StandingsTables groups={provisional?.groups ?? groups} leagueId={leagueId} shortNames={shortNames} notes={provisional?.notes} />;
}
