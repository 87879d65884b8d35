import { personName } from '../../lib/team/names.ts';
import { eventMinute } from '../../lib/match/parse-detail.ts';
import type { MatchEvent, PersonRef } from '../../lib/match/types.ts';
import type { Match } from '../../lib/match/types.ts';
import { cn } from '../ui/cn.ts';
import EmptyState from '../ui/EmptyState.tsx';
import MatchTimeline from './MatchTimeline.tsx';

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
    <span className="font-semibold text-fg">{personName(person.name)}</span>
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
      {event.kind === 'var' ? ` (${VAR_DETAILS[event.detail.toLowerCase()] ?? event.detail})` : null}
      {isGoal && event.assist ? (
        <>
          {' '}
          (asistencia de <Person person={event.assist} />)
        </>
      ) : null}
    </>
  );
}

/** The events of a match, drawn along the minutes and listed minute by minute, each on its club's side; the empty state when there are none. */
export default function MatchEvents({ match }: { match: Match }) {
  const events = match.details?.events ?? [];
  // Before kick-off there is nothing to retry: the events come with the match.
  if (!events.length)
    return match.kind === 'Fixture' ? <EmptyState title="Aún no hay incidencias" description="Aparecen aquí minuto a minuto en cuanto empiece el partido." /> : <EmptyState />;
  return (
    <>
      <MatchTimeline match={match} />
      <ol className="divide-y divide-line rounded-lg border border-line bg-surface" data-match-events>
        {events.map((event, index) => {
          const away = event.teamId !== null && event.teamId === match.away.id;
          return (
            // Block layout with the minute set in the row's padding: the words and the people flow in the
            // row itself, with no span around them (one element less an event: issue 32's DOM budget).
            <li key={index} className={cn('relative min-h-10 py-2.5 text-sm text-muted', away ? 'pr-[6.75rem] pl-3 text-right' : 'pr-3 pl-[6.75rem]')} data-event-kind={event.kind}>
              {/* The event's icon is the minute's ::after (.event-minute in global.css): one element less an event. */}
              <span
                className={cn(
                  'event-minute absolute top-2 flex w-[5.25rem] items-center justify-between gap-3 font-semibold text-fg tabular-nums',
                  away ? 'right-3 flex-row-reverse' : 'left-3',
                )}
                data-icon={event.kind}
              >
                {eventMinute(event)}
              </span>
              {/* Seen: "Gol:"; heard: "Gol de Emelec:", the side the row stands on said in words. */}
              {KIND_LABEL[event.kind]}
              <span className="sr-only"> de {away ? match.away.name : match.home.name}</span>: <Description event={event} />
            </li>
          );
        })}
      </ol>
    </>
  );
}
