import type { TableGroup } from '../../lib/competition/standings.ts';
import StandingsTable from './StandingsTable.tsx';

interface StandingsTablesProps {
  groups: readonly TableGroup[];
  leagueId: number;
  shortNames?: Record<number, string>;
  /** Said beside a table's name, by group name (a provisional table's note). */
  notes?: Record<string, string>;
  /** The page's live script may redraw them (src/client/live-tables.ts). */
  live?: boolean;
}

/** A standings page's tables, one under the other, drawn into the HTML by the build. */
export default function StandingsTables({ groups, leagueId, shortNames, notes, live }: StandingsTablesProps) {
  return (
    <div className="space-y-6">
      {groups.map((group) => (
        <StandingsTable key={group.name} group={group} leagueId={leagueId} shortNames={shortNames} note={notes?.[group.name]} live={live} />
      ))}
    </div>
  );
}
