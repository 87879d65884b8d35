import { SITE } from '../config.ts';

// Made at first use, as numbers.ts's formatters are: an Intl object made while a page loads starts ICU.
let dayHeading: Intl.DateTimeFormat | undefined;

/**
 * "jueves, 3 de septiembre de 2026" for a YYYY-MM-DD day in Ecuador. Read at Ecuador's noon so the
 * day never slips to its neighbour whatever zone the build machine is in; '' for anything else.
 */
export function formatDayHeading(day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return '';
  const noon = new Date(`${day}T12:00:00-05:00`);
  return Number.isNaN(noon.getTime())
    ? ''
    : (dayHeading ??= new Intl.DateTimeFormat(SITE.locale, { timeZone: SITE.timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })).format(noon);
}
