import { useStore } from '../lib/stores/use-store.ts';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import IslandErrorBoundary from '../components/ui/IslandErrorBoundary.tsx';
import MatchLineups from '../components/football/MatchLineups.tsx';
import MatchPlayers from '../components/football/MatchPlayers.tsx';
import MatchStatistics from '../components/football/MatchStatistics.tsx';
import { livePlayers } from '../lib/football/match-players.ts';
import type { Match } from '../lib/football/types.ts';
import { liveMatchStore } from '../lib/stores/live-match.ts';

export interface LiveMatchDetailsProps {
  match: Match;
  builtAt: number;
  clockOffsetMs: number;
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

function Details({ match, builtAt, clockOffsetMs }: LiveMatchDetailsProps) {
  // The store the page's header and events already follow (one request, one stream for all three).
  const [store] = useState(() => liveMatchStore({ match, builtAt, clockOffsetMs }));
  const state = useStore(store.$state);
  // Hydrated when scrolled to, possibly minutes after the store moved on: drawn first as the build
  // drew it (no hydration mismatch), then as the store has it.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const shown = hydrated ? state.match : match;
  const details = shown.details;
  // The minutes run with the clock: worked out again when the status, events or line-ups move.
  const players = useMemo(() => livePlayers(shown), [shown]);
  return (
    <div className="space-y-8" data-live-details>
      <Section id="alineaciones" name="lineups" title="Alineaciones">
        <MatchLineups lineups={details?.lineups ?? []} events={details?.events ?? []} />
      </Section>
      <Section id="estadisticas" name="statistics" title="Estadísticas">
        <MatchStatistics match={shown} statistics={details?.statistics ?? []} />
      </Section>
      <Section id="jugadores" name="players" title="Jugadores">
        <MatchPlayers teams={players} />
      </Section>
    </div>
  );
}

/**
 * A live match's line-ups, statistics and players' table, kept current while it is played from the
 * store of its header (src/lib/stores/live-match.ts): pushed line-ups and statistics, and the
 * players' minutes as the clock runs. Below the first screen, so its code loads when scrolled to
 * (`client:visible`), not with the page: the page's first view ships no more JavaScript for it.
 */
export default function LiveMatchDetails(props: LiveMatchDetailsProps) {
  return (
    <IslandErrorBoundary>
      <Details {...props} />
    </IslandErrorBoundary>
  );
}
