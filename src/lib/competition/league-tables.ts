import { playedByTeam, provisionalTables } from './provisional.ts';
import type { TableGroup } from './standings.ts';
import type { ScoreboardMatch } from '../match/types.ts';
import { isoDay } from '../format/date.ts';

/**
 * A league's tables as a page shows them (issue 33: one table for every page at one moment): the
 * stored tables, or while a match of theirs is played the provisional ones (provisionalTables), and
 * what the page's live script (src/client/live-tables.ts) needs to keep them so while the reader looks.
 * The home page, the league front, the standings page and the team pages all go through here.
 */

/** What the live script reads from the page (a JSON data block, one per league shown). */
export interface LiveTablesData {
  league: number;
  /** YYYY-MM-DD (Guayaquil) of "today" on the API's clock at build time. */
  today: string;
  builtAt: number;
  clockOffsetMs: number;
  /** The stored tables of the groups the page shows, cut to what the sum needs (no names, no crests). */
  groups: TableGroup[];
  /** The league's matches of today still to finish: live, or still to kick off. */
  matches: ScoreboardMatch[];
}

export interface LeagueTablesView<G extends TableGroup> {
  /** The tables to draw: provisional where a match in play moves them. */
  groups: G[];
  /** "Provisional: si terminara ahora" by group name, for the tables that moved. */
  notes: Record<string, string>;
}

/**
 * The stored groups with the live scores of the league's matches added (the sum the live script
 * runs too). Another competition's match between two of its clubs (a cup tie) is no part of it.
 */
export function leagueTablesView<G extends TableGroup>(
  league: number,
  stored: readonly G[],
  matches: readonly ScoreboardMatch[],
  /** Each club's PJ in the tables the page was built with (provisionalTables): the build's own by default. */
  played: ReadonlyMap<number, number> = playedByTeam(stored),
): LeagueTablesView<G> {
  const live = matches.filter((m) => m.kind === 'Live' && m.league.id === league);
  const provisional = live.length ? provisionalTables(stored, live, played) : null;
  return { groups: [...(provisional?.groups ?? stored)], notes: provisional?.notes ?? {} };
}

/** A league's matches that can still move its tables today: in play, or still to kick off. */
export function pendingMatches<M extends ScoreboardMatch>(matches: readonly M[], league: number, today: string): M[] {
  return matches.filter((m) => m.league.id === league && m.kind !== 'Result' && m.timestamp > 0 && isoDay(m.timestamp * 1000) === today);
}

/** The stored tables cut to what the live script sums: the page's HTML has the names, crests and zones. */
export function slimGroups(groups: readonly TableGroup[]): TableGroup[] {
  return groups.map((group) => ({
    name: group.name,
    rows: group.rows.map(({ rank, team, points, goalsDiff, form, all }) => ({ rank, team: { id: team.id, name: '', logo: '' }, points, goalsDiff, form, description: '', all })),
  }));
}
