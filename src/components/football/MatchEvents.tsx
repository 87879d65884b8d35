import { personName } from '../../lib/football/club-names.ts';
import { eventMinute } from '../../lib/football/parse-match-detail.ts';
import type { MatchEvent, PersonRef } from '../../lib/football/types.ts';
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
      {personName(person.name)}
    </a>
  ) : (
    <span className="font-semibold">{personName(person.name)}</span>
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
  return (
    <span aria-hidden="true" className={cn(base, 'bg-success text-on-brand')}>
      <BallIcon />
    </span>
  );
}

/**
 * A ball drawn inline: the ⚽ emoji was a blank box where the system has no emoji font (Debian's
 * Chromium, many Linux desktops), and a goal is the one event a reader must not miss.
 */
function BallIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" data-goal-icon>
      <circle cx="12" cy="12" r="9.5" />
      <path d="M12 7.6l4.2 3-1.6 4.9H9.4l-1.6-4.9z" fill="currentColor" />
      <path d="M12 7.6V2.6M16.2 10.6l4.7-1.5M14.6 15.5l2.9 4M9.4 15.5l-2.9 4M7.8 10.6L3.1 9.1" />
    </svg>
  );
}

function Description({ event }: { event: MatchEvent }) {
  if (event.kind === 'substitution') {
    // The provider's convention (checked against real captures): `player` leaves, `assist` comes on.
    const on = event.assist;
    const off = event.player;
    return (
      <>
        {on ? (
          <>
            Entra <Person person={on} />
          </>
        ) : null}
        {on && off ? ' · ' : null}
        {off ? (
          <>
            {on ? 'sale' : 'Sale'} <Person person={off} />
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
