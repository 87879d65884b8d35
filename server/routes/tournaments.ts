import { HttpError } from '../http/envelope.ts';
import { ID_MESSAGES, requiredId } from '../http/validate.ts';
import type { Routes } from './context.ts';
import type { TournamentDetailJson } from '../../contract/shapes.ts';

/** /api/tournaments/{id}: a competition with phases, groups and matchdays. */
export function registerTournamentRoutes({ cachedGet, reader, fixturesKind }: Routes): void {
  cachedGet('/api/tournaments/:id', (_q, c) => {
    const id = requiredId(c.req.param('id'), 'id', ID_MESSAGES.league);
    const t = reader.tournament(id);
    if (!t) throw new HttpError(404, `Tournament with ID ${id} not found`, 'id');
    return { body: t satisfies TournamentDetailJson, kind: fixturesKind(t.matches) };
  });
}
