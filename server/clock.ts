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

/** [start, end) in epoch seconds of a local Ecuador day. */
export function localDayBounds(day: string): [number, number] {
  const start = Date.parse(`${day}T00:00:00-05:00`) / 1000;
  return [start, start + 86_400];
}
