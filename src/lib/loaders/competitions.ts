import { parseMatchWithPlayersList } from '../match/parse-with-players.ts';
import { withPhoneNames } from '../team/names.ts';
import { getFixtures } from '../match/api.ts';
import { getServerTime, getTopScorers, getTournaments, type ServerTime } from '../competition/api.ts';
import { getStandings } from '../competition/standings-api.ts';
import type { RequestOptions } from '../http/client.ts';
import { isoDay } from '../format/date.ts';
import { siteNow } from '../format/now.ts';
import type { LeagueStandings, Tournament } from '../competition/types.ts';
import type { Match } from '../match/types.ts';
import type { TopScorer } from '../player/types.ts';
import { memo, optional, required } from './memo.ts';

/**
 * Build-time reads of the competitions: every page's getStaticPaths and data come from these, each
 * made once per build (see memo.ts). `options` reach the HTTP client (tests inject fetch); pages
 * call without it.
 */

/** The data API's clock: what "today" is for the build (tests freeze it), and its offset to ours. */
export function loadServerTime(options?: RequestOptions): Promise<ServerTime & { clockOffsetMs: number }> {
  return memo('time', async () => {
    const asked = Date.now();
    const time = await optional('server time', getServerTime(options));
    if (time) return { ...time, clockOffsetMs: time.now - asked };
    const now = siteNow();
    return { now: now.getTime(), today: isoDay(now), timeZone: '', clockOffsetMs: 0 };
  });
}

/**
 * The portal's competitions (Torneos menu, tournament pages). A failure leaves the menu with the
 * core competitions (nav-items.ts) and is logged; pages that list tournaments use `loadTournamentsRequired`.
 */
export function loadTournaments(options?: RequestOptions): Promise<Tournament[]> {
  return memo('tournaments', async () => (await optional('tournaments', getTournaments(options))) ?? []);
}

/** The competitions, failing the build when they cannot be had (they decide which pages exist). */
export function loadTournamentsRequired(options?: RequestOptions): Promise<Tournament[]> {
  return memo('tournaments:required', () => required('tournaments', getTournaments(options)));
}

export async function loadTournament(id: number, options?: RequestOptions): Promise<Tournament | undefined> {
  return (await loadTournamentsRequired(options)).find((t) => t.id === id);
}

/**
 * Every fixture of a competition's current season, in kickoff order, each with its events, lineups
 * and statistics (the bulk read of contract/bulk.ts): one request per competition feeds its
 * calendar, its match pages, its teams' pages and the home page's results.
 */
export function loadSeasonFixtures(league: number, options?: RequestOptions): Promise<Match[]> {
  return memo(`fixtures:${league}`, async () => {
    const matches = await required(`fixtures of league ${league}`, getFixtures({ league, details: true }, options, parseMatchWithPlayersList));
    return matches.map(withPhoneNames).sort((a, b) => a.timestamp - b.timestamp || a.id - b.id);
  });
}

/** Every fixture of every competition the API lists, without duplicates, in kickoff order. */
export function loadAllFixtures(options?: RequestOptions): Promise<Match[]> {
  return memo('fixtures:all', async () => {
    const tournaments = await loadTournamentsRequired(options);
    const lists = await Promise.all(tournaments.map((t) => loadSeasonFixtures(t.id, options)));
    const byId = new Map<number, Match>();
    for (const match of lists.flat()) byId.set(match.id, match);
    return [...byId.values()].sort((a, b) => a.timestamp - b.timestamp || a.id - b.id);
  });
}

/** A competition's standings (every group), or null when the API has none or failed (logged). */
export function loadStandings(league: number, options?: RequestOptions): Promise<LeagueStandings | null> {
  return memo(`standings:${league}`, () => optional(`standings of league ${league}`, getStandings(league, undefined, options)));
}

/** A competition's top scorers, or null when unavailable (logged). */
export function loadTopScorers(league: number, options?: RequestOptions): Promise<TopScorer[] | null> {
  return memo(`topscorers:${league}`, () => optional(`top scorers of league ${league}`, getTopScorers(league, undefined, options)));
}
