import { eventMinute, type MatchEvent, type PersonRef } from '../../lib/football/parse-match-detail.ts';
import type { Match } from '../../lib/football/types.ts';
import { cn } from '../ui/cn.ts';
import EmptyState from '../ui/EmptyState.tsx';

const KIND_LABEL: Record<MatchEvent['kind'], string> = {
  goal: 'Gol',
  'own-goal': 'Gol en contra',
  'penalty-goal': 'Gol de penal',
  'missed-penalty': 'Penal fallado',
  'yellow-card': 'Tarjeta amarilla',
  'red-card': 'Tarjeta roja',
  'second-yellow': 'Segunda amarilla',
  substitution: 'Cambio',
  var: 'VAR',
  other: 'Incidencia',
};

const VAR_DETAILS: Record<string, string> = {
  'goal cancelled': 'gol anulado',
  'penalty confirmed': 'penal confirmado',
  'penalty cancelled': 'penal anulado',
  'goal confirmed': 'gol confirmado',
  'card upgrade': 'cambio de tarjeta',
};

function Person({ person }: { person: PersonRef }) {
  return person.id ? (
    <a href={`/jugadores/${person.id}`} className="font-semibold text-link hover:underline">
      {person.name}
    </a>
  ) : (
    <span className="font-semibold">{person.name}</span>
  );
}

function Icon({ kind }: { kind: MatchEvent['kind'] }) {
  const base = 'inline-flex size-6 shrink-0 items-center justify-center rounded text-xs font-bold';
  if (kind === 'yellow-card') return <span aria-hidden="true" className={cn(base, 'bg-accent text-on-accent')}>▮</span>;
  if (kind === 'red-card' || kind === 'second-yellow') return <span aria-hidden="true" className={cn(base, 'bg-danger text-on-brand')}>▮</span>;
  if (kind === 'substitution') return <span aria-hidden="true" className={cn(base, 'bg-surface-2')}>⇄</span>;
  if (kind === 'var') return <span aria-hidden="true" className={cn(base, 'bg-surface-2 text-[10px]')}>VAR</span>;
  if (kind === 'missed-penalty') return <span aria-hidden="true" className={cn(base, 'bg-surface-2')}>✕</span>;
  if (kind === 'other') return <span aria-hidden="true" className={cn(base, 'bg-surface-2')}>•</span>;
  return <span aria-hidden="true" className={cn(base, 'bg-success text-on-brand')}>⚽</span>;
}

function Description({ event }: { event: MatchEvent }) {
  if (event.kind === 'substitution') {
    return (
      <>
        Entra {event.player ? <Person person={event.player} /> : 'un jugador'}
        {event.assist ? (
          <>
            , sale <Person person={event.assist} />
          </>
        ) : null}
      </>
    );
  }
  const isGoal = event.kind === 'goal' || event.kind === 'penalty-goal' || event.kind === 'own-goal';
  return (
    <>
      {event.player ? <Person person={event.player} /> : null}
      {event.kind === 'var' ? <span className="text-muted"> ({VAR_DETAILS[event.detail.toLowerCase()] ?? event.detail})</span> : null}
      {isGoal && event.assist ? (
        <span className="text-muted">
          {' '}
          (asistencia de <Person person={event.assist} />)
        </span>
      ) : null}
    </>
  );
}

/** The events of a match, minute by minute, each on its club's side; the empty state when there are none. */
export default function MatchEvents({ match }: { match: Match }) {
  const events = match.details?.events ?? [];
  if (!events.length) return <EmptyState />;
  return (
    <ol className="divide-y divide-line rounded-lg border border-line bg-surface" data-match-events>
      {events.map((event, index) => {
        const away = event.teamId !== null && event.teamId === match.away.id;
        return (
          <li key={index} className={cn('flex items-center gap-3 px-3 py-2 text-sm', away && 'flex-row-reverse text-right')} data-event-kind={event.kind}>
            <span className="w-12 shrink-0 font-semibold tabular-nums">{eventMinute(event)}</span>
            <Icon kind={event.kind} />
            <span className="min-w-0 flex-1">
              <span className="sr-only">{KIND_LABEL[event.kind]} de {away ? match.away.name : match.home.name}: </span>
              <span aria-hidden="true" className="mr-1 text-muted">{KIND_LABEL[event.kind]}:</span>
              <Description event={event} />
            </span>
          </li>
        );
      })}
    </ol>
  );
}
