import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { showToast } from '../client/toast.ts';
import RoundMatches from '../components/competition/RoundMatches.tsx';
import { guarded } from '../components/ui/IslandErrorBoundary.tsx';
import type { RoundView } from '../lib/competition/round-view.ts';
import { competitionLoader, createMatchdayStore } from '../lib/live/matchday-store.ts';

export interface CompetitionRoundsLiveProps {
  league: number;
  /** YYYY-MM-DD (Guayaquil) of "today" on the API's clock at build time. */
  today: string;
  /** The rounds being played; their matches of today refresh. */
  rounds: RoundView[];
  builtAt: number;
  /** `builtAt` as HH:MM in Ecuador, formatted by the build (no Intl formatter during hydration). */
  builtAtTime: string;
  clockOffsetMs: number;
}

function CompetitionRoundsInner({ league, today, rounds, builtAt, builtAtTime, clockOffsetMs }: CompetitionRoundsLiveProps) {
  const [store] = useState(() => {
    const initialMatches = rounds.flatMap((r) => r.days.filter((d) => d.day === today).flatMap((d) => d.matches));
    return createMatchdayStore({
      date: today,
      initialMatches,
      initialUpdatedAt: builtAt,
      load: competitionLoader(league, new Set(initialMatches.map((m) => m.id))),
      clockOffsetMs,
      notifyError: (message) => showToast(message, 'error'),
    });
  });
  const state = useStore(store.$matchday);
  const updatedAgo = useStore(store.$updatedAgo);
  const byId = useMemo(() => new Map(state.matches.map((m) => [m.id, m])), [state.matches]);
  const shown = useMemo(
    () => rounds.map((round) => ({ ...round, days: round.days.map((d) => ({ ...d, matches: d.matches.map((m) => byId.get(m.id) ?? m) })) })),
    [rounds, byId],
  );
  // The build cannot know how old its data will be when read: until hydrated, say when it was fetched.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <div data-competition-live data-hydrated={hydrated ? 'true' : 'false'} data-updated-at={state.updatedAt} aria-busy={state.refreshing}>
      <p className="mb-2 h-5 text-xs leading-5 text-muted" data-freshness>
        {hydrated ? updatedAgo : `Datos de las ${builtAtTime}`}
      </p>
      <div className="space-y-3">
        {shown.map((round) => (
          <RoundMatches key={round.round} round={round} />
        ))}
      </div>
    </div>
  );
}

/**
 * A league front page's rounds being played: prebuilt in the HTML, their matches of today refreshed
 * while someone looks (the day's scoreboard store, asking only this competition). Its own island,
 * so a front page ships none of the tables' code (its tables follow the scores through src/client/live-tables.ts).
 */
const CompetitionRoundsLive = guarded(CompetitionRoundsInner);
export default CompetitionRoundsLive;
