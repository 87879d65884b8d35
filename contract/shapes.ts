/**
 * JSON shapes of Marcador's own endpoints (those the provider has no equivalent for): the server
 * writes them (its routes declare so with `satisfies`), so they are types, not schemas. Provider-
 * shaped answers (fixtures, standings, players …) follow API-Football v3: api-football.ts.
 */
import type { ApiFixtureFull, ApiPlayerEntry, ApiStandingRow, ApiTeamEntry } from './api-football.ts';

/** `GET /api/football/tournaments` item: a competition the portal covers, in its current season. */
export interface TournamentJson {
  id: number;
  name: string;
  shortName: string;
  type: 'League' | 'Cup' | string;
  country: string;
  season: number;
  logo: string;
  /** YYYY-MM-DD */
  startDate: string;
  endDate: string;
  current: boolean;
}

/** `GET /api/tournaments/{id}`: a tournament with its phases, groups and matchdays. */
export interface TournamentDetailJson<Fixture = ApiFixtureFull, StandingRow = ApiStandingRow> extends TournamentJson {
  currentRound: string | null;
  phases: Array<{ name: string; rounds: string[] }>;
  groups: Array<{ name: string; standings: StandingRow[] }>;
  matchdays: Array<{ round: string; phase: string; startDate: string; endDate: string; matches: number }>;
  matches: Fixture[];
}

/** An article as `/api/ai-articles*` sends it. `content` (sanitized HTML) only by slug or with `content=true`. */
export interface ArticleJson {
  _id: string;
  title: string;
  slug: string;
  summary: string;
  description: string;
  content?: string;
  imageUrls: string[];
  keywords: string[];
  category: string;
  createdAt: string;
  scheduledAt: string;
  targetWebsite: string;
  views: number;
  /** A match's report, written after the kick-off of the match its body is about (contract/article-match.ts): it tells the result (Sin spoilers hides it). */
  matchReport?: boolean;
}

export interface ArticlesPageJson {
  data: ArticleJson[];
  meta: { page: number; limit: number; total: number; totalPages: number };
}

/**
 * `GET /api/search?q=`: clubs, players and matches (provider-shaped entries), competitions (as
 * `/tournaments` lists them) and news; `now` is the server's clock the matches were ordered at.
 */
export interface SearchResultJson<TeamEntry = ApiTeamEntry, PlayerEntry = ApiPlayerEntry, FixtureEntry = ApiFixtureFull> {
  query: string;
  now: string;
  news: ArticleJson[];
  teams: TeamEntry[];
  players: PlayerEntry[];
  competitions: TournamentJson[];
  matches: FixtureEntry[];
}

/** `GET /api/time`: the server's clock (frozen by MARCADOR_NOW in tests). */
export interface ServerTimeJson {
  /** ISO instant */
  now: string;
  /** YYYY-MM-DD in the portal's time zone */
  today: string;
  timeZone: string;
}

/** `POST /api/pageviews` body; `GET /api/pageviews/top` answer. */
export interface PageViewBody {
  path: string;
}
export interface TopPagesJson {
  data: Array<{ path: string; views: number }>;
}

/** `POST /api/newsletter` body and answer (message in Spanish: it is shown to readers). */
export interface NewsletterBody {
  email: string;
  source?: string;
}
export interface NewsletterAnswer {
  message: string;
}
