/** Domain type of a news item, as components receive it (never the raw API object). */
export interface NewsItem {
  id: string;
  title: string;
  slug: string;
  /** Summary, falling back to the description (spec §3). */
  summary: string;
  /** First of `imageUrls`: the thumbnail; null when the article has none. */
  imageUrl: string | null;
  imageUrls: string[];
  keywords: string[];
  category: string;
  createdAt: string;
  views: number;
  /** A match's report (the API's `matchReport`): it tells the result, so Sin spoilers hides it (contract/spoilers.ts). */
  matchReport?: boolean;
}

/** A full article: a news item plus its sanitized HTML body. */
export interface Article extends NewsItem {
  contentHtml: string;
}

export interface NewsPage<T extends NewsItem = NewsItem> {
  items: T[];
  /** Paging state (spec §3): currentPage, totalPages, totalNews, limit. */
  currentPage: number;
  totalPages: number;
  totalNews: number;
  limit: number;
}
