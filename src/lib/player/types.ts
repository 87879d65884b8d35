/** Domain types of players as components receive them (never raw provider envelopes). */

/** The first statistics entry of a player (spec §3), or the one of the competition asked for. */
export interface PlayerSeasonStatistics {
  team: { id: number; name: string; logo: string };
  league: { id: number; name: string; country: string; logo: string; season: number };
  appearances: number;
  lineups: number;
  minutes: number;
  position: string;
  rating: number | null;
  captain: boolean;
  goals: number;
  assists: number;
  penaltiesScored: number;
  passes: { total: number; key: number; accuracy: number };
  cards: { yellow: number; red: number };
}

export interface Player {
  id: number;
  name: string;
  firstname: string;
  lastname: string;
  age: number | null;
  birth: { date: string; place: string; country: string };
  nationality: string;
  height: string;
  weight: string;
  injured: boolean;
  photo: string;
  /** 'Unknown' when neither the player nor the statistics say (spec §3). */
  position: string;
  number: number | null;
  team: { id: number; name: string; logo: string } | null;
  statistics: PlayerSeasonStatistics | null;
}

export interface TopScorer {
  /** Shared by players level on goals and assists (1, 2, 2, 4 …). */
  rank: number;
  player: { id: number; name: string; photo: string; nationality: string };
  team: { id: number; name: string; logo: string } | null;
  goals: number;
  assists: number;
  appearances: number;
  minutes: number;
  penalties: number;
}
