import { dateFormatter as formatter, toDate, zoneOf } from '../../../contract/format.ts';

/**
 * es-ES date formatting in Ecuador's time zone, so a page built on a UTC machine shows the same
 * kickoff time a reader in Quito sees. A date without a time ('1995-12-20': a birth date, a
 * season's first day, a transfer) is a calendar day, the same everywhere: `new Date` reads it as
 * UTC midnight, so it is shown in UTC, never moved to Ecuador's evening of the day before.
 */

/** "sáb, 21 nov", "24 mar 2026" in a list spanning years, "20:30": shared with the server, which writes the same dates into /search. */
export { dateListYears, formatListDate, formatShortDate, formatTime, type DateListYears } from '../../../contract/format.ts';

/** "21 de noviembre de 2026" */
export function formatLongDate(value: string | number | Date): string {
  const d = toDate(value);
  return d ? formatter({ day: 'numeric', month: 'long', year: 'numeric' }, zoneOf(value)).format(d) : '';
}

/** YYYY-MM-DD of the instant in Ecuador time (the API's `date` parameter); a date-only value is its own day. */
export function isoDay(value: string | number | Date = new Date()): string {
  const d = toDate(value) ?? new Date();
  return formatter({ year: 'numeric', month: '2-digit', day: '2-digit' }, zoneOf(value)).format(d).split('/').reverse().join('-');
}

const RELATIVE_UNITS = [
  { below: 60, seconds: 1, one: 'segundo', many: 'segundos' },
  { below: 3600, seconds: 60, one: 'minuto', many: 'minutos' },
  { below: 86400, seconds: 3600, one: 'hora', many: 'horas' },
  { below: Infinity, seconds: 86400, one: 'día', many: 'días' },
] as const;
const RELATIVE_DAYS: Record<number, string> = { [-2]: 'anteayer', [-1]: 'ayer', 1: 'mañana', 2: 'pasado mañana' };

/**
 * "hace 5 minutos" / "hace 2 horas" / "ayer": the words of Intl.RelativeTimeFormat('es',
 * { numeric: 'auto' }) (a unit test holds them equal), written out because building that formatter
 * loads locale data: about 40 ms on a fresh tab, inside the scoreboard's hydration.
 */
export function formatRelative(value: string | number | Date, now: Date = new Date()): string {
  const d = toDate(value);
  if (!d) return '';
  const seconds = Math.round((d.getTime() - now.getTime()) / 1000);
  if (seconds === 0) return 'ahora';
  const unit = RELATIVE_UNITS.find((u) => Math.abs(seconds) < u.below) ?? RELATIVE_UNITS[3];
  const amount = Math.round(seconds / unit.seconds);
  if (unit.seconds === 86400 && RELATIVE_DAYS[amount]) return RELATIVE_DAYS[amount];
  const count = Math.abs(amount);
  // Spanish groups thousands only from five digits on (1234, 12.345).
  const digits = count >= 10_000 ? String(count).replace(/\B(?=(\d{3})+(?!\d))/g, '.') : String(count);
  const words = `${digits} ${count === 1 ? unit.one : unit.many}`;
  return amount < 0 ? `hace ${words}` : `dentro de ${words}`;
}
