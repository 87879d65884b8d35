import { LIMITS } from '../../../lib/config.ts';
import { loadArticles, loadCategories, loadMostRead } from '../../../lib/loaders/news.ts';
import { categoryLabel } from '../../../lib/news/category.ts';
import { listPagePath, pageCount, pageSlice, type PageSlice } from '../../../lib/news/paging.ts';
import type { Article, NewsItem } from '../../../lib/news/types.ts';

/**
 * Data of the prebuilt news lists: /noticias, /noticias/pagina/{n}, /noticias/categoria/{slug} and
 * its pages. Ten per page (spec §5), newest first; pages past the last do not exist (404).
 */

export const NEWS_BASE = '/noticias';
export const categoryBase = (slug: string) => `${NEWS_BASE}/categoria/${slug}`;

/** An article as a list shows it: no body (the page's props stay small). */
const listItem = ({ contentHtml: _body, ...item }: Article): NewsItem => item;

export interface NewsListProps {
  slice: PageSlice<NewsItem>;
  basePath: string;
  /** null: all news; else the category's slug and Spanish name. */
  category: { slug: string; label: string } | null;
  categories: Array<{ slug: string; label: string; count: number }>;
  mostRead: NewsItem[];
}

async function articlesOf(category: string | null): Promise<Article[]> {
  const articles = await loadArticles();
  return category === null ? articles : articles.filter((a) => a.category.trim().toLowerCase() === category);
}

export async function newsListProps(category: string | null, page: number): Promise<NewsListProps> {
  const [articles, categories, mostRead] = await Promise.all([articlesOf(category), loadCategories(), loadMostRead()]);
  return {
    slice: pageSlice(articles.map(listItem), page, LIMITS.news),
    basePath: category === null ? NEWS_BASE : categoryBase(category),
    category: category === null ? null : { slug: category, label: categoryLabel(category) },
    categories: categories.map(({ slug, count }) => ({ slug, label: categoryLabel(slug), count })),
    mostRead: mostRead.map(listItem),
  };
}

/** Page numbers 2 … last of a list (page 1 is the list's own path). */
export async function laterPages(category: string | null): Promise<number[]> {
  const total = pageCount((await articlesOf(category)).length, LIMITS.news);
  return Array.from({ length: Math.max(0, total - 1) }, (_, index) => index + 2);
}

export { listPagePath };
