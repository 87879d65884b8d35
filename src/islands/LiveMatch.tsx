import { useStore } from '../lib/stores/use-store.ts';
import { useEffect, useState } from 'react';
import { showToast } from '../client/toast.ts';
import IslandErrorBoundary from '../components/ui/IslandErrorBoundary.tsx';
import MatchEvents from '../components/football/MatchEvents.tsx';
import MatchScoreboard from '../components/football/MatchScoreboard.tsx';
import type { Match } from '../lib/football/types.ts';
import { liveMatchStore, type LiveMatchStore } from '../lib/stores/live-match.ts';

export interface LiveMatchProps {
  /** Which part of the match page this island draws; both share one store (one request per refresh). */
  part: 'scoreboard' | 'events';
  match: Match;
  kickoffText: string;
  builtAt: number;
  /** `builtAt` as HH:MM in Ecuador, formatted by the build (no Intl formatter during hydration). */
  builtAtTime: string;
  clockOffsetMs: number;
}

/**
 * "Actualizado hace …", a line of its own so that the clock's tick (every 15 s) redraws only it,
 * not the scoreboard or the events. The build cannot know how old its data will be when read:
 * until hydrated it says when the data was fetched (rendering the age into the HTML broke
 * hydration, React error #418, and made React draw the whole scoreboard again).
 */
function Freshness({ store, builtAtTime }: { store: LiveMatchStore; builtAtTime: string }) {
  const updatedAgo = useStore(store.$updatedAgo);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <p className="mt-1 h-5 text-right text-xs text-muted" data-freshness>
      {hydrated ? updatedAgo : `Datos de las ${builtAtTime}`}
    </p>
  );
}

function LiveMatchPart({ part, match, kickoffText, builtAt, builtAtTime, clockOffsetMs }: LiveMatchProps) {
  const [store] = useState(() => liveMatchStore({ match, builtAt, clockOffsetMs, notifyError: part === 'scoreboard' ? (m) => showToast(m, 'error') : undefined }));
  const state = useStore(store.$state);
  const shown = state.match;
  if (part === 'events') return <MatchEvents match={shown} />;
  return (
    <div data-live-match={match.id} data-updated-at={state.updatedAt}>
      <MatchScoreboard match={shown} kickoffText={kickoffText} />
      <Freshness store={store} builtAtTime={builtAtTime} />
    </div>
  );
}

/** A live match's score, clock and events, refreshed while it is played (the page is complete without it). */
export default function LiveMatch(props: LiveMatchProps) {
  return (
    <IslandErrorBoundary>
      <LiveMatchPart {...props} />
    </IslandErrorBoundary>
  );
}
