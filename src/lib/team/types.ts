/** Domain types of teams as components receive them (never raw provider envelopes). */

export interface TeamVenue {
  id: number | null;
  name: string;
  address: string;
  city: string;
  capacity: number | null;
  surface: string;
  image: string;
}

export interface Team {
  id: number;
  /** 'Unknown Team' when missing (spec §3). */
  name: string;
  code: string;
  /**
   * The name a phone shows where the full one does not fit (club-names.ts `phoneName`: the name fans
   * use, never a three-letter code they do not say); the full name when it fits as it is.
   */
  shortName: string;
  logo: string;
  /** 'Ecuador' when missing (spec §3). */
  country: string;
  /** The competition the team was listed for (242, Liga Pro, when the caller does not say; spec §3). */
  currentLeagueId: number;
  founded: number | null;
  national: boolean;
  city: string;
  stadium: string;
  venue: TeamVenue | null;
}

// ---------------------------------------------------------------- a match's detail

/** A club's squad as provider `/players/squads` gives it: `{team, players[{id,name,age,number,position,photo}]}`. */
export interface SquadPlayer {
  id: number;
  name: string;
  age: number | null;
  number: number | null;
  /** Goalkeeper, Defender, Midfielder, Attacker (provider words) or empty. */
  position: string;
  photo: string;
}

export interface Squad {
  team: { id: number; name: string; logo: string };
  players: SquadPlayer[];
}

export interface HomeAway {
  home: number;
  away: number;
  total: number;
}

export interface MinuteCount {
  /** "0-15", "16-30" … "106-120" */
  period: string;
  total: number;
}

export interface TeamSeasonStatistics {
  teamId: number;
  team: { id: number; name: string; logo: string };
  league: { id: number; name: string; season: number; logo: string };
  /** Results oldest first, as the provider sends them ("WWDLW"). */
  form: string;
  played: HomeAway;
  wins: HomeAway;
  draws: HomeAway;
  losses: HomeAway;
  goalsFor: HomeAway;
  goalsAgainst: HomeAway;
  biggest: {
    streak: { wins: number; draws: number; loses: number };
    wins: { home: string | null; away: string | null };
    loses: { home: string | null; away: string | null };
  };
  cleanSheet: HomeAway;
  failedToScore: HomeAway;
  penalty: { scored: number; missed: number };
  lineups: Array<{ formation: string; played: number }>;
  cards: { yellow: MinuteCount[]; red: MinuteCount[] };
}
