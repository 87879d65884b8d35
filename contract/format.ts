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

let shortDateFormat: Intl.DateTimeFormat | undefined;

/** "sáb, 21 nov", in Ecuador's time zone whatever the machine's; '' for an invalid date. */
export function formatShortDate(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  shortDateFormat ??= new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, weekday: 'short', day: 'numeric', month: 'short' });
  return shortDateFormat.format(date);
}
