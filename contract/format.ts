import { TIME_ZONE } from './limits.ts';

/**
 * Text helpers both sides need to write the same words: the site (pages, islands) and the server
 * (the /search page it fills under `npm start`). Pure functions, no dependencies.
 */

/** News summaries in lists are cut at this many characters (spec §9). */
export const SUMMARY_CHARS = 120;

/** The portal's language for dates and numbers. */
export const LOCALE = 'es-ES';

/** Escapes text for HTML content and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Cuts a summary at a word boundary (spec §9: 120 characters, 60 compact). */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

/**
 * A date without a time ('1995-12-20'): a calendar day, the same everywhere. `new Date` reads it as
 * UTC midnight, which is the evening before in Ecuador, so formatters show it in UTC.
 */
export function isDateOnly(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One Intl formatter per set of options and zone (building one costs far more than using it). */
export function dateFormatter(options: Intl.DateTimeFormatOptions, timeZone: string = TIME_ZONE): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(LOCALE, { timeZone, ...options });
    formatters.set(key, f);
  }
  return f;
}

/** The zone a value is shown in: UTC for a date-only value (see isDateOnly), else Ecuador's. */
export function zoneOf(value: string | number | Date): string {
  return isDateOnly(value) ? 'UTC' : TIME_ZONE;
}

export function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "sáb, 21 nov", in Ecuador's time zone whatever the machine's (a date-only value: that day); '' for an invalid date. */
export function formatShortDate(value: string | number | Date): string {
  const date = toDate(value);
  return date ? dateFormatter({ weekday: 'short', day: 'numeric', month: 'short' }, zoneOf(value)).format(date) : '';
}

/** The year of a value as a reader sees it (Ecuador's, or the calendar day's for a date-only value). */
function yearOf(value: string | number | Date): number | null {
  const d = toDate(value);
  return d ? Number(dateFormatter({ year: 'numeric' }, zoneOf(value)).format(d)) : null;
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
  return dateFormatter({ day: 'numeric', month: 'short', year: 'numeric' }, zoneOf(value)).format(d);
}

/** "20:30" (24 h, Ecuador time) */
export function formatTime(value: string | number | Date): string {
  const d = toDate(value);
  return d ? dateFormatter({ hour: '2-digit', minute: '2-digit', hour12: false }).format(d) : '';
}
