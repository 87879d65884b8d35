import { formatRelative } from './date.ts';

/** Below this age a refresh reads as "just now" rather than a count of seconds. */
const JUST_NOW_MS = 10_000;

/**
 * "Actualizado ahora mismo" / "Actualizado hace 2 minutos". A clock that lags behind the last
 * update (ticks are coarse) never yields a time in the future.
 */
export function updatedAgoLabel(updatedAt: number, now: number): string {
  if (!Number.isFinite(updatedAt) || updatedAt <= 0) return '';
  const age = now - updatedAt;
  if (age < JUST_NOW_MS) return 'Actualizado ahora mismo';
  return `Actualizado ${formatRelative(updatedAt, new Date(now))}`;
}
