import { SITE } from '../config.ts';

const integerFormat = new Intl.NumberFormat(SITE.locale, { maximumFractionDigits: 0 });

/** "12.345" (es-ES grouping; es-ES leaves four-digit numbers ungrouped: "1234"). */
export function formatInteger(value: number): string {
  return Number.isFinite(value) ? integerFormat.format(value) : '';
}

/** Goal difference as tables print it: "+5", "0", "-3". */
export function formatGoalDifference(value: number): string {
  if (!Number.isFinite(value)) return '';
  return value > 0 ? `+${value}` : String(value);
}

/** "1 gol" / "3 goles": Spanish plural for counts shown in prose and accessible labels. */
export function pluralize(count: number, singular: string, plural: string): string {
  return `${formatInteger(count)} ${count === 1 ? singular : plural}`;
}
