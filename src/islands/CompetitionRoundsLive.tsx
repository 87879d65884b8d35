import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import { useLiveState } from './use-live-state.ts';
import { showToast } from '../client/toast.ts';
import RoundMatches from '../components/competition/RoundMatches.tsx';
import { guarded } from '../components/ui/IslandErrorBoundary.tsx';
import type { RoundView } from '../lib/competition/round-view.ts';
import { competitionRoundsStore, type CompetitionRoundsProps } from '../lib/live/matchday-store.ts';

export interface CompetitionRoundsLiveProps extends CompetitionRoundsProps {
  rounds: RoundView[];
  /** `builtAt` as HH:MM in Ecuador, formatted by the build (no Intl formatter during hydration). */
  builtAtTime: string;
}

function CompetitionRoundsInner({ league, today, rounds, builtAt, builtAtTime, clockOffsetMs }: CompetitionRoundsLiveProps) {
  const [store] = useState(() => competitionRoundsStore({ league, today, rounds, builtAt, clockOffsetMs }, (message) => showToast(message, 'error')));
  const { state, hydrated } = useLiveState(store.$matchday, store.built);
  const updatedAgo = useStore(store.$updatedAgo);
  const byId = useMemo(() => new Map(state.matches.map((m) => [m.id, m])), [state.matches]);
  const shown = useMemo(
    () => rounds.map((round) => ({ ...round, days: round.days.map((d) => ({ ...d, matches: d.matches.map((m) => byId.get(m.id) ?? m) })) })),
    [rounds, byId],
  );
  // The build cannot know how old its data will be when read: until hydrated, say when it was fetched.
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
