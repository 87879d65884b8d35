import type { LiveFixtureChange } from '../../../contract/live.ts';
import { kindOfStatus, statusCode } from '../match/parse.ts';
import type { ScoreboardMatch } from '../match/types.ts';

/**
 * A pushed change (`event: fixture` of /api/live) folded into a match as a refetch would have
 * brought it: the status (and with it the kind: live, result), the goals and the score. Works on a
 * full `Match` and on a scoreboard line alike, keeping each one's fields (a scoreboard line has no
 * status text nor half-time score). Events are the match page's business (live-match.ts). Returns
 * the same object when nothing it shows moved, so React redraws nothing.
 */
export function applyFixtureChange<T extends ScoreboardMatch>(match: T, change: LiveFixtureChange): T {
  if (match.id !== change.fixture) return match;
  const short = statusCode(change.status.short);
  const status = { ...match.status, short, elapsed: change.status.elapsed, extra: change.status.extra };
  if ('long' in status) status.long = change.status.long || short;
  const score = { ...match.score } as Record<string, unknown>;
  for (const key of Object.keys(score)) if (key in change.score) score[key] = { ...change.score[key as keyof LiveFixtureChange['score']] };
  const next = { ...match, kind: kindOfStatus(short), status, goals: { ...change.goals }, score } as T;
  return JSON.stringify(next) === JSON.stringify(match) ? match : next;
}
