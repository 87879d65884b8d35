import { BULK_CONTENT_PARAM, QUERY_LIMITS } from '../../contract/index.ts';
import { HttpError } from '../http/envelope.ts';
import { booleanParam, optionalCount, optionalEnum, optionalText } from '../http/validate.ts';
import type { Routes } from './context.ts';

/** News: /api/ai-articles (list, with content=true for the build) and by slug. */
export function registerNewsRoutes({ cachedGet, reader }: Routes): void {
  cachedGet('/api/ai-articles', (q) => {
    const search = q.search === undefined ? undefined : optionalText(q.search, 2000) ?? '';
    const keywords = q.keywords?.split(',').map((k) => k.trim()).filter(Boolean).slice(0, 20);
    if (q.scheduledBefore !== undefined && Number.isNaN(Date.parse(q.scheduledBefore))) {
      throw new HttpError(400, 'Invalid scheduledBefore: expected an ISO date', 'scheduledBefore');
    }
    const body = reader.articles({
      search,
      keywords,
      sortByKeywords: q.sortByKeywords === 'true',
      category: optionalText(q.category, 40),
      page: optionalCount(q.page, 'page', 10_000) ?? 1,
      limit: optionalCount(q.limit, 'limit', QUERY_LIMITS.articlesPerPageMax) ?? 10,
      sort: optionalEnum(q.sort, 'sort', ['createdAt', 'views'] as const) ?? 'createdAt',
      order: optionalEnum(q.order, 'order', ['asc', 'desc'] as const) ?? 'desc',
      scheduledBefore: q.scheduledBefore ? new Date(q.scheduledBefore).toISOString() : undefined,
      targetWebsite: optionalText(q.targetWebsite, 100),
      content: booleanParam(q, BULK_CONTENT_PARAM),
    });
    return { body, kind: 'news' };
  });

  cachedGet('/api/ai-articles/slug/:slug', (q, c) => {
    const slug = c.req.param('slug') ?? '';
    if (!/^[a-z0-9-]{1,200}$/.test(slug)) throw new HttpError(400, 'Invalid article slug format', 'slug');
    const article = reader.articleBySlug(slug, {
      scheduledBefore: q.scheduledBefore && !Number.isNaN(Date.parse(q.scheduledBefore)) ? new Date(q.scheduledBefore).toISOString() : undefined,
      targetWebsite: optionalText(q.targetWebsite, 100),
    });
    if (!article) throw new HttpError(404, 'Article not found', 'slug');
    return { body: { data: article }, kind: 'news' };
  });
}
