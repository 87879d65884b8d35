import { getArticlesWithContent } from '../news/api.ts';
import type { RequestOptions } from '../http/client.ts';
import { QUERY_LIMITS } from '../../../contract/limits.ts';
import { LIMITS } from '../config.ts';
import { sanitizeArticleHtml } from '../news/sanitize.ts';
import { articlesByMatch } from '../news/match-articles.ts';
import type { Article, NewsItem } from '../news/types.ts';
import { memo, required } from './memo.ts';

/**
 * Build-time reads of the news: every published article (bodies included) in as few requests as
 * the API's page size allows (`/api/ai-articles?limit=50&page=N&content=true`, contract/bulk.ts),
 * once per build. The list, category, article and RSS pages and the news pictures all come from it.
 */

const PAGE_SIZE = QUERY_LIMITS.articlesPerPageMax;

/**
 * Every article this site may publish now (the API hides embargoed ones and other sites'), newest
 * first, with its body sanitized by the site's own allowlist. A failed read fails the build: the
 * articles decide which pages exist.
 */
export function loadArticles(options?: RequestOptions): Promise<Article[]> {
  return memo('news:articles', async () => {
    const first = await required('news (page 1)', getArticlesWithContent(1, PAGE_SIZE, options));
    const rest = await Promise.all(
      Array.from({ length: Math.max(0, first.totalPages - 1) }, (_, index) =>
        required(`news (page ${index + 2})`, getArticlesWithContent(index + 2, PAGE_SIZE, options)),
      ),
    );
    const bySlug = new Map<string, Article>();
    for (const article of [first, ...rest].flatMap((page) => page.items)) if (!bySlug.has(article.slug)) bySlug.set(article.slug, article);
    return [...bySlug.values()]
      .map((article) => ({ ...article, contentHtml: sanitizeArticleHtml(article.contentHtml) }))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.slug.localeCompare(b.slug));
  });
}

/** One article by slug among the published ones (undefined: embargoed, another site's or unknown). */
export async function loadArticle(slug: string, options?: RequestOptions): Promise<Article | undefined> {
  return (await loadArticles(options)).find((article) => article.slug === slug);
}

/** "Más leídas": the most viewed published articles (spec: top 6), from the same read. */
export async function loadMostRead(limit: number = LIMITS.topViewed, options?: RequestOptions): Promise<Article[]> {
  const articles = await loadArticles(options);
  return [...articles].sort((a, b) => b.views - a.views || b.createdAt.localeCompare(a.createdAt)).slice(0, limit);
}

/** Categories present in the data (slugs), most articles first. */
export async function loadCategories(options?: RequestOptions): Promise<Array<{ slug: string; count: number }>> {
  const counts = new Map<string, number>();
  for (const article of await loadArticles(options)) {
    const slug = article.category.trim().toLowerCase();
    if (/^[a-z0-9-]+$/.test(slug)) counts.set(slug, (counts.get(slug) ?? 0) + 1);
  }
  return [...counts].map(([slug, count]) => ({ slug, count })).sort((a, b) => b.count - a.count || a.slug.localeCompare(b.slug));
}

/** Each match's articles (its report, its preview), by the match page their bodies link to first. */
export function loadArticlesByMatch(options?: RequestOptions): Promise<Map<number, NewsItem[]>> {
  return memo('news:by-match', async () => articlesByMatch(await loadArticles(options)));
}
