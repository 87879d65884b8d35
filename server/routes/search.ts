import { HttpError } from '../http/envelope.ts';
import { optionalText } from '../http/validate.ts';
import { RawJson } from '../http/cache.ts';
import type { Routes } from './context.ts';

/** /api/search: clubs, players and news for the header suggestions and the search page (contract SearchResultJson). */
export function registerSearchRoutes({ cachedGet, reader }: Routes): void {
  cachedGet('/api/search', (q) => {
    const text = optionalText(q.q, 200);
    if (!text) throw new HttpError(400, 'Missing search text: q', 'q');
    return { body: new RawJson(reader.searchJson(text)), kind: 'news', oneOff: true };
  });
}
