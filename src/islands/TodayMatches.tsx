import { useStore } from '@nanostores/react';
import { memo, useState } from 'react';
import { useLiveState } from './use-live-state.ts';
import { showToast } from '../client/toast.ts';
import EmptyState from '../components/ui/EmptyState.tsx';
import { guarded } from '../components/ui/IslandErrorBoundary.tsx';
import MatchGroups from '../components/football/MatchGroups.tsx';
import { formatTime } from '../lib/format/date.ts';
import { scoreboardStore, type ScoreboardProps } from '../lib/live/matchday-store.ts';

export interface TodayMatchesProps extends ScoreboardProps {
  /** `builtAt` as HH:MM in Ecuador, formatted by the build (no Intl formatter during hydration). */
  builtAtTime?: string;
}

/**
 * The list re-renders only when the matches change: the hydration flag, the "actualizado hace …"
 * tick (every 15 s) and the refreshing flag would otherwise redraw every row, each time as one
 * unsliced task, which a slow phone feels.
 */
const ScoreboardGroups = memo(MatchGroups);

function TodayMatchesLive({ date, matches, builtAt, clockOffsetMs, builtAtTime }: TodayMatchesProps) {
  const [store] = useState(() => scoreboardStore({ date, matches, builtAt, clockOffsetMs }, (message) => showToast(message, 'error')));
  const { state, hydrated } = useLiveState(store.$matchday, store.built);
  const updatedAgo = useStore(store.$updatedAgo);
  // The build cannot know how old its data will be when read: until hydrated, say when it was fetched.

  const fetchedAt = hydrated ? '' : (builtAtTime ?? formatTime(builtAt));
  const freshness = hydrated ? updatedAgo : fetchedAt ? `Datos de las ${fetchedAt}` : '';

  return (
    <div data-today-matches data-hydrated={hydrated ? 'true' : 'false'} data-updated-at={state.updatedAt} aria-busy={state.refreshing}>
      <p className="mb-2 h-5 text-xs leading-5 text-muted" data-freshness>
        {freshness}
      </p>
      {state.matches.length ? (
        <ScoreboardGroups matches={state.matches} />
      ) : (
        <EmptyState title="Hoy no hay partidos" description="Consulta el calendario para ver los próximos encuentros.">
          <a href="/calendario" className="inline-flex min-h-11 items-center font-semibold text-link underline">
            Ver calendario
          </a>
        </EmptyState>
      )}
    </div>
  );
}

/** Today's scoreboard: prebuilt with the day's matches, refreshed while a match is live. */
const TodayMatches = guarded(TodayMatchesLive);
export default TodayMatches;
