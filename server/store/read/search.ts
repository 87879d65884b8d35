import { SEARCH_PAGE_MAX as PAGE_MAX, SEARCH_PAGE_SIZE } from '../../../contract/search-results.ts';
import { competitionName, competitionShortName } from '../../../contract/competitions.ts';
import { FINISHED_STATUSES, CANCELLED_STATUSES } from '../../../contract/status.ts';
import { aliasKey } from '../club-aliases.ts';
import { bestTier, foldedWords, matchSides, type NameTier } from '../search-terms.ts';
import { ftsStartsWith, ftsWords } from '../text.ts';
import type { ReadContext, Row } from './context.ts';
import { MATCH_REPORT_SQL, type ArticleReads } from './articles.ts';
import type { CompetitionReads } from './competitions.ts';
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

/** A side of a match search names at most this many clubs ("universidad" is several): the best-ranked ones. */
const CLUBS_PER_SIDE = 3;
/** How many of the coming matches lead a match search's list, before the results (then the rest of the coming ones). */
export const NEXT_MATCHES_FIRST = 3;
/** Played, or not to be played as scheduled: the past of a match search, newest first. */
const PAST_SQL = [...FINISHED_STATUSES, ...CANCELLED_STATUSES].map((s) => `'${s}'`).join(',');

/**
 * News relevance, in steps: every word in the title, then in the keywords or the summary, then only
 * in the body; the newest first within a step. bm25 alone would make "then the newest" meaningless:
 * for a word most articles contain ("liga" is in half of them) its weight is clamped to almost
 * nothing and the order came down to the articles' lengths. Each step is one indexed lookup.
 */
const newsRank = `CASE WHEN f.rowid IN (SELECT rowid FROM articles_fts WHERE articles_fts MATCH :inTitle) THEN 0
        WHEN f.rowid IN (SELECT rowid FROM articles_fts WHERE articles_fts MATCH :inLead) THEN 1 ELSE 2 END`;

