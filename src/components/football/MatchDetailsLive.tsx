import { useMemo, type ReactNode } from 'react';
import { livePlayers } from '../../lib/match/players.ts';
import type { Match } from '../../lib/match/types.ts';
import MatchLineups from './MatchLineups.tsx';
import MatchStatistics from './MatchStatistics.tsx';

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

/**
 * A live match's line-ups and statistics as the live match island's store has them
 * (src/islands/LiveMatch.tsx, part "details"): pushed line-ups and statistics, and each player's
 * minutes in the line-ups as the clock runs. Loaded by the island with `import()` once the reader scrolls to these
 * sections, so a live page's first view ships none of it (about 4 KB); until then, and without
 * JavaScript, the sections the build drew stand.
 */
export default function MatchDetailsLive({ match }: { match: Match }) {
  const details = match.details;
  // The minutes run with the clock: worked out again when the status, events or line-ups move.
  const players = useMemo(() => livePlayers(match), [match]);
  return (
    <div className="space-y-8" data-live-details>
      <Section id="alineaciones" name="lineups" title="Alineaciones">
        <MatchLineups lineups={details?.lineups ?? []} events={details?.events ?? []} players={players} beforeKickoff={match.kind === 'Fixture'} />
      </Section>
      <Section id="estadisticas" name="statistics" title="Estadísticas">
        <MatchStatistics match={match} statistics={details?.statistics ?? []} />
      </Section>
    </div>
  );
}
