/** Domain types of competitions as components receive them (never raw provider envelopes). */

import type { TournamentJson } from '../../../contract/shapes.ts';

/** A competition as the contract sends it, its type narrowed to the two the portal draws. */
export interface Tournament extends Omit<TournamentJson, 'type'> {
  type: 'League' | 'Cup';
}

export interface StandingRecord {
  played: number;
  win: number;
  draw: number;
  lose: number;
  goalsFor: number;
  goalsAgainst: number;
}

export interface StandingRow {
  rank: number;
  team: { id: number; name: string; logo: string };
  points: number;
  goalsDiff: number;
  group: string;
  /** Last results, newest first, as the provider sends them ("WWDLW": the first W is the latest); see formResults. */
  form: string;
  /** 'up' | 'down' | 'same' or empty. */
  status: string;
  /** Qualification note, e.g. 'Promotion - Copa Libertadores'. */
  description: string;
  all: StandingRecord;
  home: StandingRecord;
  away: StandingRecord;
  update: string;
}

/** One table of a competition (Liga Pro has a first stage and final-phase groups). */
export interface StandingsGroup {
  name: string;
  rows: StandingRow[];
}

export interface LeagueStandings {
  league: { id: number; name: string; country: string; logo: string; flag: string; season: number };
  /** In the provider's order: first stage first, then final-phase groups. */
  groups: StandingsGroup[];
}
