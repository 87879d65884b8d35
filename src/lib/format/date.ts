import { formatShortDate, isDateOnly } from '../../../contract/format.ts';
import { SITE } from '../config.ts';

/**
 * es-ES date formatting in Ecuador's time zone, so a page built on a UTC machine shows the same
 * kickoff time a reader in Quito sees. A date without a time ('1995-12-20': a birth date, a
 * season's first day, a transfer) is a calendar day, the same everywhere: `new Date` reads it as
 * UTC midnight, so it is shown in UTC, never moved to Ecuador's evening of the day before.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(options: Intl.DateTimeFormatOptions, timeZone: string = SITE.timeZone): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(SITE.locale, { timeZone, ...options });
    formatters.set(key, f);
  }
  return f;
}

/** The zone a value is shown in: UTC for a date-only value (see above), else Ecuador's. */
function zoneOf(value: string | number | Date): string {
  return isDateOnly(value) ? 'UTC' : SITE.timeZone;
}

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "21 de noviembre de 2026" */
export function formatLongDate(value: string | number | Date): string {
  const d = toDate(value);
  return d ? formatter({ day: 'numeric', month: 'long', year: 'numeric' }, zoneOf(value)).format(d) : '';
}

/** "sáb, 21 nov" (shared with the server, which writes the same dates into /search). */
export { formatShortDate };

/** The year of a value as a reader sees it (Ecuador's, or the calendar day's for a date-only value). */
function yearOf(value: string | number | Date): number | null {
  const d = toDate(value);
  return d ? Number(formatter({ year: 'numeric' }, zoneOf(value)).format(d)) : null;
}

/**
 * What the dates of one list need to be told apart: whether the list spans several years, and the
 * current year. Plain data, so a prebuilt list hands it to an island as a prop.
 */
export interface DateListYears {
  spansYears: boolean;
  currentYear: number;
}

/** The years of a list of dates (a calendar, a team's results) at `now`. */
export function dateListYears(values: ReadonlyArray<string | number | Date>, now: Date = new Date()): DateListYears {
  const years = new Set(values.map(yearOf).filter((y): y is number => y !== null));
  return { spansYears: years.size > 1, currentYear: yearOf(now) ?? now.getUTCFullYear() };
}

/**
 * A date in a list: "sáb, 21 nov" while every date of the list is in the current year; with the
 * year ("24 mar 2026", without the weekday, which the year's room replaces) when the list spans
 * years or the date is not in the current year, so "14 oct" never reads as this October's.
 */
export function formatListDate(value: string | number | Date, years: DateListYears): string {
  const d = toDate(value);
  if (!d) return '';
  const year = yearOf(value);
  if (!years.spansYears && year === years.currentYear) return formatShortDate(value);
  return formatter({ day: 'numeric', month: 'short', year: 'numeric' }, zoneOf(value)).format(d);
}

/** "20:30" (24 h, Ecuador time) */
export function formatTime(value: string | number | Date): string {
  const d = toDate(value);
  return d ? formatter({ hour: '2-digit', minute: '2-digit', hour12: false }).format(d) : '';
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
