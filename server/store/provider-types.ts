/**
 * API-Football v3 object shapes, as the provider sends them (see ../shared/fixtures/api-football).
 * The store keeps these whole and the data API answers with them, so a client written against the
 * provider works against Marcador unchanged. Nullable where the provider sends null.
 */

/** A competition as the provider embeds it in fixtures, standings and statistics. */
export interface ApiLeagueRef {
  id: number;
  name: string;
  country: string;
  logo: string;
  flag: string | null;
  season: number;
}

export interface ApiEnvelope<T> {
  get: string;
  parameters: Record<string, string>;
  /** The provider sends [] when empty and an object when not. */
  errors: unknown[] | Record<string, string>;
  results: number;
  paging: { current: number; total: number };
  response: T;
}

export interface ApiLeagueEntry {
  league: { id: number; name: string; type: 'League' | 'Cup'; logo: string };
  country: { name: string; code: string | null; flag: string | null };
  seasons: Array<{ year: number; start: string; end: string; current: boolean }>;
}

export interface ApiTeam {
  id: number;
  name: string;
  code: string | null;
  country: string | null;
  founded: number | null;
  national: boolean;
  logo: string;
}

export interface ApiVenue {
  id: number | null;
  name: string | null;
  address: string | null;
  city: string | null;
  capacity: number | null;
  surface: string | null;
  image: string | null;
}

export interface ApiTeamEntry {
  team: ApiTeam;
  venue: ApiVenue;
}

export interface ApiPlayer {
  id: number;
  name: string;
  firstname: string | null;
  lastname: string | null;
  age: number | null;
  birth: { date: string | null; place: string | null; country: string | null };
  nationality: string | null;
  height: string | null;
  weight: string | null;
  injured: boolean;
  photo: string;
}

/** One entry of a player's `statistics` list (one team, one league, one season). */
export interface ApiPlayerStatistics {
  team: { id: number; name: string; logo: string };
  league: ApiLeagueRef;
  games: {
    appearences: number | null;
    lineups: number | null;
    minutes: number | null;
    number: number | null;
    position: string;
    rating: string | null;
    captain: boolean;
  };
  substitutes: { in: number | null; out: number | null; bench: number | null };
  shots: { total: number | null; on: number | null };
  goals: { total: number | null; conceded: number | null; assists: number | null; saves: number | null };
  passes: { total: number | null; key: number | null; accuracy: number | null };
  tackles: { total: number | null; blocks: number | null; interceptions: number | null };
  duels: { total: number | null; won: number | null };
  dribbles: { attempts: number | null; success: number | null; past: number | null };
  fouls: { drawn: number | null; committed: number | null };
  cards: { yellow: number | null; yellowred: number | null; red: number | null };
  penalty: { won: number | null; commited: number | null; scored: number | null; missed: number | null; saved: number | null };
}

export interface ApiPlayerEntry {
  player: ApiPlayer;
  statistics: ApiPlayerStatistics[];
}

export interface ApiFixtureCore {
  fixture: {
    id: number;
    referee: string | null;
    timezone: string;
    date: string;
    timestamp: number;
    periods: { first: number | null; second: number | null };
    venue: { id: number | null; name: string | null; city: string | null };
    status: { long: string; short: string; elapsed: number | null; extra?: number | null };
  };
  league: ApiLeagueRef & { round: string; standings?: boolean };
  teams: {
    home: { id: number; name: string; logo: string; winner: boolean | null };
    away: { id: number; name: string; logo: string; winner: boolean | null };
  };
  goals: { home: number | null; away: number | null };
  score: {
    halftime: { home: number | null; away: number | null };
    fulltime: { home: number | null; away: number | null };
    extratime: { home: number | null; away: number | null };
    penalty: { home: number | null; away: number | null };
  };
}

export interface ApiFixtureEvent {
  time: { elapsed: number; extra: number | null };
  team: { id: number; name: string; logo: string };
  player: { id: number | null; name: string | null };
  assist: { id: number | null; name: string | null };
  /** 'Goal' | 'Card' | 'subst' | 'Var' */
  type: string;
  /** null when the provider sends none. */
  detail: string | null;
  comments: string | null;
}

export interface ApiLineupPlayer {
  /** `id` is null for people missing from the provider's database (youth substitutes): kept by name. */
  player: { id: number | null; name: string; number: number | null; pos: string | null; grid: string | null };
}

export interface ApiLineup {
  team: { id: number; name: string; logo: string; colors?: unknown };
  coach: { id: number | null; name: string | null; photo: string | null };
  formation: string | null;
  startXI: ApiLineupPlayer[];
  substitutes: ApiLineupPlayer[];
}

export interface ApiTeamFixtureStatistics {
  team: { id: number; name: string; logo: string };
  statistics: Array<{ type: string; value: number | string | null }>;
}

export interface ApiFixtureFull extends ApiFixtureCore {
  events?: ApiFixtureEvent[];
  lineups?: ApiLineup[];
  statistics?: ApiTeamFixtureStatistics[];
}

export interface ApiStandingRecord {
  played: number;
  win: number;
  draw: number;
  lose: number;
  goals: { for: number; against: number };
}

export interface ApiStandingRow {
  rank: number;
  team: { id: number; name: string; logo: string };
  points: number;
  goalsDiff: number;
  group: string;
  form: string | null;
  status: string | null;
  description: string | null;
  all: ApiStandingRecord;
  home: ApiStandingRecord;
  away: ApiStandingRecord;
  update: string;
}

export interface ApiStandingsEntry {
  league: ApiLeagueRef & { standings: ApiStandingRow[][] };
}

/** GET /teams/statistics response object (see teams-statistics.json). Kept loosely typed: it is stored and served whole. */
export interface ApiTeamStatistics {
  league: ApiLeagueRef;
  team: { id: number; name: string; logo: string };
  form: string | null;
  fixtures: Record<string, unknown>;
  goals: Record<string, unknown>;
  [key: string]: unknown;
}

export interface ApiTransfer {
  date: string;
  type: string | null;
  teams: {
    in: { id: number; name: string; logo: string };
    out: { id: number; name: string; logo: string };
  };
}

export interface ApiTransferEntry {
  player: { id: number; name: string };
  update: string;
  transfers: ApiTransfer[];
}