const pageWindow = ({ limit }: SearchPaging) => `LIMIT ${limit} OFFSET :offset`;
const teamsQuery = (paging: SearchPaging) => `
  SELECT t.id, t.name, t.code, t.country, t.founded, t.national, t.logo,
         v.id AS venue_id, v.name AS venue_name, v.address, v.city, v.capacity, v.surface, v.image
  FROM teams_fts f JOIN teams t ON t.id = f.rowid LEFT JOIN venues v ON v.id = t.venue_id
  WHERE teams_fts MATCH :match
  ORDER BY ${clubRank}, bm25(teams_fts, 10.0, 5.0, 8.0), t.name, t.id
  ${pageWindow(paging)}`;
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
    ${pageWindow(paging)}
  ) hit JOIN players p ON p.id = hit.id
  ORDER BY hit.tier, hit.score, hit.name, hit.id`;
const newsQuery = (paging: SearchPaging) => `
  SELECT a.rowid, a.id, a.slug, a.title, a.summary, a.image_urls, a.keywords, a.category, a.created_at,
         a.scheduled_at, a.target_website, a.views, ${MATCH_REPORT_SQL}
  FROM articles_fts f JOIN articles a ON a.rowid = f.rowid
  WHERE articles_fts MATCH :match AND a.scheduled_at <= :now
  ORDER BY ${newsRank}, a.created_at DESC, a.id
  ${pageWindow(paging)}`;
const totalsQuery = `
  SELECT (SELECT count(*) FROM teams_fts WHERE teams_fts MATCH :match) AS teams,
         (SELECT count(*) FROM players_fts WHERE players_fts MATCH :match) AS players,
         (SELECT count(*) FROM articles_fts f JOIN articles a ON a.rowid = f.rowid
           WHERE articles_fts MATCH :match AND a.scheduled_at <= :now) AS news`;
// The clubs a side of a match search names: the best-ranked ones of one tier (clubRank), a few.
const clubsQuery = `
  SELECT t.id, ${clubRank} AS tier
  FROM teams_fts f JOIN teams t ON t.id = f.rowid
  WHERE teams_fts MATCH :match
  ORDER BY tier, bm25(teams_fts, 10.0, 5.0, 8.0), t.name, t.id
  LIMIT ${CLUBS_PER_SIDE}`;
const ids = 'SELECT value FROM json_each';
const pairQuery = `
  SELECT id, timestamp, status_short IN (${PAST_SQL}) AS past FROM fixtures
  WHERE (home_id IN (${ids}(:a)) AND away_id IN (${ids}(:b))) OR (home_id IN (${ids}(:b)) AND away_id IN (${ids}(:a)))`;
const clubQuery = `
  SELECT id, timestamp, status_short IN (${PAST_SQL}) AS past FROM fixtures
  WHERE home_id IN (${ids}(:a)) OR away_id IN (${ids}(:a))`;
const fixturesQuery = `SELECT id, data FROM fixtures WHERE id IN (${ids}(?))`;

/** Match searches ("liga vs aucas", "emelec -"): the clubs each side names, then their matches. */
function matchSearch(stmt: ReadContext['stmt']) {
  /** The clubs `words` name (the parameters of clubRank for them), or null when none. */
  function clubsNamed(words: string[]): { ids: number[]; tier: number } | null {
    const text = words.join(' ');
    const rows = stmt(clubsQuery).all({
      match: words.map((w) => `"${w}"*`).join(' '),
      text,
      key: aliasKey(text),
      clubStarts: `${ftsStartsWith('name', words)} OR aliases : "${text}"*`,
    }) as Array<{ id: number; tier: number }>;
    const tier = rows[0]?.tier;
    return tier === undefined ? null : { ids: rows.filter((r) => r.tier === tier).map((r) => r.id), tier };
  }

  /**
   * The clubs of a match search: "liga vs aucas" names both sides, "emelec -" one (any of its
   * matches); "barcelona emelec" is split where both halves name clubs best (the lowest tiers), unless
   * the whole text is one club's name or its start ("liga de quito", "colo colo"), which is no match search.
   */
  function matchClubs(query: string): { a: number[]; b: number[] | null } | null {
    const read = matchSides(query);
    if (!read) return null;
    const { sides, explicit } = read;
    if (explicit) {
      const a = clubsNamed(sides[0]!);
      const b = sides[1] ? clubsNamed(sides[1]) : null;
      if (!a || (sides[1] && !b)) return null;
      return { a: a.ids, b: b?.ids ?? null };
    }
    const words = sides[0]!;
    if (words.length < 2) return null;
    const whole = clubsNamed(words);
    if (whole && whole.tier <= 1) return null;
    let best: { a: number[]; b: number[]; score: number } | null = null;
    for (let k = 1; k < words.length; k++) {
      const a = clubsNamed(words.slice(0, k));
      // Every word must match (FTS5 AND): a left half that names no club names none with one more word.
      if (!a) break;
      const b = clubsNamed(words.slice(k));
      if (b && (!best || a.tier + b.tier < best.score)) best = { a: a.ids, b: b.ids, score: a.tier + b.tier };
    }
    return best;
  }

  /**
   * The matches of the clubs a search names, in the order a fan wants them: the next few to be
   * played (soonest first, one in play before them), then the results (newest first), then the rest
   * of the fixture list. All of them are counted; only the page's are read whole.
   */
  function matchesFound(query: string, paging: SearchPaging): { total: number; entries: string[] } {
    const clubs = matchClubs(query);
    if (!clubs) return { total: 0, entries: [] };
    const a = JSON.stringify(clubs.a);
    const rows = (clubs.b ? stmt(pairQuery).all({ a, b: JSON.stringify(clubs.b) }) : stmt(clubQuery).all({ a })) as Array<{
      id: number;
      timestamp: number;
      past: number;
    }>;
    const coming = rows.filter((r) => !r.past).sort((x, y) => x.timestamp - y.timestamp || x.id - y.id);
    const past = rows.filter((r) => r.past).sort((x, y) => y.timestamp - x.timestamp || y.id - x.id);
    const ordered = [...coming.slice(0, NEXT_MATCHES_FIRST), ...past, ...coming.slice(NEXT_MATCHES_FIRST)];
    const page = ordered.slice((paging.page - 1) * paging.limit, paging.page * paging.limit).map((r) => r.id);
    if (page.length === 0) return { total: rows.length, entries: [] };
    const data = new Map((stmt(fixturesQuery).all(JSON.stringify(page)) as Row[]).map((r) => [r.id as number, r.data as string]));
    return { total: rows.length, entries: page.map((id) => data.get(id)!) };
  }

  return { matchesFound };
}

/**
 * The competitions whose name readers see (contract/competitions.ts), short name or the provider's
 * answers the query (search-terms.ts nameTier): the name itself first, then names it starts, then
 * the rest, in the portal's order within each (the tournaments' order).
 */
function competitionsFound(query: string, tournaments: CompetitionReads['tournaments']) {
  const typed = foldedWords(query);
  if (typed.length === 0) return [];
  return tournaments()
    .map((t, order) => ({ t, order, tier: bestTier(typed, [competitionName(t.id, t.name), competitionShortName(t.id, t.name), t.name, t.shortName]) }))
    .filter((c): c is typeof c & { tier: NameTier } => c.tier !== null)
    .sort((x, y) => x.tier - y.tier || x.order - y.order)
    .map((c) => c.t);
}

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
  { articleJson, teamEntry, tournaments }: Pick<ArticleReads, 'articleJson'> & Pick<TeamReads, 'teamEntry'> & Pick<CompetitionReads, 'tournaments'>,
) {
  const { matchesFound } = matchSearch(stmt);

  /** contract SearchResultJson, serialised (the players come from SQLite already as JSON). */
  function searchJson(query: string, paging: SearchPaging = { page: 1, limit: SEARCH_LIMIT }): string {
    const words = ftsWords(query);
    // `now`: the clock the matches were split at (coming, played), and the year their dates are read in.
    const head = { query, page: paging.page, limit: paging.limit, now: options.now().toISOString() };
    if (words.length === 0) {
      const totals = { teams: 0, players: 0, news: 0, competitions: 0, matches: 0 };
      return JSON.stringify({ ...head, total: 0, totals, news: [], teams: [], competitions: [], matches: [], players: [] });
    }
    const terms = words.map((w) => `"${w}"*`).join(' ');
    const match = terms;
    const phrase = `"${words.join(' ')}"*`;
    const now = head.now;
    const text = query.trim();
    const offset = (paging.page - 1) * paging.limit;
    const totals = stmt(totalsQuery).get({ match, now }) as { teams: number; players: number; news: number };
    const teams = (stmt(teamsQuery(paging)).all({ match, offset, text, key: aliasKey(text), clubStarts: `${ftsStartsWith('name', words)} OR aliases : ${phrase}` }) as Row[]).map(teamEntry);
    const players = (stmt(playersQuery(paging)).all({ match, offset, text, starts: ftsStartsWith('name', words) }) as Row[]).map((r) => r.entry as string);
    const news = (stmt(newsQuery(paging)).all({ match, offset, now, inTitle: `title : (${terms})`, inLead: `{keywords summary} : (${terms})` }) as Row[]).map((r) =>
      articleJson(r, false),
    );
    const competitionsAll = competitionsFound(text, tournaments);
    const competitions = competitionsAll.slice(offset, offset + paging.limit);
    const matches = matchesFound(text, paging);
    const allTotals = { ...totals, competitions: competitionsAll.length, matches: matches.total };
    const total = allTotals.teams + allTotals.players + allTotals.news + allTotals.competitions + allTotals.matches;
    const body = JSON.stringify({ ...head, total, totals: allTotals, news, teams, competitions });
    // Stored fixtures and players are JSON we wrote ourselves: joined as text, never parsed again.
    return `${body.slice(0, -1)},"matches":[${matches.entries.join(',')}],"players":[${players.join(',')}]}`;
  }

  return { searchJson };
}
