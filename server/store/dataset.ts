import type { ArticleJson } from '../../contract/shapes.ts';
import type {
  ApiFixtureFull,
  ApiInjury,
  ApiLeagueEntry,
  ApiPlayerEntry,
  ApiStandingRow,
  ApiTeamEntry,
  ApiTeamStatistics,
  ApiTransferEntry,
} from './provider-types.ts';

/**
 * What a data source (the demo season generator or the API-Football sync) hands to the store for
 * one competition and season. Everything is provider-shaped; `writeCompetition` replaces the
 * competition's season in one transaction, so a partial or failed source never leaves half a season.
 */
export interface CompetitionDataset {
  league: ApiLeagueEntry;
  /** Short display name, e.g. 'Liga Pro', 'Libertadores'. */
  shortName: string;
  season: number;
  teams: ApiTeamEntry[];
  /** Squad members with their statistics for this competition and season (statistics may be empty). */
  players: ApiPlayerEntry[];
  /** Squad numbers and positions per team (the provider's /players/squads). */
  squads: Array<{ teamId: number; players: Array<{ id: number; number: number | null; position: string | null }> }>;
  /** Fixtures; events, lineups and statistics only on played or live ones. */
  fixtures: ApiFixtureFull[];
  /**
   * Fixture ids whose state is driven by the clock (demo season only): the stored object is the
   * full plan, and the API reveals status, score and events as the real time passes.
   */
  scriptedFixtureIds?: number[];
  /** Standings groups, in the provider's order (Liga Pro: first stage, then final-phase groups). */
  standings: ApiStandingRow[][];
  teamStatistics: ApiTeamStatistics[];
  /** Who misses the fixtures not yet played, as the provider's /injuries lists them (the demo's; a sync asks the ingest). */
  injuries?: ApiInjury[];
}

/**
 * Article as stored; the API serves it as an `ai-articles` item (ArticleJson: the same fields, its id
 * as `_id`, the body as `content`, a `description` made from the summary).
 */
export interface ArticleRecord extends Omit<ArticleJson, '_id' | 'description' | 'content'> {
  id: string;
  /** Sanitized HTML (only p, h2, h3, ul, ol, li, strong, em, a[href], blockquote). */
  bodyHtml: string;
}

/** Data that is not tied to one competition. */
export interface GlobalDataset {
  /** Players not in any competition squad, e.g. Ecuadorians at foreign clubs (for /extranjero). */
  extraPlayers: ApiPlayerEntry[];
  extraTeams: ApiTeamEntry[];
  transfers: ApiTransferEntry[];
  articles: ArticleRecord[];
}
