import { useStore } from '@nanostores/react';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { showToast } from '../client/toast.ts';
import { useHydrated, useLiveState } from './use-live-state.ts';
import { guarded } from '../components/ui/IslandErrorBoundary.tsx';
import MatchEvents from '../components/football/MatchEvents.tsx';
import MatchScoreboard from '../components/football/MatchScoreboard.tsx';
import type { Match } from '../lib/match/types.ts';
import { liveMatchStore, type LiveMatchStore } from '../lib/match/live-store.ts';

export interface LiveMatchProps {
  /**
   * Which part of the match page this island draws; all share one store (one request per refresh),
   * so the freshness line under the header is true of every block: the header, the events, or the
   * line-ups, statistics and players ("details", hydrated when scrolled to).
   */
  part: 'scoreboard' | 'events' | 'details';
  match: Match;
  kickoffText: string;
  builtAt: number;
  /** `builtAt` as HH:MM in Ecuador, formatted by the build (no Intl formatter during hydration). */
  builtAtTime: string;
  clockOffsetMs: number;
  /** "details": the sections as the build drew them, shown until their live code has loaded. */
  children?: ReactNode;
}

/**
 * "Actualizado hace …", a line of its own so that the clock's tick (every 15 s) redraws only it,
 * not the scoreboard or the events. The build cannot know how old its data will be when read:
 * until hydrated it says when the data was fetched (rendering the age into the HTML broke
 * hydration, React error #418, and made React draw the whole scoreboard again).
 */
function Freshness({ store, builtAtTime }: { store: LiveMatchStore; builtAtTime: string }) {
  const updatedAgo = useStore(store.$updatedAgo);
  const hydrated = useHydrated();
  return (
    <p className="mt-1 h-5 text-right text-xs text-muted" data-freshness>
      {hydrated ? updatedAgo : `Datos de las ${builtAtTime}`}
    </p>
  );
}

/**
 * The line-ups, statistics and players: the build's sections (`children`) until their code, loaded
 * on demand (its own chunk: a live page's first view does not carry it), draws them from the store.
 */
function Details({ match, children }: { match: Match; children?: ReactNode }) {
  const [Live, setLive] = useState<ComponentType<{ match: Match }> | null>(null);
  useEffect(() => {
    let mounted = true;
    // Offline or a failed load: the sections as built stay, as without JavaScript.
    import('../components/football/MatchDetailsLive.tsx').then((module) => mounted && setLive(() => module.default), () => {});
    return () => {
      mounted = false;
    };
  }, []);
  // An element of its own around the build's sections, which come in an <astro-slot> (display: contents).
  return <div>{Live ? <Live match={match} /> : children}</div>;
}

function LiveMatchPart({ part, match, kickoffText, builtAt, builtAtTime, clockOffsetMs, children }: LiveMatchProps) {
  const [store] = useState(() => liveMatchStore({ match, builtAt, clockOffsetMs, notifyError: part === 'scoreboard' ? (m) => showToast(m, 'error') : undefined }));
  const { state } = useLiveState(store.$state, store.built);
  const shown = state.match;
  if (part === 'events') return <MatchEvents match={shown} />;
  if (part === 'details') return <Details match={shown}>{children}</Details>;
  return (
    <div data-live-match={match.id} data-updated-at={state.updatedAt}>
      <MatchScoreboard match={shown} kickoffText={kickoffText} />
      <Freshness store={store} builtAtTime={builtAtTime} />
    </div>
  );
}

/**
 * A live match's score, clock, events, line-ups, statistics and players, refreshed while it is played
 * (the page is complete without it).
 */
const LiveMatch = guarded(LiveMatchPart);
export default LiveMatch;
