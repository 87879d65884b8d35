import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';

/**
 * Clubs the reader follows, without an account: kept in localStorage (one JSON list) and shared
 * across tabs (persistentAtom listens to `storage` events). What is read back is validated: a
 * hand-edited or outdated value becomes an empty or shorter list, never an error.
 */

export interface FollowedTeam {
  id: number;
  name: string;
  logo: string;
}

export const FOLLOWED_TEAMS_KEY = 'marcador:equipos-seguidos';
/** More than anyone follows; keeps a corrupted value from growing without bound. */
export const MAX_FOLLOWED = 30;

/** Reads the stored JSON, keeping only well-formed entries (positive integer id, a name), without duplicates. */
export function decodeFollowed(raw: string): FollowedTeam[] {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const seen = new Set<number>();
  const teams: FollowedTeam[] = [];
  for (const item of value) {
    if (!item || typeof item !== 'object') continue;
    const { id, name, logo } = item as Record<string, unknown>;
    if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0 || seen.has(id)) continue;
    if (typeof name !== 'string' || !name.trim()) continue;
    seen.add(id);
    teams.push({ id, name: name.trim(), logo: typeof logo === 'string' ? logo : '' });
    if (teams.length === MAX_FOLLOWED) break;
  }
  return teams;
}

export const $followedTeams = persistentAtom<FollowedTeam[]>(FOLLOWED_TEAMS_KEY, [], {
  encode: JSON.stringify,
  decode: decodeFollowed,
  listen: true,
});

export const $followedIds = computed($followedTeams, (teams) => new Set(teams.map((t) => t.id)));

export function isFollowed(id: number): boolean {
  return $followedTeams.get().some((t) => t.id === id);
}

/** Follows the club, or stops following it; returns whether it is followed afterwards. */
export function toggleFollowed(team: FollowedTeam): boolean {
  const current = $followedTeams.get();
  if (current.some((t) => t.id === team.id)) {
    $followedTeams.set(current.filter((t) => t.id !== team.id));
    return false;
  }
  $followedTeams.set([...current, { id: team.id, name: team.name, logo: team.logo }].slice(-MAX_FOLLOWED));
  return true;
}
