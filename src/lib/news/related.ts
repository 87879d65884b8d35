import { foldAccents } from '../../../contract/text.ts';
import type { NewsItem } from './types.ts';

/** A keyword's form for comparing: "Selección" and " seleccion" are one. */
export function foldText(text: string): string {
  return foldAccents(text).trim();
}

/**
 * Articles related to `article`: those sharing the most keywords (a club, a player, a competition),
 * then the same category, newest first. Never the article itself; none when nothing is shared.
 */
export function relatedArticles<T extends NewsItem>(article: NewsItem, candidates: readonly T[], limit = 4): T[] {
  const own = new Set(article.keywords.map(foldText));
  const category = foldText(article.category);
  return candidates
    .filter((candidate) => candidate.slug !== article.slug)
    .map((candidate) => {
      const shared = candidate.keywords.filter((keyword) => own.has(foldText(keyword))).length;
      const sameCategory = category !== '' && foldText(candidate.category) === category;
      return { candidate, score: shared * 2 + (sameCategory ? 1 : 0), shared };
    })
    .filter(({ shared }) => shared > 0)
    .sort((a, b) => b.score - a.score || b.candidate.createdAt.localeCompare(a.candidate.createdAt))
    .slice(0, limit)
    .map(({ candidate }) => candidate);
}
