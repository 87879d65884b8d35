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

/**
 * What the freshness line says once refreshes keep failing (issue 25: 150 s of 503s only read
 * "Actualizado hace 2 minutos"): that the page cannot update, and how old what it shows is.
 */
export function failingLabel(updatedAt: number, now: number): string {
  const age = Number.isFinite(updatedAt) && updatedAt > 0 && now - updatedAt >= JUST_NOW_MS ? ` (datos de ${formatRelative(updatedAt, new Date(now))})` : '';
  // Short enough for one line of a phone's freshness line (it has the height of one).
  return `Sin conexión; reintentando…${age}`;
}
