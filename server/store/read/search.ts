import { SEARCH_PAGE_MAX as PAGE_MAX, SEARCH_PAGE_SIZE } from '../../../contract/search-results.ts';
import { aliasKey } from '../club-aliases.ts';
import { ftsStartsWith, ftsWords } from '../text.ts';
import type { ReadContext, Row } from './context.ts';
import type { ArticleReads } from './articles.ts';
import type { TeamReads } from './teams.ts';

/** Clubs, players and news per page of a search unless asked otherwise (spec §9: the header shows 8 suggestions). */
export const SEARCH_LIMIT = SEARCH_PAGE_SIZE;
/** The most of each kind one page may ask for (`limit`). */
export const SEARCH_LIMIT_MAX = 50;
/** The last page one may ask for (`page`): beyond it a search is a crawl, not a reader. */
export const SEARCH_PAGE_MAX = PAGE_MAX;

export interface SearchPaging {
  /** 1-based. */
  page: number;
  /** Items of each kind per page, 1 to SEARCH_LIMIT_MAX. */
  limit: number;
}

/**
 * Ranking of a player name against what was typed: the name itself first (`Emelec` for "emelec",
 * compared case-insensitively), then names that start with it, accent-insensitively: one indexed
 * FTS5 lookup, run once per search), then the rest by bm25.
 */
const nameRank = (fts: string, nameColumn: string) =>
  `CASE WHEN lower(${nameColumn}) = lower(:text) THEN 0
        WHEN f.rowid IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH :starts) THEN 1 ELSE 2 END`;

/**
 * Clubs rank the same way, by their name or by a name fans use (schema v3): "liga de quito" is one
 * of LDU de Quito's own names (an indexed look-up of the folded text), "liga" starts one of them.
 */
const clubRank = `CASE WHEN lower(t.name) = lower(:text) OR t.id IN (SELECT team_id FROM club_aliases WHERE key = :key) THEN 0
        WHEN f.rowid IN (SELECT rowid FROM teams_fts WHERE teams_fts MATCH :clubStarts) THEN 1 ELSE 2 END`;

/**
 * News relevance, in steps: every word in the title, then in the keywords or the summary, then only
 * in the body; the newest first within a step. bm25 alone would make "then the newest" meaningless:
 * for a word most articles contain ("liga" is in half of them) its weight is clamped to almost
 * nothing and the order came down to the articles' lengths. Each step is one indexed lookup.
 */
const newsRank = `CASE WHEN f.rowid IN (SELECT rowid FROM articles_fts WHERE articles_fts MATCH :inTitle) THEN 0
        WHEN f.rowid IN (SELECT rowid FROM articles_fts WHERE articles_fts MATCH :inLead) THEN 1 ELSE 2 END`;

/**
 * One search for the header suggestions and the /search page: clubs, players and news, each from
 * its accent-folded FTS5 index (schema v1 to v3), ranked and paged in SQL, with how many of each
 * there are in all. Whatever the reader types becomes quoted prefix terms (server/store/text.ts):
 * it can never be FTS5 syntax.
 *
 * Cost (issue 15, measured on the demo store): the LIMIT is written into the SQL, not bound. With a
 * bound `LIMIT ?` SQLite sorts every match and builds every result column before cutting; with a
 * literal it keeps a top-N sorter, and the three statements took about a third of the time. It is a
 * validated integer (routes/search.ts): at most a statement per page size. The OFFSET is bound
 * (measured: as fast as a literal one), so pages add no statements. The totals are one statement that counts index entries (only news join their table, for
 * the publication time), never a scan of a table.
 */
