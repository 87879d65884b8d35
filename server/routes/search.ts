import { HttpError } from '../http/envelope.ts';
import { optionalCount, optionalText } from '../http/validate.ts';
import { RawJson } from '../http/cache.ts';
import { createLoopShare } from '../http/loop-share.ts';
import type { Routes } from './context.ts';
import { SEARCH_LIMIT, SEARCH_LIMIT_MAX, SEARCH_PAGE_MAX } from '../store/read/search.ts';

/** Thrown when searches have had their share of the event loop; answered 503 with Retry-After. */
export class SearchBusyError extends Error {}

/**
 * While other requests are being served, searches may take this share of every 100 ms of the event
 * loop (SEARCH_LOOP_SHARE, 0 to 1; 1 lifts the share bound), and 5 ms of CPU per turn of the loop:
 * however many arrive at once, the others keep at least the rest and wait behind at most ~5 ms of
 * searches. Alone, searches may use the whole loop.
 */
function loopShare(env: NodeJS.ProcessEnv = process.env): number {
  const share = Number(env.SEARCH_LOOP_SHARE);
  return env.SEARCH_LOOP_SHARE && share > 0 && share <= 1 ? share : 0.5;
}

/**
 * /api/search: clubs, players and news for the header suggestions and the search page (contract
 * SearchResultJson), `limit` of each kind (8 unless asked) from `page`, with the totals of each.
 */
export function registerSearchRoutes({ app, cachedGet, reader }: Routes): void {
  const share = createLoopShare({ share: loopShare(), windowMs: 100, perTurnMs: 5 });
  // Notes when any other request arrives (app.ts registers this module first: Hono runs middleware only
  // for the routes registered after it).
  app.use('*', async (c, next) => {
    if (c.req.path !== '/api/search') share.other(performance.now());
    await next();
  });
  cachedGet('/api/search', (q) => {
    const text = optionalText(q.q, 200);
    if (!text) throw new HttpError(400, 'Missing search text: q', 'q');
    const page = optionalCount(q.page, 'page', SEARCH_PAGE_MAX) ?? 1;
    const limit = optionalCount(q.limit, 'limit', SEARCH_LIMIT_MAX) ?? SEARCH_LIMIT;
    // Only searches that reach the store count: answers from the cache are served whatever the load.
    if (!share.allow(performance.now())) throw new SearchBusyError();
    return { body: new RawJson(share.run(() => reader.searchJson(text, { page, limit }))), kind: 'news', oneOff: true };
  });
}
