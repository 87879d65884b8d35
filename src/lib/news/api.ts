import { BULK_CONTENT_PARAM } from '../../../contract/bulk.ts';
import { LIMITS, SITE } from '../config.ts';
import { parseArticle, parseNewsPage } from './parse.ts';
import type { Article, NewsPage } from './types.ts';
import { apiGet, type ApiResult, type RequestOptions } from '../http/client.ts';

export interface NewsQuery {
  search?: string;
  keywords?: string[];
  sortByKeywords?: boolean;
  category?: string;
  page?: number;
  limit?: number;
  sort?: 'createdAt' | 'views';
  order?: 'asc' | 'desc';
}

/** A page of whole articles, bodies included (the build's bulk read, contract/bulk.ts `content=true`). */
export async function getArticlesWithContent(page: number, limit: number, options?: RequestOptions): Promise<ApiResult<NewsPage<Article>>> {
  const result = await apiGet(
    '/api/ai-articles',
    { page, limit, sort: 'createdAt', order: 'desc', [BULK_CONTENT_PARAM]: true, scheduledBefore: new Date().toISOString(), targetWebsite: SITE.domain },
    options,
  );
  if (!result.ok) return result;
  return { ok: true, status: result.status, data: parseNewsPage(result.data, limit, parseArticle) };
}

/** Lists news (spec §7 defaults: page 1, limit 10, sort createdAt, order desc; only already published). */
export async function getNews(query: NewsQuery = {}, options?: RequestOptions): Promise<ApiResult<NewsPage>> {
  const limit = query.limit ?? LIMITS.news;
  const result = await apiGet(
    '/api/ai-articles',
    {
      search: query.search?.trim() || undefined,
      keywords: query.keywords?.length ? query.keywords.join(',') : undefined,
      sortByKeywords: query.sortByKeywords || undefined,
      category: query.category,
      page: query.page ?? 1,
      limit,
      sort: query.sort ?? 'createdAt',
      order: query.order ?? 'desc',
      scheduledBefore: new Date().toISOString(),
      targetWebsite: SITE.domain,
    },
    options,
  );
  if (!result.ok) return result;
  return { ok: true, status: result.status, data: parseNewsPage(result.data, limit) };
}

/** Most-read news (spec: top viewed, default 6). */
export function getTopViewedNews(limit: number = LIMITS.topViewed, options?: RequestOptions): Promise<ApiResult<NewsPage>> {
  return getNews({ limit, sort: 'views', order: 'desc' }, options);
}

export async function getArticleBySlug(slug: string, options?: RequestOptions): Promise<ApiResult<Article>> {
  const result = await apiGet(
    `/api/ai-articles/slug/${encodeURIComponent(slug)}`,
    { scheduledBefore: new Date().toISOString(), targetWebsite: SITE.domain },
    options,
  );
  if (!result.ok) return result;
  const body = result.data as Record<string, unknown> | null;
  const article = parseArticle(body && typeof body === 'object' && 'data' in body ? body.data : body);
  return article ? { ok: true, status: result.status, data: article } : { ok: false, status: 404, error: 'Article not found' };
}
