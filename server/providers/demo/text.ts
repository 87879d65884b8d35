import { foldAccents } from '../../../contract/text.ts';

/** Small Spanish-writing helpers for the demo's news: escaping, slugs, dates, lists, ordinals. */

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Lowercase ASCII words joined by hyphens: 'LDU de Quito vence 2-1' → 'ldu-de-quito-vence-2-1'. */
export function slugify(text: string): string {
  return foldAccents(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 90)
    .replace(/-+$/g, '');
}

const WEEKDAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];
const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

/** 'el sábado 28 de noviembre', read on a Guayaquil clock. */
export function spanishDay(ms: number): string {
  const d = new Date(ms - 5 * 3_600_000);
  return `el ${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} de ${MONTHS[d.getUTCMonth()]}`;
}

/** '19:30', Guayaquil time. */
export function spanishTime(ms: number): string {
  const d = new Date(ms - 5 * 3_600_000);
  return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
}

/** 'A', 'A y B', 'A, B y C'. */
export function listJoin(items: string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} y ${items[items.length - 1]}`;
}

const ORDINALS = ['primer', 'segundo', 'tercer', 'cuarto', 'quinto', 'sexto', 'séptimo', 'octavo', 'noveno', 'décimo',
  'undécimo', 'duodécimo', 'decimotercer', 'decimocuarto', 'decimoquinto', 'decimosexto'];

/** 'tercer' (as in 'tercer lugar'); numerals past the list. */
export function ordinalPlace(rank: number): string {
  return ORDINALS[rank - 1] ?? `${rank}.º`;
}

/** The same ordinals standing alone: 'primer' is 'primero', 'tercer' 'tercero'. */
const STANDALONE = ORDINALS.map((o) => (o.endsWith('primer') || o.endsWith('tercer') ? `${o}o` : o));

/** 'tercero' (as in 'es tercero'); numerals past the list. */
export function ordinalStandalone(rank: number): string {
  return STANDALONE[rank - 1] ?? `${rank}.º`;
}

/** Upper-cases the first letter (for sentences that start with an alias such as 'el Bombillo'). */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
