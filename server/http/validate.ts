import { QUERY_LIMITS } from '../../contract/limits.ts';
import { HttpError } from './envelope.ts';

/**
 * Boundary validation of query parameters. Each returns the parsed value or throws an HttpError
 * (400) naming the parameter, so a bad request never reaches a query.
 */
const INTEGER = /^\d{1,10}$/;

export const ID_MESSAGES = {
  league: 'Invalid tournament ID format',
  team: 'Invalid team ID format',
  player: 'Invalid player ID format',
  fixture: 'Invalid match ID format',
  season: 'Invalid season format',
} as const;

export function optionalId(value: string | undefined, field: string, message: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!INTEGER.test(value)) throw new HttpError(400, message, field);
  const id = Number(value);
  if (id <= 0 || id > 2_147_483_647) throw new HttpError(400, message, field);
  return id;
}

export function requiredId(value: string | undefined, field: string, message: string): number {
  const id = optionalId(value, field, message);
  if (id === undefined) throw new HttpError(400, `Missing required parameter: ${field}`, field);
  return id;
}

export function optionalSeason(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^\d{4}$/.test(value)) throw new HttpError(400, ID_MESSAGES.season, 'season');
  return Number(value);
}

/** A list of ids joined by '-' (the provider's `ids` and `live` syntax). */
export function idList(value: string, field: string, message: string, max: number = QUERY_LIMITS.fixtureIds): number[] {
  const parts = value.split('-');
  if (parts.length > max) throw new HttpError(400, `Too many values for ${field} (max ${max})`, field);
  return parts.map((p) => requiredId(p, field, message));
}

export function optionalDay(value: string | undefined, field: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
    throw new HttpError(400, `Invalid date format for ${field} (expected YYYY-MM-DD)`, field);
  }
  return value;
}

export function optionalCount(value: string | undefined, field: string, max: number): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!INTEGER.test(value) || Number(value) < 1 || Number(value) > max) {
    throw new HttpError(400, `Invalid ${field}: expected a whole number from 1 to ${max}`, field);
  }
  return Number(value);
}

export function optionalEnum<T extends string>(value: string | undefined, field: string, allowed: readonly T[]): T | undefined {
  if (value === undefined || value === '') return undefined;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new HttpError(400, `Invalid ${field}: expected one of ${allowed.join(', ')}`, field);
  }
  return value as T;
}

/** Free text (search): trimmed and bounded; never interpreted as syntax anywhere. */
export function optionalText(value: string | undefined, max = 200): string | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim().slice(0, max);
  return trimmed || undefined;
}

/** A flag such as `details=true`: only `true` or `false` (absent is false). */
export function booleanParam(query: Record<string, string>, field: string): boolean {
  return optionalEnum(query[field], field, ['true', 'false'] as const) === 'true';
}

/**
 * The provider's `timezone` parameter: an IANA zone name (`America/Guayaquil`, `UTC`), answered with
 * its canonical spelling; offsets (`-05:00`) and unknown names are a 400 naming the parameter.
 */
export function optionalTimeZone(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  const invalid = () => new HttpError(400, `Invalid timezone: expected an IANA time zone name such as America/Guayaquil or UTC`, 'timezone');
  if (value.length > 64 || !/^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/.test(value)) throw invalid();
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    throw invalid();
  }
}
