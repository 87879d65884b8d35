import { useStore } from '../lib/stores/use-store.ts';
import { memo, useEffect, useMemo, useState } from 'react';
import { showToast } from '../client/toast.ts';
import RoundMatches from '../components/competition/RoundMatches.tsx';
import StandingsTable from '../components/competition/StandingsTable.tsx';
import IslandErrorBoundary from '../components/ui/IslandErrorBoundary.tsx';
import type { RoundView } from '../lib/football/round-view.ts';
import type { TableGroup } from '../lib/football/standings.ts';
import type { ScoreboardMatch } from '../lib/football/types.ts';
import { createCompetitionStore } from '../lib/stores/competition.ts';

export interface CompetitionLiveProps {
  league: number;
  /** YYYY-MM-DD (Guayaquil) of "today" on the API's clock at build time. */
  today: string;
  /** The rounds shown (a front page's rounds being played); their matches of today refresh. */
  rounds?: RoundView[];
  /** The tables shown (a standings page); they refresh with the competition's matches of today. */
  groups?: TableGroup[];
  /** Tables the page shows outside the island, as they can no longer change: a refresh leaves them out. */
  settledGroups?: string[];
  /** The competition's matches of today, when the page shows tables (they set the cadence). */
  todayMatches?: ScoreboardMatch[];
  shortNames?: Record<number, string>;
  builtAt: number;
  /** `builtAt` as HH:MM in Ecuador, formatted by the build (no Intl formatter during hydration). */
  builtAtTime: string;
  clockOffsetMs: number;
}

const Rounds = memo(function Rounds({ rounds, matches }: { rounds: RoundView[]; matches: readonly ScoreboardMatch[] }) {
  const byId = useMemo(() => new Map(matches.map((m) => [m.id, m])), [matches]);
  return (
    <div className="space-y-3">
      {rounds.map((round) => (
        <RoundMatches
          key={round.round}
          round={{ ...round, days: round.days.map((d) => ({ ...d, matches: d.matches.map((m) => byId.get(m.id) ?? m) })) }}
        />
      ))}
    </div>
  );
});

const Tables = memo(function Tables({ groups, league, shortNames }: { groups: readonly TableGroup[]; league: number; shortNames?: Record<number, string> }) {
  return (
    <div className="space-y-6">
      {groups.map((group) => (
        <StandingsTable key={group.name} group={group} leagueId={league} shortNames={shortNames} />
      ))}
    </div>
  );
});

function CompetitionLiveInner({ league, today, rounds, groups, settledGroups, todayMatches, shortNames, builtAt, builtAtTime, clockOffsetMs }: CompetitionLiveProps) {
  const [store] = useState(() =>
    createCompetitionStore({
      league,
      today,
      initial: {
        matches: rounds ? rounds.flatMap((r) => r.days.filter((d) => d.day === today).flatMap((d) => d.matches)) : (todayMatches ?? []),
        groups: groups ?? null,
      },
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
  const freshness = hydrated ? updatedAgo : `Datos de las ${builtAtTime}`;
  return (
    <div data-competition-live data-hydrated={hydrated ? 'true' : 'false'} data-updated-at={state.updatedAt} aria-busy={state.refreshing}>
      <p className="mb-2 h-5 text-xs leading-5 text-muted" data-freshness>
        {freshness}
      </p>
      {rounds ? <Rounds rounds={rounds} matches={state.matches} /> : null}
      {state.groups ? <Tables groups={state.groups} league={league} shortNames={shortNames} /> : null}
    </div>
  );
}

/**
 * A competition page's live part: the rounds being played (front pages) or the tables (standings
 * pages), prebuilt in the HTML and refreshed while someone looks (src/lib/stores/competition.ts).
 */
export default function CompetitionLive(props: CompetitionLiveProps) {
  return (
    <IslandErrorBoundary>
      <CompetitionLiveInner {...props} />
    </IslandErrorBoundary>
  );
}
