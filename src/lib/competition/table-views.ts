import { resultFor } from '../match/result.ts';
import type { Match } from '../match/types.ts';
import type { TableGroup, TableRow } from './standings.ts';
import type { StandingRecord, StandingsGroup } from './types.ts';

/**
 * A league table seen four ways, as FotMob shows it: the whole table, the matches at home, those away,
 * and the last five. Each view is its own page (`/torneos/{id}/posiciones/{view}`), so a reader switches
 * with a link (no JavaScript) and each page keeps one table in its DOM.
 */
export const TABLE_VIEWS = [
  { key: 'total', label: 'Total' },
  { key: 'local', label: 'Local' },
  { key: 'visitante', label: 'Visitante' },
  { key: 'ultimos-5', label: 'Últimos 5' },
] as const;
export type TableViewKey = (typeof TABLE_VIEWS)[number]['key'];
/** The views with pages of their own (Total is the standings page itself). */
export const OTHER_TABLE_VIEWS = TABLE_VIEWS.filter((view) => view.key !== 'total').map((view) => view.key);

export const LAST_RESULTS = 5;

/** The path of one view of a competition's standings. */
export function tableViewPath(competitionId: number, view: TableViewKey): string {
  const standings = `/torneos/${competitionId}/posiciones`;
  return view === 'total' ? standings : `${standings}/${view}`;
}

const points = (record: StandingRecord) => record.win * 3 + record.draw;

/**
 * Rows ranked on their own record: points, then goal difference, then goals scored, then name (a tie
 * the provider's rules would break with head-to-head results has no such data here; the name keeps
 * the order stable). Ranks run 1, 2, 3 …; zones are the whole table's, so none are carried.
 */
export function ranked(rows: ReadonlyArray<Omit<TableRow, 'rank' | 'description'>>): TableRow[] {
  return [...rows]
    .sort((a, b) => b.points - a.points || b.goalsDiff - a.goalsDiff || b.all.goalsFor - a.all.goalsFor || a.team.name.localeCompare(b.team.name, 'es'))
    .map((row, index) => ({ ...row, rank: index + 1, description: '' }));
}

/** A group's table counting only the matches each club played at home (`home`) or away (`away`), as the provider's blocks have them. */
export function venueTable(group: StandingsGroup, venue: 'home' | 'away'): TableGroup {
  return {
    name: group.name,
    rows: ranked(
      group.rows.map((row) => {
        const record = row[venue];
        return { team: row.team, all: record, points: points(record), goalsDiff: record.goalsFor - record.goalsAgainst, form: '' };
      }),
    ),
  };
}

/** What the last-five table reads of a match (a scoreboard line has it too). */
type PlayedMatch = Pick<Match, 'kind' | 'timestamp' | 'goals' | 'home' | 'away'>;

/**
 * A group's table over each club's last `LAST_RESULTS` finished matches against the group's other clubs
 * (a league's whole table: every league match; a cup's group: its group matches, not the knockout ties
 * after), from the results themselves: record, points, goals, and the form newest first (as the
 * provider's `form` is, and FormGuide reads it).
 */
export function lastResultsTable(group: StandingsGroup, matches: readonly PlayedMatch[]): TableGroup {
  const clubs = new Set(group.rows.map((row) => row.team.id));
  const finished = matches
    .filter((m) => m.kind === 'Result' && m.goals.home !== null && m.goals.away !== null && clubs.has(m.home.id) && clubs.has(m.away.id))
    .sort((a, b) => b.timestamp - a.timestamp);
  return {
    name: group.name,
    rows: ranked(
      group.rows.map((row) => {
        const last = finished.filter((m) => m.home.id === row.team.id || m.away.id === row.team.id).slice(0, LAST_RESULTS);
        const record: StandingRecord = { played: 0, win: 0, draw: 0, lose: 0, goalsFor: 0, goalsAgainst: 0 };
        let form = '';
        for (const match of last) {
          const atHome = match.home.id === row.team.id;
          const letter = resultFor(match, row.team.id);
          form += letter;
          record.played += 1;
          // Both scores are known: finished matches without them were left out above.
          record.goalsFor += (atHome ? match.goals.home : match.goals.away)!;
          record.goalsAgainst += (atHome ? match.goals.away : match.goals.home)!;
          if (letter === 'W') record.win += 1;
          else if (letter === 'D') record.draw += 1;
          else record.lose += 1;
        }
        return { team: row.team, all: record, points: points(record), goalsDiff: record.goalsFor - record.goalsAgainst, form };
      }),
    ),
  };
}
