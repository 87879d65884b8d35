/** Guayaquil time (UTC-5 all year: Ecuador has no daylight saving) and the provider's date format. */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
const GUAYAQUIL_OFFSET_MS = -5 * HOUR_MS;

/** Calendar parts of an instant as read on a clock in Guayaquil. */
export function guayaquilParts(ms: number): { year: number; month: number; day: number; hour: number; minute: number } {
  const d = new Date(ms + GUAYAQUIL_OFFSET_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes() };
}

/** The instant of 00:00 in Guayaquil on the day that contains `ms`. */
export function startOfGuayaquilDay(ms: number): number {
  const { year, month, day } = guayaquilParts(ms);
  return Date.UTC(year, month - 1, day) - GUAYAQUIL_OFFSET_MS;
}

/** The season a moment belongs to: the calendar year in Guayaquil. */
export function seasonYearAt(ms: number): number {
  return guayaquilParts(ms).year;
}

/** Rounds down to a whole number of minutes (kickoffs sit on 5-minute marks). */
export function floorToMinutes(ms: number, minutes: number): number {
  const step = minutes * MINUTE_MS;
  return Math.floor(ms / step) * step;
}

/** The provider's fixture date: UTC with an explicit offset, e.g. '2026-09-03T19:00:00+00:00'. */
export function providerDate(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/** 'YYYY-MM-DD' of an instant, in Guayaquil. */
export function guayaquilDate(ms: number): string {
  const { year, month, day } = guayaquilParts(ms);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
