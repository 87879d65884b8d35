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

const shortDateFormats = new Map<string, Intl.DateTimeFormat>();

/** "sáb, 21 nov", in Ecuador's time zone whatever the machine's (a date-only value: that day); '' for an invalid date. */
export function formatShortDate(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const timeZone = isDateOnly(value) ? 'UTC' : TIME_ZONE;
  let format = shortDateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE, { timeZone, weekday: 'short', day: 'numeric', month: 'short' });
    shortDateFormats.set(timeZone, format);
  }
  return format.format(date);
}
