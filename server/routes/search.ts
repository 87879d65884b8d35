import { HttpError } from '../http/envelope.ts';
import { optionalText } from '../http/validate.ts';
import type { Routes } from './context.ts';

/** /api/search: news, teams and players for the search page. */
export function registerSearchRoutes({ cachedGet, reader }: Routes): void {
  cachedGet('/api/search', (q) => {
    const text = optionalText(q.q, 200);
    if (!text) throw new HttpError(400, 'Missing search text: q', 'q');
    return { body: reader.search(text), kind: 'news' };
  });
}
