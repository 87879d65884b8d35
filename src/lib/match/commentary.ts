import { writeCommentary, type CommentaryLine } from '../../../contract/commentary.ts';
import type { Match } from './types.ts';

/**
 * A match's Relato as the API writes it (contract/commentary.ts), from the match the page holds: at
 * build, and in the browser each time a push changes the match, so a new event brings its line.
 */
export function commentaryOf(match: Match): CommentaryLine[] {
  const details = match.details;
  return writeCommentary({
    fixtureId: match.id,
    status: match.status.short,
    venue: match.venue.name,
    home: { id: match.home.id, name: match.home.name },
    away: { id: match.away.id, name: match.away.name },
    goals: match.goals,
    halftime: match.score.halftime,
    penalty: match.score.penalty,
    events: (details?.events ?? []).map((e) => ({ ...e, player: e.player?.name ?? null, assist: e.assist?.name ?? null })),
    statistics: (details?.statistics ?? []).flatMap((side) => (side.team.id === null ? [] : [{ teamId: side.team.id, values: side.values }])),
  });
}
