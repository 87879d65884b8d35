/**
 * How the followed clubs are stored (one JSON list in localStorage), without the store itself: the
 * home page's "Mis equipos" loader and the team pages' "Seguir" button read and write it directly,
 * so neither page loads nanostores for that (the "Mis equipos" strip, a React island, uses the store
 * in followed-teams.ts, which sees the button's writes from other tabs through `storage` events).
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

/** The list with the club added at the end, or without it when it was there. */
export function toggledIn(list: readonly FollowedTeam[], team: FollowedTeam): FollowedTeam[] {
  if (list.some((t) => t.id === team.id)) return list.filter((t) => t.id !== team.id);
  return [...list, { id: team.id, name: team.name, logo: team.logo }].slice(-MAX_FOLLOWED);
}

/** What this browser has stored; an empty list when nothing is, or storage is blocked (private mode). */
export function readFollowed(): FollowedTeam[] {
  try {
    return decodeFollowed(localStorage.getItem(FOLLOWED_TEAMS_KEY) ?? '[]');
  } catch {
    return [];
  }
}
