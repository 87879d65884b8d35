import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import AlertsBell from '../components/alerts/AlertsBell.tsx';
import Crest from '../components/football/Crest.tsx';
import MatchRow from '../components/football/MatchRow.tsx';
import { guarded } from '../components/ui/IslandErrorBoundary.tsx';
import { REFRESH_MS } from '../../contract/limits.ts';
import { isFinishedStatus } from '../../contract/status.ts';
import { getFixtures, getLiveFixtures } from '../lib/match/api.ts';
import { applyFixtureChange } from '../lib/live/change.ts';
import { toScoreboardMatch } from '../lib/match/scoreboard.ts';
import type { ScoreboardMatch } from '../lib/match/types.ts';
import { dateListYears } from '../lib/format/date.ts';
import { $followedTeams, type FollowedTeam } from '../lib/team/followed-store.ts';
import { pageStream } from '../lib/live/stream.ts';
import { pushWanted } from '../lib/live/matchday-store.ts';

/**
 * "Mis equipos": the clubs the reader follows (kept in this browser), each with its live match or,
 * else, its next one. Renders nothing when no club is followed. While one of the matches is live
 * (or starts within 15 min) and the tab is visible, it follows the page's stream of /api/live
 * (shared with the page's other islands); it polls every 20 s while one is live when the stream
 * cannot be had (no EventSource, it failed, save-data). Mounted only where a club is followed (see
 * src/client/my-teams.ts), so pages cost readers who follow nobody no JavaScript.
 */

type Loaded = Map<number, ScoreboardMatch | null>;

async function loadMatches(teamIds: readonly number[]): Promise<Loaded> {
  const noCache = { retries: 1, fetchImpl: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, { ...init, cache: 'no-cache' as const }) };
  const [live, ...next] = await Promise.all([getLiveFixtures('all', noCache), ...teamIds.map((team) => getFixtures({ team, next: 1 }, noCache))]);
  const result: Loaded = new Map();
  teamIds.forEach((team, i) => {
    const liveMatch = live.ok ? live.data.find((m) => m.home.id === team || m.away.id === team) : undefined;
    const upcoming = next[i].ok ? next[i].data[0] : undefined;
    const match = liveMatch ?? upcoming;
    result.set(team, match ? toScoreboardMatch(match) : null);
  });
  return result;
}

/** A followed club: its page, and its match in play or its next one. */
function FollowedTeamRow({ team, match, loading, years }: { team: FollowedTeam; match: ScoreboardMatch | null | undefined; loading: boolean; years: ReturnType<typeof dateListYears> }) {
  return (
    // Relative: the alerts' panel spans the row on a phone.
    <li className="relative px-1.5 py-1 sm:px-3" data-followed-team={team.id}>
      <div className="flex items-center justify-between gap-2">
        <a href={`/equipos/${team.id}`} className="inline-flex min-h-11 items-center gap-2 rounded-md px-1 text-sm font-semibold hover:underline">
          <Crest src={team.logo} size={20} className="size-5" />
          {team.name}
        </a>
        <AlertsBell kind="team" id={team.id} name={team.name} />
      </div>
      {match ? (
        <ul>
          <MatchRow match={match} variant="results" years={years} />
        </ul>
      ) : (
        <p className="px-1 pb-2 text-sm text-muted">{loading ? 'Cargando…' : 'Sin próximos partidos.'}</p>
      )}
    </li>
  );
}

function MyTeamsStrip({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const teams = useStore($followedTeams);
  const [matches, setMatches] = useState<Loaded | null>(null);
  // The effect reloads when the list of clubs changes, not on every store emission: it reads the ids
  // from this key alone.
  const key = teams.map((t) => t.id).join(',');

  useEffect(() => {
    const teamIds = key ? key.split(',').map(Number) : [];
    if (!teamIds.length) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let unsubscribe: (() => void) | undefined;
    let streaming = false;
    const leave = () => {
      unsubscribe?.();
      unsubscribe = undefined;
      streaming = false;
    };
    const follow = (shown: ScoreboardMatch[]) => {
      leave();
      const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData;
      if (cancelled || saveData || document.visibilityState === 'hidden' || !pushWanted(shown, Date.now())) return;
      unsubscribe = pageStream().subscribe({
        topics: { fixtures: shown.map((m) => m.id) },
        fixture(change) {
          setMatches((current) => current && new Map([...current].map(([team, m]) => [team, m && applyFixtureChange(m, change)])));
          // The final whistle: one load brings the final word (the winner) and lets go of the stream.
          if (isFinishedStatus(change.status.short)) void run();
        },
        standings() {},
        reset: () => void run(),
        state(state) {
          streaming = state !== 'failed';
        },
      });
    };
    const run = async () => {
      const loaded = await loadMatches(teamIds);
      if (cancelled) return;
      setMatches(loaded);
      const shown = [...loaded.values()].filter((m): m is ScoreboardMatch => Boolean(m));
      follow(shown);
      clearTimeout(timer);
      if (shown.some((m) => m.kind === 'Live')) timer = setTimeout(tick, REFRESH_MS.live);
    };
    const tick = () => {
      // The stream carries the changes: nothing to fetch this round.
      if (streaming) timer = setTimeout(tick, REFRESH_MS.live);
      else if (document.visibilityState === 'visible') void run();
      else document.addEventListener('visibilitychange', () => void run(), { once: true });
    };
    // Hidden: let go of the stream (it closes when no island listens); shown again, load afresh.
    const onVisibility = () => {
      if (document.visibilityState === 'hidden' && unsubscribe) {
        leave();
        clearTimeout(timer);
        document.addEventListener('visibilitychange', () => void run(), { once: true });
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    void run();
    return () => {
      cancelled = true;
      clearTimeout(timer);
      leave();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [key]);

  if (!teams.length) return null;
  const years = dateListYears(matches ? [...matches.values()].flatMap((m) => (m ? [m.date] : [])) : []);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby="mis-equipos" data-my-teams-strip>
      <Heading id="mis-equipos" className="mb-3 text-lg font-bold tracking-tight text-fg sm:text-xl">
        Mis equipos
      </Heading>
      {/* Not overflow-hidden: the alerts' panel of the last club floats below the list. */}
      <ul className="divide-y divide-line rounded-lg border border-line bg-surface" aria-busy={matches === null}>
        {teams.map((team) => (
          <FollowedTeamRow key={team.id} team={team} match={matches?.get(team.id)} loading={matches === null} years={years} />
        ))}
      </ul>
    </section>
  );
}

/** For Astro pages (`<MyTeams client:idle />`), e.g. the /football dashboard. */
const MyTeams = guarded(MyTeamsStrip);
export default MyTeams;

/** Mounts the strip into an empty host element (src/client/my-teams.ts does so only for followers). */
export function mountMyTeams(host: Element, headingLevel: 2 | 3 = 2): void {
  createRoot(host).render(<MyTeams headingLevel={headingLevel} />);
}
