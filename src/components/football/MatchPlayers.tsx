import { formatRating, hasRatings } from '../../lib/football/match-players.ts';
import type { MatchPlayerTeam } from '../../lib/football/types.ts';
import { cn } from '../ui/cn.ts';
import EmptyState from '../ui/EmptyState.tsx';

/**
 * Each team's players who took part, as `/fixtures/players` gives them: minutes, goals, assists,
 * cards and, only when the data has one, the match rating ("7,3"). Unused substitutes are left out.
 * Drawn by the build for a finished match, and by the live match island while one is played (the
 * minutes run with the clock).
 */
const num = 'px-1.5 py-1.5 text-right tabular-nums';
const zero = (n: number) => (n > 0 ? String(n) : '–');

function Heading({ title, children, last }: { title: string; children: string; last?: boolean }) {
  return (
    <th scope="col" className={cn(num, 'font-semibold', last && 'pr-3')} title={title} aria-label={title}>{children}</th>
  );
}

export default function MatchPlayers({ teams }: { teams: MatchPlayerTeam[] }) {
  const shown = teams.map((t) => ({ ...t, players: t.players.filter((p) => p.minutes !== null) })).filter((t) => t.players.length > 0);
  const ratings = hasRatings(shown);
  if (shown.length === 0) return <EmptyState />;
  return (
    <div className="grid gap-4 md:grid-cols-2" data-match-players>
      {shown.map((team) => (
        <div key={team.team.id ?? team.team.name} className="overflow-x-auto rounded-lg border border-line bg-surface">
          <table className="w-full text-sm" data-match-players-team={team.team.id ?? ''}>
            <caption className="border-b border-line bg-surface-2 px-3 py-2 text-left font-semibold">{team.team.name}</caption>
            <thead>
              <tr className="text-xs text-muted">
                <th scope="col" className="px-2 py-1.5 text-left font-semibold">
                  Jugador
                </th>
                <Heading title="Minutos jugados">Min.</Heading>
                {ratings && <Heading title="Valoración del partido">Nota</Heading>}
                <Heading title="Goles">G</Heading>
                <Heading title="Asistencias">A</Heading>
                <Heading title="Tarjetas amarillas">TA</Heading>
                <Heading title="Tarjetas rojas" last>
                  TR
                </Heading>
              </tr>
            </thead>
            <tbody className="divide-y divide-line border-t border-line">
              {team.players.map((p, i) => (
                <tr key={p.id ?? `${p.name}-${i}`} data-player-line={p.id ?? ''}>
                  <th scope="row" className="px-2 py-1.5 text-left font-normal">
                    {p.id ? (
                      <a href={`/jugadores/${p.id}`} className="text-link hover:underline">
                        {p.name}
                      </a>
                    ) : (
                      p.name
                    )}
                    {p.substitute && <span className="ml-1 text-xs text-muted">(supl.)</span>}
                  </th>
                  <td className={num} data-minutes>
                    {p.minutes}
                  </td>
                  {ratings && (
                    <td className={num} data-rating>
                      {formatRating(p.rating) || '–'}
                    </td>
                  )}
                  <td className={cn(num, p.goals > 0 && 'font-bold')} data-goals>
                    {zero(p.goals)}
                  </td>
                  <td className={num}>{zero(p.assists)}</td>
                  <td className={num}>{zero(p.yellow)}</td>
                  <td className={cn(num, 'pr-3')}>{zero(p.red)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}
