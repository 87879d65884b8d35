import type { Match, MatchPlayerLine, MatchPlayerTeam } from './types.ts';

/** A player of a match with his rating, and the side he played for. */
export interface RatedLine {
  player: MatchPlayerLine & { rating: number };
  team: MatchPlayerTeam['team'];
}

/** Ranks two rated lines: the higher rating first; level, more goals and assists, then more minutes, then the name. */
function byRating(a: RatedLine, b: RatedLine): number {
  const part = (l: RatedLine) => l.player.goals + l.player.assists;
  return b.player.rating - a.player.rating || part(b) - part(a) || (b.player.minutes ?? 0) - (a.player.minutes ?? 0) || a.player.name.localeCompare(b.player.name, 'es');
}

/**
 * The rated players of a finished match, best first: the first is the "Figura del partido". Empty
 * while it is played or when the data rates no one: a rating during a match is not its verdict.
 */
export function rankedByRating(match: Match): RatedLine[] {
  if (match.kind !== 'Result') return [];
  return (match.details?.players ?? [])
    .flatMap((side) => side.players.flatMap((player) => (player.rating === null ? [] : [{ player: { ...player, rating: player.rating }, team: side.team }])))
    .sort(byRating);
}

/** One match of a player's, with the rating the data gave him. */
export interface PlayerMatchRating {
  match: Match;
  teamId: number | null;
  rating: number;
  minutes: number | null;
  goals: number;
  assists: number;
}

/** Each player's rated matches, newest first, from the matches' players' tables (finished matches only). */
export function ratingsByPlayer(matches: readonly Match[]): Map<number, PlayerMatchRating[]> {
  const out = new Map<number, PlayerMatchRating[]>();
  for (const match of matches) {
    for (const { player, team } of rankedByRating(match)) {
      if (player.id === null) continue;
      const list = out.get(player.id) ?? [];
      list.push({ match, teamId: team.id, rating: player.rating, minutes: player.minutes, goals: player.goals, assists: player.assists });
      out.set(player.id, list);
    }
  }
  for (const list of out.values()) list.sort((a, b) => b.match.timestamp - a.match.timestamp || b.match.id - a.match.id);
  return out;
}

/** The mean of some ratings, or null without any. */
export function averageRating(ratings: readonly { rating: number }[]): number | null {
  return ratings.length ? ratings.reduce((sum, r) => sum + r.rating, 0) / ratings.length : null;
}