export function searchReads(
  { stmt, options }: ReadContext,
  { articleJson, teamEntry }: Pick<ArticleReads, 'articleJson'> & Pick<TeamReads, 'teamEntry'>,
) {
  const window = ({ limit }: SearchPaging) => `LIMIT ${limit} OFFSET :offset`;
  const teamsQuery = (paging: SearchPaging) => `
    SELECT t.id, t.name, t.code, t.country, t.founded, t.national, t.logo,
           v.id AS venue_id, v.name AS venue_name, v.address, v.city, v.capacity, v.surface, v.image
    FROM teams_fts f JOIN teams t ON t.id = f.rowid LEFT JOIN venues v ON v.id = t.venue_id
    WHERE teams_fts MATCH :match
    ORDER BY ${clubRank}, bm25(teams_fts, 10.0, 5.0, 8.0), t.name, t.id
    ${window(paging)}`;
  // Each player as the provider's `/players` entry ({player, statistics}) with his latest season's
  // statistics, the domestic league first (as the provider's search answers one season). The stored
  // `data` columns are JSON we wrote ourselves (server/store/write.ts), so the entry is joined as text:
  // no parse and re-serialisation, in SQLite or in JavaScript. Built only for the players of the page.
  const playersQuery = (paging: SearchPaging) => `
    SELECT '{"player":' || p.data || ',"statistics":[' || ifnull((
             SELECT group_concat(data, ',' ORDER BY league_id IN (242, 243) DESC, league_id) FROM player_stats
             WHERE player_id = p.id AND season = (SELECT MAX(season) FROM player_stats WHERE player_id = p.id)), '') || ']}' AS entry
    FROM (
      SELECT f.rowid AS id, ${nameRank('players_fts', 'p.name')} AS tier, bm25(players_fts, 10.0, 4.0, 6.0) AS score, p.name
      FROM players_fts f JOIN players p ON p.id = f.rowid
      WHERE players_fts MATCH :match
      ORDER BY tier, score, p.name, p.id
      ${window(paging)}
    ) hit JOIN players p ON p.id = hit.id
    ORDER BY hit.tier, hit.score, hit.name, hit.id`;
  const newsQuery = (paging: SearchPaging) => `
    SELECT a.rowid, a.id, a.slug, a.title, a.summary, a.image_urls, a.keywords, a.category, a.created_at,
           a.scheduled_at, a.target_website, a.views
    FROM articles_fts f JOIN articles a ON a.rowid = f.rowid
    WHERE articles_fts MATCH :match AND a.scheduled_at <= :now
    ORDER BY ${newsRank}, a.created_at DESC, a.id
    ${window(paging)}`;
  const totalsQuery = `
    SELECT (SELECT count(*) FROM teams_fts WHERE teams_fts MATCH :match) AS teams,
           (SELECT count(*) FROM players_fts WHERE players_fts MATCH :match) AS players,
           (SELECT count(*) FROM articles_fts f JOIN articles a ON a.rowid = f.rowid
             WHERE articles_fts MATCH :match AND a.scheduled_at <= :now) AS news`;

  /** contract SearchResultJson, serialised (the players come from SQLite already as JSON). */
  function searchJson(query: string, paging: SearchPaging = { page: 1, limit: SEARCH_LIMIT }): string {
    const words = ftsWords(query);
    const head = { query, page: paging.page, limit: paging.limit };
    if (words.length === 0) return JSON.stringify({ ...head, total: 0, totals: { teams: 0, players: 0, news: 0 }, news: [], teams: [], players: [] });
    const terms = words.map((w) => `"${w}"*`).join(' ');
    const match = terms;
    const phrase = `"${words.join(' ')}"*`;
    const now = options.now().toISOString();
    const text = query.trim();
    const offset = (paging.page - 1) * paging.limit;
    const totals = stmt(totalsQuery).get({ match, now }) as { teams: number; players: number; news: number };
    const teams = (stmt(teamsQuery(paging)).all({ match, offset, text, key: aliasKey(text), clubStarts: `${ftsStartsWith('name', words)} OR aliases : ${phrase}` }) as Row[]).map(teamEntry);
    const players = (stmt(playersQuery(paging)).all({ match, offset, text, starts: ftsStartsWith('name', words) }) as Row[]).map((r) => r.entry as string);
    const news = (stmt(newsQuery(paging)).all({ match, offset, now, inTitle: `title : (${terms})`, inLead: `{keywords summary} : (${terms})` }) as Row[]).map((r) =>
      articleJson(r, false),
    );
    const body = JSON.stringify({ ...head, total: totals.teams + totals.players + totals.news, totals, news, teams });
    return `${body.slice(0, -1)},"players":[${players.join(',')}]}`;
  }

  return { searchJson };
}
