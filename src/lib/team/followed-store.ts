import { persistentAtom } from '@nanostores/persistent';
import { decodeFollowed, FOLLOWED_TEAMS_KEY, MAX_FOLLOWED, toggledIn, type FollowedTeam } from './followed-storage.ts';

/**
 * Clubs the reader follows, without an account: kept in localStorage (one JSON list) and shared
 * across tabs (persistentAtom listens to `storage` events). What is read back is validated: a
 * hand-edited or outdated value becomes an empty or shorter list, never an error.
 */

export { decodeFollowed, FOLLOWED_TEAMS_KEY, MAX_FOLLOWED, type FollowedTeam };

export const $followedTeams = persistentAtom<FollowedTeam[]>(FOLLOWED_TEAMS_KEY, [], {
  encode: JSON.stringify,
  decode: decodeFollowed,
  listen: true,
});

/** Follows the club, or stops following it; returns whether it is followed afterwards. */
export function toggleFollowed(team: FollowedTeam): boolean {
  const next = toggledIn($followedTeams.get(), team);
  $followedTeams.set(next);
  return next.some((t) => t.id === team.id);
}
