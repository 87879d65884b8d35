import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { showToast } from '../client/toast.ts';
import IslandErrorBoundary from '../components/ui/IslandErrorBoundary.tsx';
import type { TableGroup } from '../lib/football/standings.ts';
import type { ScoreboardMatch } from '../lib/football/types.ts';
import { createCompetitionStore } from '../lib/stores/competition.ts';

export interface CompetitionTablesLiveProps {
  league: number;
  /** YYYY-MM-DD (Guayaquil) of "today" on the API's clock at build time. */
  today: string;
  /** The tables shown; they refresh with the competition's matches of today. */
  groups: TableGroup[];
  /** Tables the page shows outside the island, as they can no longer change: a refresh leaves them out. */
  settledGroups?: string[];
  /** The competition's matches of today (they set the cadence and tell when the tables moved). */
  todayMatches: ScoreboardMatch[];
  shortNames?: Record<number, string>;
  builtAt: number;
  /** `builtAt` as HH:MM in Ecuador, formatted by the build (no Intl formatter during hydration). */
  builtAtTime: string;
  clockOffsetMs: number;
  /** The tables as the build drew them (`groups`, as static HTML): shown until the standings move. */
  children?: ReactNode;
}

const LiveStandingsTables = lazy(() => import('../components/competition/LiveStandingsTables.tsx'));

function CompetitionTablesInner({ league, today, groups, settledGroups, todayMatches, shortNames, builtAt, builtAtTime, clockOffsetMs, children }: CompetitionTablesLiveProps) {
  const [store] = useState(() =>
    createCompetitionStore({
      league,
      today,
      initial: { matches: todayMatches, groups },
      settledGroups,
      builtAt,
      clockOffsetMs,
      notifyError: (message) => showToast(message, 'error'),
    }),
  );
  const state = useStore(store.$state);
  const updatedAgo = useStore(store.$updatedAgo);
  // The build cannot know how old its data will be when read: until hydrated, say when it was fetched.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // Once one of today's matches is played, the tables may read "si terminara ahora"
  // (LiveStandingsTables). Once hydrated: the HTML keeps the build's real tables.
  const played = hydrated && state.matches.some((m) => m.kind !== 'Fixture');
  return (
    <div data-competition-live data-hydrated={hydrated ? 'true' : 'false'} data-updated-at={state.updatedAt} aria-busy={state.refreshing}>
      <p className="mb-2 h-5 text-xs leading-5 text-muted" data-freshness>
        {hydrated ? updatedAgo : `Datos de las ${builtAtTime}`}
      </p>
      {/* The store keeps the very `groups` array until a refresh brings different standings. */}
      {state.groups === groups && !played ? (
        children
      ) : (
        <Suspense fallback={children}>
          <LiveStandingsTables live={state} built={groups} leagueId={league} shortNames={shortNames}>
            {children}
          </LiveStandingsTables>
        </Suspense>
      )}
    </div>
  );
}

/**
 * A standings page's tables: prebuilt in the HTML and refreshed while someone looks, when a result
 * of today's matches moves (src/lib/stores/competition.ts). The build's tables come in as static
 * children; the island draws tables itself only when the standings change or, while one of today's
 * matches is played, as they would stand if it ended now (LiveStandingsTables, marked provisional).
 */
export default function CompetitionTablesLive(props: CompetitionTablesLiveProps) {
  return (
    <IslandErrorBoundary>
      <CompetitionTablesInner {...props} />
    </IslandErrorBoundary>
  );
}
