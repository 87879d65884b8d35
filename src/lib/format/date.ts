import { SITE } from '../config.ts';

/**
 * es-ES date formatting in Ecuador's time zone, so a page built on a UTC machine shows the same
 * kickoff time a reader in Quito sees.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(SITE.locale, { timeZone: SITE.timeZone, ...options });
    formatters.set(key, f);
  }
  return f;
}

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "21 de noviembre de 2026" */
export function formatLongDate(value: string | number | Date): string {
  const d = toDate(value);
  return d ? formatter({ day: 'numeric', month: 'long', year: 'numeric' }).format(d) : '';
}

/** "sáb, 21 nov" */
export function formatShortDate(value: string | number | Date): string {
  const d = toDate(value);
  return d ? formatter({ weekday: 'short', day: 'numeric', month: 'short' }).format(d) : '';
}

/** "20:30" (24 h, Ecuador time) */
export function formatTime(value: string | number | Date): string {
  const d = toDate(value);
  return d ? formatter({ hour: '2-digit', minute: '2-digit', hour12: false }).format(d) : '';
}

/** YYYY-MM-DD of the instant in Ecuador time (the API's `date` parameter). */
export function isoDay(value: string | number | Date = new Date()): string {
  const d = toDate(value) ?? new Date();
  return formatter({ year: 'numeric', month: '2-digit', day: '2-digit' }).format(d).split('/').reverse().join('-');
}

// Built once: creating an Intl formatter loads locale data, which costs milliseconds on a phone.
let relativeFormat: Intl.RelativeTimeFormat | null = null;

/** "hace 5 minutos" / "hace 2 horas" / "hace 3 días" */
export function formatRelative(value: string | number | Date, now: Date = new Date()): string {
  const d = toDate(value);
  if (!d) return '';
  const seconds = Math.round((d.getTime() - now.getTime()) / 1000);
  const rtf = (relativeFormat ??= new Intl.RelativeTimeFormat(SITE.locale, { numeric: 'auto' }));
  const abs = Math.abs(seconds);
  if (abs < 60) return rtf.format(seconds, 'second');
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < 86400) return rtf.format(Math.round(seconds / 3600), 'hour');
  return rtf.format(Math.round(seconds / 86400), 'day');
}
