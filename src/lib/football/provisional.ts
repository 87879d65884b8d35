import type { TableGroup, TableRow } from './standings.ts';
import type { ScoreboardMatch } from './types.ts';

/**
 * The "si terminara ahora" table of a league while its matches are played: the tables the page has,
 * plus the score of each of today's matches they do not count yet (live, or finished before the
 * standings caught up), re-sorted with the table's tie-breaks (points, goal difference, goals for,
 * wins; then the order the table had). The qualification notes stay with the positions, not the
 * clubs: the leader's place is the leader's place. Computed in the browser from data it already
 * has, so a live table costs no request.
 */

export interface ProvisionalTables {
  groups: readonly TableGroup[];
  /** What each table that moved says beside its name, by group name: "si terminara ahora" while one of its matches is played. */
  notes: Record<string, string>;
}

export const PROVISIONAL_LIVE = 'Provisional: si terminara ahora';
export const PROVISIONAL_FINISHED = 'Provisional: con los resultados de hoy';

/**
 * `played` holds each club's matches played in the tables the page was built with: a match its two
 * clubs have played more since is in the tables already (a refresh brought them) and is not added again.
 */
export function provisionalTables(groups: readonly TableGroup[], matches: readonly ScoreboardMatch[], played: ReadonlyMap<number, number>): ProvisionalTables | null {
  const notes: Record<string, string> = {};
  const result = groups.map((group) => {
    const rows = new Map(group.rows.map((row) => [row.team.id, { ...row, all: { ...row.all } }]));
    let changed = false;
    let live = false;
    for (const match of matches) {
      const { home: h, away: a } = match.goals;
      if (match.kind === 'Fixture' || h === null || a === null) continue;
      const home = rows.get(match.home.id);
      const away = rows.get(match.away.id);
      if (!home || !away) continue;
      const counted = (row: TableRow) => row.all.played > (played.get(row.team.id) ?? row.all.played);
      if (counted(home) && counted(away)) continue;
      add(home, h, a);
      add(away, a, h);
      changed = true;
      if (match.kind === 'Live') live = true;
    }
    if (!changed) return group;
    notes[group.name] = live ? PROVISIONAL_LIVE : PROVISIONAL_FINISHED;
    const byRank = [...group.rows].sort((x, y) => x.rank - y.rank);
    const sorted = [...rows.values()].sort(
      (x, y) => y.points - x.points || y.goalsDiff - x.goalsDiff || y.all.goalsFor - x.all.goalsFor || y.all.win - x.all.win || x.rank - y.rank,
    );
    return { ...group, rows: sorted.map((row, i) => ({ ...row, rank: i + 1, description: byRank[i]?.description ?? '' })) };
  });
  return Object.keys(notes).length ? { groups: result, notes } : null;
}

function add(row: TableRow, scored: number, conceded: number): void {
  const all = row.all;
  all.played++;
  if (scored > conceded) all.win++;
  else if (scored === conceded) all.draw++;
  else all.lose++;
  all.goalsFor += scored;
  all.goalsAgainst += conceded;
  row.points += scored > conceded ? 3 : scored === conceded ? 1 : 0;
  row.goalsDiff += scored - conceded;
}

/** Each club's matches played in these tables (the baseline of provisionalTables). */
export function playedByTeam(groups: readonly TableGroup[]): Map<number, number> {
  return new Map(groups.flatMap((group) => group.rows.map((row) => [row.team.id, row.all.played] as const)));
}
