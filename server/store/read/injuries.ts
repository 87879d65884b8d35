import type { ApiInjury } from '../provider-types.ts';
import { parse, type ReadContext, type Row } from './context.ts';

/** Who misses fixtures (the provider's /injuries, kept by the ingest): `/injuries` and the match pages' "Bajas". */
export function injuryReads({ stmt }: ReadContext) {
  /**
   * Who misses fixtures, as the provider listed them (`/injuries`): of these fixtures, of a league's
   * season, or of a club's matches; in kick-off order, each fixture's list as it was sent.
   */
  function injuries(filter: { fixtures?: number[]; league?: number; season?: number; team?: number }): ApiInjury[] {
    const where: string[] = [];
    const args: Array<string | number> = [];
    const when = (condition: string, value: string | number | undefined) => {
      if (value === undefined) return;
      where.push(condition);
      args.push(value);
    };
    when('i.fixture_id IN (SELECT value FROM json_each(?))', filter.fixtures && JSON.stringify(filter.fixtures));
    when('f.league_id = ?', filter.league);
    when('f.season = ?', filter.season);
    when('i.team_id = ?', filter.team);
    const rows = stmt(
      `SELECT i.data FROM fixture_injuries i JOIN fixtures f ON f.id = i.fixture_id ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY f.timestamp, f.id, i.rowid`,
    ).all(...args) as Row[];
    return rows.map((r) => parse<ApiInjury>(r));
  }

  return { injuries };
}
