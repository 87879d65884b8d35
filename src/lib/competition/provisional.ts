import type { TableGroup, TableRow } from './standings.ts';
import type { ScoreboardMatch } from '../match/types.ts';

/**
 * The "si terminara ahora" table of a league while its matches are played: the stored tables plus
 * the score of each match in play, re-sorted with the table's tie-breaks (points, goal difference,
 * goals for, wins; then the order the table had). One function for every table of the site: the
 * build draws the home page's, the league front's, the standings page's and the team pages' tables
 * with it, and the pages' one live script (src/client/live-tables.ts) redraws them with it as the
 * scores move, so every page shows the same table at the same moment.
 *
 * Only matches in play count: at the final whistle a match leaves the sum and the tables are the
 * stored ones again until the stored standings count it (the ingest reads them after each whistle).
 * PJ, G/E/P, goals, points and the form guide all take the live result, so a row's PJ and its form
 * are the same set of matches. The qualification notes stay with the positions, not the clubs: the
 * leader's place is the leader's place.
 */

export interface ProvisionalTables<G extends TableGroup = TableGroup> {
  groups: readonly G[];
  /** What each table that moved says beside its name, by group name. */
  notes: Record<string, string>;
}

export const PROVISIONAL_LIVE = 'Provisional: si terminara ahora';

/**
 * `played` holds each club's matches played in the tables the page was built with: a match its two
 * clubs have played more since is in the tables already (the stored standings caught up) and is not
 * added again. Null when no table moved.
 */
export function provisionalTables<G extends TableGroup>(groups: readonly G[], matches: readonly ScoreboardMatch[], played: ReadonlyMap<number, number>): ProvisionalTables<G> | null {
  // A match counts in one table: the last one with both clubs (the provider lists a league's first
  // stage first, the final phase's groups after it: a hexagonal's match does not move the first stage).
  const byGroup = new Map<number, ScoreboardMatch[]>();
  for (const match of matches) {
    if (match.kind !== 'Live' || match.goals.home === null || match.goals.away === null) continue;
    const index = groups.findLastIndex((group) => group.rows.some((r) => r.team.id === match.home.id) && group.rows.some((r) => r.team.id === match.away.id));
    if (index !== -1) byGroup.set(index, [...(byGroup.get(index) ?? []), match]);
  }
  const notes: Record<string, string> = {};
  const result = groups.map((group, index): G => {
    const live = byGroup.get(index);
    if (!live) return group;
    const rows = new Map(group.rows.map((row) => [row.team.id, { ...row, all: { ...row.all } }]));
    let changed = false;
    for (const match of live) {
      const home = rows.get(match.home.id)!;
      const away = rows.get(match.away.id)!;
      const counted = (row: TableRow) => row.all.played > (played.get(row.team.id) ?? row.all.played);
      if (counted(home) && counted(away)) continue;
      addResult(home, match.goals.home!, match.goals.away!);
      addResult(away, match.goals.away!, match.goals.home!);
      changed = true;
    }
    if (!changed) return group;
    notes[group.name] = PROVISIONAL_LIVE;
    const byRank = [...group.rows].sort((x, y) => x.rank - y.rank);
    const sorted = [...rows.values()].sort(
      (x, y) => y.points - x.points || y.goalsDiff - x.goalsDiff || y.all.goalsFor - x.all.goalsFor || y.all.win - x.all.win || x.rank - y.rank,
    );
    return { ...group, rows: sorted.map((row, i) => ({ ...row, rank: i + 1, description: byRank[i]?.description ?? '' })) };
  });
  return Object.keys(notes).length ? { groups: result, notes } : null;
}

/** The provider's form is newest first ("WDLLW"): the live result goes in front, the oldest beyond five drops. */
const FORM_LENGTH = 5;

/** One result counted in a row: record, points, goal difference and form. */
export function addResult(row: TableRow, scored: number, conceded: number): void {
  const all = row.all;
  const letter = scored > conceded ? 'W' : scored === conceded ? 'D' : 'L';
  all.played++;
  if (letter === 'W') all.win++;
  else if (letter === 'D') all.draw++;
  else all.lose++;
  all.goalsFor += scored;
  all.goalsAgainst += conceded;
  row.points += letter === 'W' ? 3 : letter === 'D' ? 1 : 0;
  row.goalsDiff += scored - conceded;
  row.form = (letter + row.form).slice(0, Math.max(FORM_LENGTH, row.form.length));
}

/** Each club's matches played in these tables (the baseline of provisionalTables). */
export function playedByTeam(groups: readonly TableGroup[]): Map<number, number> {
  return new Map(groups.flatMap((group) => group.rows.map((row) => [row.team.id, row.all.played] as const)));
}
