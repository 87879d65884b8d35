import { useStore } from '../lib/stores/use-store.ts';
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { showToast } from '../client/toast.ts';
import IslandErrorBoundary from '../components/ui/IslandErrorBoundary.tsx';
import { playedByTeam, provisionalTables } from '../lib/football/provisional.ts';
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

const StandingsTables = lazy(() => import('../components/competition/StandingsTables.tsx'));

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
  // While a match of today is played (or finished before the standings caught up): the table as it
  // would stand, computed here from the tables and the scores the page already has. Once hydrated:
  // the HTML keeps the build's real tables.
  const [played] = useState(() => playedByTeam(groups));
  const provisional = useMemo(() => (hydrated ? provisionalTables(state.groups, state.matches, played) : null), [hydrated, state.groups, state.matches, played]);
  return (
    <div data-competition-live data-hydrated={hydrated ? 'true' : 'false'} data-updated-at={state.updatedAt} aria-busy={state.refreshing}>
      <p className="mb-2 h-5 text-xs leading-5 text-muted" data-freshness>
        {hydrated ? updatedAgo : `Datos de las ${builtAtTime}`}
      </p>
      {/* The store keeps the very `groups` array until a refresh brings different standings. */}
      {state.groups === groups && !provisional ? (
        children
      ) : (
        <Suspense fallback={children}>
          <StandingsTables
            groups={provisional?.groups ?? state.groups}
            leagueId={league}
            shortNames={shortNames}
            note={provisional?.note}
          />
        </Suspense>
      )}
    </div>
  );
}

/**
 * A standings page's tables: prebuilt in the HTML and refreshed while someone looks, when a result
 * of today's matches moves (src/lib/stores/competition.ts). The build's tables come in as static
 * children; the island draws tables itself only when the standings change.
 */
export default function CompetitionTablesLive(props: CompetitionTablesLiveProps) {
  return (
    <IslandErrorBoundary>
      <CompetitionTablesInner {...props} />
    </IslandErrorBoundary>
  );
}
