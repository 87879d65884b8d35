import type { ApiTransferEntry } from '../provider-types.ts';
import { parse, type ReadContext, type Row } from './context.ts';
import type { CompetitionReads } from './competitions.ts';

/** Provider `/transfers` entries: by player, by team, or every player of a league's squads. */
export function transferReads({ stmt }: ReadContext, { currentSeason }: Pick<CompetitionReads, 'currentSeason'>) {
  function transfers(filter: { player?: number; team?: number; league?: number; season?: number }): ApiTransferEntry[] {
    if (filter.player !== undefined) {
      return (stmt('SELECT data FROM transfers WHERE player_id = ?').all(filter.player) as Row[]).map((r) => parse<ApiTransferEntry>(r));
    }
    if (filter.league !== undefined) {
      // Every player in the league's squads that season, in one query.
      const rows = stmt(
        `SELECT data FROM transfers WHERE player_id IN (
           SELECT s.player_id FROM squads s JOIN season_teams st ON st.team_id = s.team_id AND st.season = s.season
           WHERE st.league_id = ? AND st.season = ?)
         ORDER BY updated DESC, player_id`,
      ).all(filter.league, filter.season ?? currentSeason(filter.league) ?? 0) as Row[];
      return rows.map((r) => parse<ApiTransferEntry>(r));
    }
    const all = (stmt('SELECT data FROM transfers ORDER BY updated DESC').all() as Row[]).map((r) => parse<ApiTransferEntry>(r));
    if (filter.team === undefined) return all;
    return all.filter((e) => e.transfers.some((t) => t.teams.in.id === filter.team || t.teams.out.id === filter.team));
  }

  return { transfers };
}
