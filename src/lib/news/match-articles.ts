import { articleMatchId } from '../../../contract/article-match.ts';
import type { Article, NewsItem } from './types.ts';

/**
 * The news a match page points to (issue 35: "a link to the match report"): an article is about the
 * match its body links to last (contract/article-match.ts). Written after kick-off it is the match's
 * report ("Crónica"), before it its preview ("Previa"); the newest of the kind wins.
 */

/** Each match's articles, newest first, by the match each article's body is about. */
export function articlesByMatch(articles: readonly Article[]): Map<number, NewsItem[]> {
  const byMatch = new Map<number, NewsItem[]>();
  for (const article of articles) {
    const id = articleMatchId(article.contentHtml);
    if (id === null) continue;
    const { contentHtml: _body, ...item } = article;
    byMatch.set(id, [...(byMatch.get(id) ?? []), item]);
  }
  for (const list of byMatch.values()) list.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  return byMatch;
}

export interface MatchArticle {
  kind: 'Crónica' | 'Previa';
  item: NewsItem;
}

/** The report when one was written after kick-off, else the latest preview; null when neither. */
export function matchArticle(articles: readonly NewsItem[] | undefined, kickoffMs: number): MatchArticle | null {
  if (!articles?.length) return null;
  const report = articles.find((a) => Date.parse(a.createdAt) >= kickoffMs);
  if (report) return { kind: 'Crónica', item: report };
  return { kind: 'Previa', item: articles[0]! };
}
