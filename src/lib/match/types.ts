/** Domain types of matches as components receive them (never raw provider envelopes). */
import type { EventKind } from '../../../contract/events.ts';

export interface ScorePair {
  /** null until the team has a score for that period (not played yet), never a guessed 0. */
  home: number | null;
  away: number | null;
}

export interface MatchStatus {
  /** Provider code: NS, 1H, HT, 2H, ET, BT, P, SUSP, INT, LIVE, FT, AET, PEN, PST, CANC, ABD, AWD, WO, TBD. */
  short: string;
  long: string;
  elapsed: number | null;
  extra: number | null;
}

export interface MatchTeam {
  id: number;
  name: string;
  logo: string;
  winner: boolean | null;
  /**
   * What a phone shows where the full name does not fit (lib/football/club-names.ts `phoneName`):
   * set at build time only where it differs from `name`; a live refresh keeps the built one.
   */
  shortName?: string;
}

export interface MatchCompetition {
  id: number;
  name: string;
  country: string;
  logo: string;
  flag: string;
  season: number;
  round: string;
}

interface MatchCommon {
  id: number;
  /** ISO date-time of the kickoff. */
  date: string;
  /** Kickoff in seconds since the epoch (0 when unknown). */
  timestamp: number;
  referee: string;
  timezone: string;
  venue: { id: number | null; name: string; city: string };
  periods: { first: number | null; second: number | null };
  status: MatchStatus;
  league: MatchCompetition;
  home: MatchTeam;
  away: MatchTeam;
  goals: ScorePair;
  score: { halftime: ScorePair; fulltime: ScorePair; extratime: ScorePair; penalty: ScorePair };
  /** Events, lineups and statistics, when the answer carried them (by id, or the build's bulk read). */
  details?: MatchDetail;
}

/** Being played (or paused: half time, break, suspension); its score can still change. */
export interface LiveMatch extends MatchCommon {
  kind: 'Live';
}

/** Finished (FT, AET, PEN, or decided off the pitch: AWD, WO). */
export interface ResultMatch extends MatchCommon {
  kind: 'Result';
}

/** Not played: scheduled, to be defined, postponed, cancelled or abandoned. */
export interface FixtureMatch extends MatchCommon {
  kind: 'Fixture';
}

/** A match as components receive it, tagged by what a reader can expect from it. */
export type Match = LiveMatch | ResultMatch | FixtureMatch;
export type MatchKind = Match['kind'];

/**
 * What a scoreboard line shows of a match. Full matches fit it as they are; an island's build-time
 * props carry only this much, since every byte of them sits in the HTML above the fold.
 */
export interface ScoreboardMatch {
  kind: MatchKind;
  id: number;
  date: string;
  timestamp: number;
  status: Pick<MatchStatus, 'short' | 'elapsed' | 'extra'>;
  league: Pick<MatchCompetition, 'id' | 'name' | 'logo' | 'round'>;
  home: MatchTeam;
  away: MatchTeam;
  goals: ScorePair;
  score: { penalty: ScorePair };
  /**
   * Kickoff as HH:MM in Ecuador, when the match was shaped at build time: hydrating the scoreboard
   * then needs no Intl formatter, whose first use in a tab costs about 40 ms of locale data.
   */
  kickoffTime?: string;
}

/** Matches of one competition, for lists grouped by competition. */
export interface CompetitionMatches<T extends ScoreboardMatch = Match> {
  competition: T['league'];
  matches: T[];
}

/** Spec §3 "team match summary": a flat row for team pages and compact lists. */
export interface TeamMatchSummary {
  id: number;
  homeTeam: string;
  homeTeamLogo: string;
  awayTeam: string;
  awayTeamLogo: string;
  date: string;
  status: string;
  /** 'H - A', or 'Próximo' when there are no goals yet. */
  score: string;
  competition: string;
  /** The competition's id (its round names read by it: roundLabel). */
  competitionId: number;
  round: string;
  venue: string;
  city: string;
  referee: string;
  elapsedMinutes: number | null;
  statusLong: string;
  periods: { first: number | null; second: number | null };
}

/** A player, coach or assistant as a match names them: `id` null when the provider has none. */
export interface PersonRef {
  id: number | null;
  name: string;
}

export type MatchEventKind = EventKind;

export interface MatchEvent {
  /** Minute of play (90 for "90+3"), null when the provider gives none. */
  minute: number | null;
  /** Stoppage minutes (3 for "90+3"). */
  extra: number | null;
  teamId: number | null;
  teamName: string;
  /** The player the event is about; for a substitution, the one LEAVING the pitch (provider convention). */
  player: PersonRef | null;
  /** The assistant of a goal; for a substitution, the player COMING ON (provider convention). */
  assist: PersonRef | null;
  kind: MatchEventKind;
  /** The provider's detail text ('Normal Goal', 'Goal cancelled' …), for VAR and unknown kinds. */
  detail: string;
  comments: string;
}

export interface LineupPlayer {
  id: number | null;
  name: string;
  number: number | null;
  /** G, D, M, F or empty. */
  pos: string;
  /** Row (1 = goalkeeper) and column on the pitch, from the provider's "row:col"; null when missing. */
  grid: { row: number; col: number } | null;
}

export interface Lineup {
  team: { id: number | null; name: string; logo: string };
  formation: string;
  coach: PersonRef | null;
  startXI: LineupPlayer[];
  substitutes: LineupPlayer[];
}

export interface TeamMatchStatistics {
  team: { id: number | null; name: string; logo: string };
  values: Array<{ type: string; value: number | string | null }>;
}

export interface MatchDetail {
  events: MatchEvent[];
  lineups: Lineup[];
  statistics: TeamMatchStatistics[];
  /** Each player's part in the match (the build's read only: see match-players.ts). */
  players?: MatchPlayerTeam[];
}

export interface MatchPlayerLine {
  id: number | null;
  name: string;
  number: number | null;
  /** G, D, M, F or empty. */
  pos: string;
  substitute: boolean;
  /** Minutes played; null when the player did not play. */
  minutes: number | null;
  /** The provider's rating of his match (1–10, one decimal); null when it gave none (a few minutes on the pitch, an unused substitute). */
  rating: number | null;
  goals: number;
  assists: number;
  yellow: number;
  red: number;
}

export interface MatchPlayerTeam {
  team: { id: number | null; name: string };
  players: MatchPlayerLine[];
}

// ---------------------------------------------------------------- a club's squad and season
