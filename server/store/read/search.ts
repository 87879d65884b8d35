import { ftsStartsWith, ftsWords } from '../text.ts';
import type { ReadContext, Row } from './context.ts';
import type { ArticleReads } from './articles.ts';
import type { TeamReads } from './teams.ts';

/** At most this many clubs, players and news per search (spec §9: the header shows 8 suggestions). */
export const SEARCH_LIMIT = 8;

/**
 * Ranking of a club or player name against what was typed: the name itself first (`Emelec` for
 * "emelec", compared case-insensitively), then names that start with it ("liga" → `Liga de Quito`,
 * accent-insensitively: one indexed FTS5 lookup, run once per search), then the rest by bm25.
 */
const nameRank = (fts: string, nameColumn: string) =>
  `CASE WHEN lower(${nameColumn}) = lower(:text) THEN 0
        WHEN f.rowid IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH :starts) THEN 1 ELSE 2 END`;

/**
 * One search for the header suggestions and the /search page: clubs, players and news, each from
 * its accent-folded FTS5 index (schema v1 and v2), ranked and limited in SQL. Whatever the reader
 * types becomes quoted prefix terms (server/store/text.ts): it can never be FTS5 syntax.
 *
 * Cost (issue 15, measured on the demo store): the LIMIT is written into the SQL, not bound. With a
 * bound `LIMIT ?` SQLite sorts every match and builds every result column before cutting; with a
 * literal it keeps a top-8 sorter, and the three statements took about a third of the time.
 */
export function searchReads(
  { stmt, options }: ReadContext,
  { articleJson, teamEntry }: Pick<ArticleReads, 'articleJson'> & Pick<TeamReads, 'teamEntry'>,
) {
  const teamsQuery = `
    SELECT t.id, t.name, t.code, t.country, t.founded, t.national, t.logo,
           v.id AS venue_id, v.name AS venue_name, v.address, v.city, v.capacity, v.surface, v.image
    FROM teams_fts f JOIN teams t ON t.id = f.rowid LEFT JOIN venues v ON v.id = t.venue_id
    WHERE teams_fts MATCH :match
    ORDER BY ${nameRank('teams_fts', 't.name')}, bm25(teams_fts, 10.0, 5.0), t.name
    LIMIT ${SEARCH_LIMIT}`;
  // Each player as the provider's `/players` entry ({player, statistics}) with his latest season's
  // statistics, the domestic league first (as the provider's search answers one season). The stored
  // `data` columns are JSON we wrote ourselves (server/store/write.ts), so the entry is joined as text:
  // no parse and re-serialisation, in SQLite or in JavaScript. Built only for the ≤ 8 players kept.
  const playersQuery = `
    SELECT '{"player":' || p.data || ',"statistics":[' || ifnull((
             SELECT group_concat(data, ',' ORDER BY league_id IN (242, 243) DESC, league_id) FROM player_stats
             WHERE player_id = p.id AND season = (SELECT MAX(season) FROM player_stats WHERE player_id = p.id)), '') || ']}' AS entry
    FROM (
      SELECT f.rowid AS id, ${nameRank('players_fts', 'p.name')} AS tier, bm25(players_fts, 10.0, 4.0, 6.0) AS score, p.name
      FROM players_fts f JOIN players p ON p.id = f.rowid
      WHERE players_fts MATCH :match
      ORDER BY tier, score, p.name
      LIMIT ${SEARCH_LIMIT}
    ) hit JOIN players p ON p.id = hit.id
    ORDER BY hit.tier, hit.score, hit.name`;
  // Title matters most, then keywords and summary; among equals the newest first.
  const newsQuery = `
    SELECT a.rowid, a.id, a.slug, a.title, a.summary, a.image_urls, a.keywords, a.category, a.created_at,
           a.scheduled_at, a.target_website, a.views
    FROM articles_fts f JOIN articles a ON a.rowid = f.rowid
    WHERE articles_fts MATCH :match AND a.scheduled_at <= :now
    ORDER BY bm25(articles_fts, 10.0, 3.0, 1.0, 5.0), a.created_at DESC, a.id
    LIMIT ${SEARCH_LIMIT}`;

  /** contract SearchResultJson, serialised (the players come from SQLite already as JSON). */
  function searchJson(query: string): string {
    const words = ftsWords(query);
    if (words.length === 0) return JSON.stringify({ query, news: [], teams: [], players: [] });
    const match = words.map((w) => `"${w}"*`).join(' ');
    const name = { match, text: query.trim(), starts: ftsStartsWith('name', words) };
    const teams = (stmt(teamsQuery).all(name) as Row[]).map(teamEntry);
    const players = (stmt(playersQuery).all(name) as Row[]).map((r) => r.entry as string);
    const news = (stmt(newsQuery).all({ match, now: options.now().toISOString() }) as Row[]).map((r) => articleJson(r, false));
    const head = JSON.stringify({ query, news, teams });
    return `${head.slice(0, -1)},"players":[${players.join(',')}]}`;
  }

  return { searchJson };
}

export type SearchReads = ReturnType<typeof searchReads>;
