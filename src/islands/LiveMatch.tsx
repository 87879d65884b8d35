import { useStore } from '../lib/stores/use-store.ts';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { showToast } from '../client/toast.ts';
import IslandErrorBoundary from '../components/ui/IslandErrorBoundary.tsx';
import MatchEvents from '../components/football/MatchEvents.tsx';
import MatchLineups from '../components/football/MatchLineups.tsx';
import MatchPlayers from '../components/football/MatchPlayers.tsx';
import MatchScoreboard from '../components/football/MatchScoreboard.tsx';
import MatchStatistics from '../components/football/MatchStatistics.tsx';
import { livePlayers } from '../lib/football/match-players.ts';
import type { Match } from '../lib/football/types.ts';
import { liveMatchStore, type LiveMatchStore } from '../lib/stores/live-match.ts';

export interface LiveMatchProps {
  /**
   * Which part of the match page this island draws: the header, or the column of what the match
   * brings (events, line-ups, statistics, players). Both share one store (one request per refresh),
   * so the freshness line under the header is true of every block.
   */
  part: 'scoreboard' | 'details';
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

/** A section of the match page's main column (the markup of SectionHeader.astro, which the build uses elsewhere). */
function Section({ id, name, title, children }: { id: string; name: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} data-section={name}>
      <div className="mb-3 flex items-end justify-between gap-3">
        <h2 id={id} className="text-lg font-bold tracking-tight text-fg sm:text-xl">
          {title}
        </h2>
      </div>
      {children}
    </section>
  );
}

/** Everything the API knows of the match besides its header, redrawn with each change. */
function Details({ match }: { match: Match }) {
  const details = match.details;
  // The minutes run with the clock: worked out again when the status, events or line-ups move.
  const players = useMemo(() => livePlayers(match), [match]);
  return (
    <div className="space-y-8" data-live-details>
      <Section id="eventos" name="events" title="Incidencias">
        <MatchEvents match={match} />
      </Section>
      <Section id="alineaciones" name="lineups" title="Alineaciones">
        <MatchLineups lineups={details?.lineups ?? []} events={details?.events ?? []} />
      </Section>
      <Section id="estadisticas" name="statistics" title="Estadísticas">
        <MatchStatistics match={match} statistics={details?.statistics ?? []} />
      </Section>
      <Section id="jugadores" name="players" title="Jugadores">
        <MatchPlayers teams={players} />
      </Section>
    </div>
  );
}

function LiveMatchPart({ part, match, kickoffText, builtAt, builtAtTime, clockOffsetMs }: LiveMatchProps) {
  const [store] = useState(() => liveMatchStore({ match, builtAt, clockOffsetMs, notifyError: part === 'scoreboard' ? (m) => showToast(m, 'error') : undefined }));
  const state = useStore(store.$state);
  const shown = state.match;
  if (part === 'details') return <Details match={shown} />;
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
export default function LiveMatch(props: LiveMatchProps) {
  return (
    <IslandErrorBoundary>
      <LiveMatchPart {...props} />
    </IslandErrorBoundary>
  );
}
