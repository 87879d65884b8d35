import { compareStatistics } from '../../lib/match/detail-view.ts';
import type { Match, TeamMatchStatistics } from '../../lib/match/types.ts';
import type { CSSProperties } from 'react';
import EmptyState from '../ui/EmptyState.tsx';
import TeamName from './TeamName.tsx';

/**
 * Home vs away per statistic type, as two bars meeting in the middle (no element: the name cell's
 * ::after, a gradient; .stat-bar in global.css). Drawn by the build for a
 * finished match, and by the live match island while one is played (the figures move with it).
 */
export default function MatchStatistics({ match, statistics }: { match: Pick<Match, 'home' | 'away' | 'kind'>; statistics: TeamMatchStatistics[] }) {
  const home = statistics.find((s) => s.team.id === match.home.id) ?? statistics[0];
  const away = statistics.find((s) => s.team.id === match.away.id) ?? statistics[1];
  const rows = compareStatistics(home, away);
  if (rows.length === 0) return match.kind === 'Fixture' ? <EmptyState title="Aún no hay estadísticas" description="Se publican durante el partido." /> : <EmptyState />;
  return (
    <div className="overflow-x-auto rounded-lg border border-line bg-surface">
      <table className="w-full text-sm" data-match-statistics>
        <caption className="sr-only">
          Estadísticas: {match.home.name} contra {match.away.name}
        </caption>
        <thead>
          <tr className="text-xs text-muted">
            <th scope="col" className="px-3 py-2 text-left font-semibold">
              <TeamName team={match.home} />
            </th>
            <th scope="col" className="px-3 py-2 text-center font-semibold">
              Estadística
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              <TeamName team={match.away} />
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line border-t border-line">
          {rows.map((row) => (
            <tr key={row.type} data-statistic={row.type}>
              <td className="w-16 px-3 py-2 text-left font-semibold tabular-nums">{row.home}</td>
              <th
                scope="row"
                className={row.homeShare === null ? 'px-3 py-2 text-center font-normal' : 'stat-bar px-3 py-2 text-center font-normal'}
                style={row.homeShare === null ? undefined : ({ '--home': `${(row.homeShare * 100).toFixed(1)}%` } as CSSProperties)}
              >
                {row.label}
              </th>
              <td className="w-16 px-3 py-2 text-right font-semibold tabular-nums">{row.away}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
