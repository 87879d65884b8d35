import type { Article, NewsItem } from './types.ts';

/**
 * The news a match page points to (issue 35: "a link to the match report"): an article is about the
 * match its body links to first (a report ends with "Ver alineaciones, estadísticas y minuto a
 * minuto"; a preview links the match, then the clubs' last meeting). Written after kick-off it is
 * the match's report ("Crónica"), before it its preview ("Previa"); the newest of the kind wins.
 */

const MATCH_LINK = /href="\/partidos\/(\d+)"/;

/** Each match's articles, newest first, by the first match page each article's body links to. */
export function articlesByMatch(articles: readonly Article[]): Map<number, NewsItem[]> {
  const byMatch = new Map<number, NewsItem[]>();
  for (const article of articles) {
    const link = MATCH_LINK.exec(article.contentHtml);
    if (!link) continue;
    const id = Number(link[1]);
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
