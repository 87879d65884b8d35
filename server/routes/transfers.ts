import { HttpError } from '../http/envelope.ts';
import { ID_MESSAGES, optionalId, optionalSeason } from '../http/validate.ts';
import type { Routes } from './context.ts';
import type { ApiTransferEntry } from '../../contract/api-football.ts';

/** /transfers by player, team, or (bulk) league. */
export function registerTransferRoutes({ football, reader, leagueParam, teamParam, seasonFor }: Routes): void {
  football('/transfers', (q) => {
    const player = optionalId(q.player, 'player', ID_MESSAGES.player);
    const team = teamParam(q.team);
    const league = leagueParam(q, false);
    if (player === undefined && team === undefined && league === undefined) {
      throw new HttpError(400, 'Missing required parameter: player, team or league', 'player');
    }
    const season = league === undefined ? undefined : seasonFor(league, optionalSeason(q.season));
    return { response: reader.transfers({ player, team, league, season }) satisfies ApiTransferEntry[], kind: 'tables' };
  });
}
