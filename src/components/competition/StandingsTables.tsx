import { memo } from 'react';
import type { TableGroup } from '../../lib/football/standings.ts';
import StandingsTable from './StandingsTable.tsx';

interface StandingsTablesProps {
  groups: readonly TableGroup[];
  leagueId: number;
  shortNames?: Record<number, string>;
  /** Said beside a table's name, by group name (a provisional table's note). */
  notes?: Record<string, string>;
}

/**
 * A standings page's tables, one under the other: drawn into the HTML by the build and, only once a
 * refresh brings different standings, by the live island (which loads this file then, so a reader
 * whose tables never move downloads none of the table's code).
 */
export default memo(function StandingsTables({ groups, leagueId, shortNames, notes }: StandingsTablesProps) {
  return (
    <div className="space-y-6">
      {groups.map((group) => (
        <StandingsTable key={group.name} group={group} leagueId={leagueId} shortNames={shortNames} note={notes?.[group.name]} />
      ))}
    </div>
  );
});
