import { TIMINGS } from '../lib/config.ts';
import { getTournaments } from '../lib/api/football.ts';
import type { Tournament } from '../lib/football/types.ts';

/**
 * One tournaments request per build: every page's layout needs the list for the Torneos menu, and a
 * build renders hundreds of pages in one process. Like the spec's shell, the list is fetched again
 * once it is older than 10 minutes (matters for a long-running `astro dev`). A failed request yields
 * an empty list (the menu then shows the core competitions) and is logged.
 */
let cached: { promise: Promise<Tournament[]>; fetchedAt: number } | null = null;

export function tournamentsForMenu(now: number = Date.now()): Promise<Tournament[]> {
  if (!cached || now - cached.fetchedAt > TIMINGS.tournamentsTtlMs) {
    cached = {
      fetchedAt: now,
      promise: getTournaments().then((result) => {
        if (result.ok) return result.data;
        console.warn(`[layout] Torneos del menú sin datos: ${result.error}`);
        return [];
      }),
    };
  }
  return cached.promise;
}
