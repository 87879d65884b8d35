import { useStore } from '@nanostores/react';
import { memo, useEffect, useState } from 'react';
import { showToast } from '../client/toast.ts';
import EmptyState from '../components/ui/EmptyState.tsx';
import { guarded } from '../components/ui/IslandErrorBoundary.tsx';
import MatchGroups from '../components/football/MatchGroups.tsx';
import { compareForScoreboard } from '../lib/match/scoreboard.ts';
import type { ScoreboardMatch } from '../lib/match/types.ts';
import { formatTime } from '../lib/format/date.ts';
import { createMatchdayStore } from '../lib/live/matchday-store.ts';

export interface TodayMatchesProps {
  /** YYYY-MM-DD (Guayaquil) of the matches, as the data API's clock saw it at build time. */
  date: string;
  /** The day's matches fetched at build time: rendered into the HTML, then kept fresh. */
  matches: ScoreboardMatch[];
  /** When they were fetched (the API's clock), epoch ms. */
  builtAt: number;
  /** The API's clock minus the build machine's, so the browser measures ages on the API's clock. */
  clockOffsetMs: number;
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
  const [store] = useState(() =>
    createMatchdayStore({
      date,
      initialMatches: [...matches].sort(compareForScoreboard),
      initialUpdatedAt: builtAt,
      clockOffsetMs,
      notifyError: (message) => showToast(message, 'error'),
    }),
  );
  const state = useStore(store.$matchday);
  const updatedAgo = useStore(store.$updatedAgo);
  // The build cannot know how old its data will be when read: until hydrated, say when it was fetched.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

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
