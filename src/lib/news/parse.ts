import type { Article, NewsItem, NewsPage } from './types.ts';

type Raw = Record<string, unknown>;

const asString = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
const asNumber = (value: unknown, fallback = 0): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;
const asStringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.length > 0) : [];

/** Parses one `ai-articles` item; null when it lacks what a link needs (id/slug/title). */
export function parseNewsItem(raw: unknown): NewsItem | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Raw;
  const id = asString(r._id) || asString(r.id);
  const slug = asString(r.slug);
  const title = asString(r.title);
  if (!id || !slug || !title) return null;
  const imageUrls = asStringList(r.imageUrls);
  return {
    id,
    title,
    slug,
    summary: asString(r.summary) || asString(r.description),
    imageUrl: imageUrls[0] ?? null,
    imageUrls,
    keywords: asStringList(r.keywords),
    category: asString(r.category),
    createdAt: asString(r.createdAt),
    views: asNumber(r.views),
    ...(r.matchReport === true && { matchReport: true }),
  };
}

export function parseArticle(raw: unknown): Article | null {
  const item = parseNewsItem(raw);
  if (!item) return null;
  const r = raw as Raw;
  return { ...item, contentHtml: asString(r.content) || asString(r.bodyHtml) };
}

/**
 * Parses a list response `{data, meta}`; items that cannot be shown are dropped, never invented.
 * `parseItem` reads each item (parseArticle for lists asked with `content=true`).
 */
export function parseNewsPage<T extends NewsItem = NewsItem>(
  body: unknown,
  requestedLimit: number,
  parseItem: (raw: unknown) => T | null = parseNewsItem as (raw: unknown) => T | null,
): NewsPage<T> {
  const r = (body && typeof body === 'object' ? body : {}) as Raw;
  const list = Array.isArray(body) ? body : Array.isArray(r.data) ? r.data : Array.isArray(r.response) ? r.response : [];
  const items = list.map(parseItem).filter((item): item is T => item !== null);
  const meta = (r.meta && typeof r.meta === 'object' ? r.meta : {}) as Raw;
  return {
    items,
    currentPage: asNumber(meta.page, 1),
    totalPages: asNumber(meta.totalPages, items.length ? 1 : 0),
    totalNews: asNumber(meta.total, items.length),
    limit: asNumber(meta.limit, requestedLimit),
  };
}

/** Cuts a summary at a word boundary (spec §9: 120 characters, 60 compact); shared with the server. */
export { truncate } from '../../../contract/format.ts';
