/**
 * The server's notion of "now". `MARCADOR_NOW` (an ISO instant) freezes it, so tests and screenshots
 * see the same match day every time; with `MARCADOR_CLOCK=running` the clock starts there and runs
 * (a live match day replayed at a chosen moment); otherwise it is the real clock.
 */
export const TIME_ZONE = 'America/Guayaquil';

export function fixedNow(env: NodeJS.ProcessEnv = process.env): Date | null {
  const raw = env.MARCADOR_NOW?.trim();
  if (!raw) return null;
  const date = new Date(raw);
  if (Number.isNaN(date.getTime())) throw new Error(`MARCADOR_NOW is not a valid ISO date: "${raw}"`);
  return date;
}

const startedAt = Date.now();

export function now(): Date {
  const fixed = fixedNow();
  if (!fixed) return new Date();
  return process.env.MARCADOR_CLOCK === 'running' ? new Date(fixed.getTime() + Date.now() - startedAt) : fixed;
}

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** YYYY-MM-DD of an instant in Ecuador (UTC−5 all year: no daylight saving). */
export function localDay(date: Date): string {
  return dayFormat.format(date);
}

// ---- any IANA zone: the provider's `timezone` parameter of /fixtures (UTC when absent)

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** Minutes east of UTC of `timeZone` at the instant `ms` (Guayaquil: -300, Tokyo: 540). */
export function zoneOffsetMinutes(ms: number, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormats.set(timeZone, format);
  }
  // "GMT-05:00", "GMT+05:45", or "GMT" for UTC itself.
  const name = format.formatToParts(ms).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The provider's `fixture.date` in a zone: `2025-06-30T20:00:00-05:00` (UTC: `…+00:00`). */
export function isoInZone(ms: number, timeZone: string): string {
  const offset = zoneOffsetMinutes(ms, timeZone);
  const local = new Date(ms + offset * 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${local.toISOString().slice(0, 19)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** YYYY-MM-DD of an instant in a zone. */
export function dayInZone(date: Date, timeZone: string): string {
  return isoInZone(date.getTime(), timeZone).slice(0, 10);
}

/**
 * Epoch seconds of a day's first instant in a zone: local midnight, with the offset read at that
 * moment (DST days); where clocks jump over midnight (Chile: 00:00 → 01:00), the moment of the jump.
 */
function startOfDayIn(day: string, timeZone: string): number {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  const guess = midnightUtc - zoneOffsetMinutes(midnightUtc, timeZone) * 60_000;
  let start = midnightUtc - zoneOffsetMinutes(guess, timeZone) * 60_000;
  if (dayInZone(new Date(start), timeZone) < day) {
    start += (zoneOffsetMinutes(start + 6 * 3_600_000, timeZone) - zoneOffsetMinutes(start, timeZone)) * 60_000;
  }
  return start / 1000;
}

/** [start, end) in epoch seconds of a day in a zone (23 or 25 hours long on DST change days). */
export function zonedDayBounds(day: string, timeZone: string): [number, number] {
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return [startOfDayIn(day, timeZone), startOfDayIn(next, timeZone)];
}
