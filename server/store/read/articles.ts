import type { ArticleJson, ArticlesPageJson } from '../../../contract/shapes.ts';
import { articleMatchId } from '../../../contract/article-match.ts';
import { foldAccents } from '../../../contract/text.ts';
import { ftsQuery } from '../text.ts';
import type { ReadContext, Row } from './context.ts';

export interface ArticleQuery {
  search?: string;
  keywords?: string[];
  sortByKeywords?: boolean;
  category?: string;
  page: number;
  limit: number;
  sort: 'createdAt' | 'views';
  order: 'asc' | 'desc';
  scheduledBefore?: string;
  targetWebsite?: string;
  /** List items carry `content` (the build's bulk read). */
  content?: boolean;
}

/**
 * Whether an article is a match's report, as a column `match_report` (1 or 0): written after the kick-off
 * of the match its body is about (contract/article-match.ts). Reports of cups and of the national team
 * are filed under `copas` and `seleccion` beside their previews, so the category alone cannot say it;
 * Sin spoilers hides a report's title and summary until tapped (contract/spoilers.ts). Needs the SQL
 * function `article_match_id`, registered by articleReads.
 */
export const MATCH_REPORT_SQL = `EXISTS (SELECT 1 FROM fixtures fx WHERE fx.id = article_match_id(a.body_html)
    AND fx.timestamp <= unixepoch(a.created_at)) AS match_report`;

/** News: the article list (search, keywords, paging) and one article by slug. */
export function articleReads({ db, stmt, options }: ReadContext) {
  db.function('article_match_id', { deterministic: true }, (html) => (typeof html === 'string' ? articleMatchId(html) : null));
  function articleJson(r: Row, withContent: boolean): ArticleJson {
    const a: ArticleJson = {
      _id: r.id as string,
      title: r.title as string,
      slug: r.slug as string,
      summary: r.summary as string,
      description: r.summary as string,
      imageUrls: JSON.parse(r.image_urls as string) as string[],
      keywords: JSON.parse(r.keywords as string) as string[],
      category: r.category as string,
      createdAt: r.created_at as string,
      scheduledAt: r.scheduled_at as string,
      targetWebsite: r.target_website as string,
      views: r.views as number,
      matchReport: r.match_report === 1,
    };
    if (withContent) a.content = r.body_html as string;
    return a;
  }

  /** Articles scheduled after now are invisible, whatever `scheduledBefore` a client sends. */
  function visibleBefore(scheduledBefore?: string): string {
    const serverNow = options.now().toISOString();
    return scheduledBefore && scheduledBefore < serverNow ? scheduledBefore : serverNow;
  }

  const ARTICLE_COLUMNS = 'a.rowid, a.id, a.slug, a.title, a.summary, a.image_urls, a.keywords, a.category, a.created_at, a.scheduled_at, a.target_website, a.views';
  /** The page's rows with `match_report`: read per row shown, not for every article a filter matched before paging. */
  const withMatchReport = (rows: Row[]): Row[] =>
    rows.map((r) => ({ ...r, match_report: (stmt(`SELECT ${MATCH_REPORT_SQL} FROM articles a WHERE a.rowid = ?`).get(r.rowid as number) as Row).match_report }));

  function articles(q: ArticleQuery): ArticlesPageJson {
    const where = ['a.scheduled_at <= ?'];
    const args: Array<string | number> = [visibleBefore(q.scheduledBefore)];
    if (q.targetWebsite) {
      where.push('a.target_website = ?');
      args.push(q.targetWebsite);
    }
    if (q.category) {
      where.push('a.category = ?');
      args.push(q.category);
    }
    let from = 'articles a';
    if (q.search !== undefined) {
      const match = ftsQuery(q.search);
      if (!match) return { data: [], meta: { page: q.page, limit: q.limit, total: 0, totalPages: 0 } };
      from = 'articles_fts f JOIN articles a ON a.rowid = f.rowid';
      where.push('articles_fts MATCH ?');
      args.push(match);
    }
    const column = q.sort === 'views' ? 'a.views' : 'a.created_at';
    const direction = q.order === 'asc' ? 'ASC' : 'DESC';
    let rows = db.prepare(`SELECT ${ARTICLE_COLUMNS}${q.content ? ', a.body_html' : ''} FROM ${from} WHERE ${where.join(' AND ')} ORDER BY ${column} ${direction}, a.id`).all(...args) as Row[];

    if (q.keywords?.length) {
      const wanted = new Set(q.keywords.map(foldAccents));
      const score = (r: Row) => (JSON.parse(r.keywords as string) as string[]).filter((k) => wanted.has(foldAccents(k))).length;
      const scored = rows.map((r) => ({ r, s: score(r) })).filter((x) => x.s > 0);
      // Stable sort keeps the requested order among articles sharing as many keywords.
      if (q.sortByKeywords) scored.sort((a, b) => b.s - a.s);
      rows = scored.map((x) => x.r);
    }
    const total = rows.length;
    const page = withMatchReport(rows.slice((q.page - 1) * q.limit, q.page * q.limit));
    return {
      data: page.map((r) => articleJson(r, q.content === true)),
      meta: { page: q.page, limit: q.limit, total, totalPages: Math.ceil(total / q.limit) },
    };
  }

  function articleBySlug(slug: string, filter: { scheduledBefore?: string; targetWebsite?: string }): ArticleJson | undefined {
    const row = stmt(`SELECT ${ARTICLE_COLUMNS}, a.body_html, ${MATCH_REPORT_SQL} FROM articles a WHERE a.slug = ? AND a.scheduled_at <= ?`).get(
      slug,
      visibleBefore(filter.scheduledBefore),
    ) as Row | undefined;
    if (!row || (filter.targetWebsite && row.target_website !== filter.targetWebsite)) return undefined;
    return articleJson(row, true);
  }

  return { articles, articleBySlug, articleJson };
}

export type ArticleReads = ReturnType<typeof articleReads>;
