/**
 * Defensive readers for provider-shaped JSON. The API (and API-Football behind it) may omit any
 * field or send null, so every read states its fallback instead of trusting the shape.
 */

export type Raw = Record<string, unknown>;

/** A parser's outcome: the value, or a sentence saying why there is none. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** A list parser's outcome; `dropped` counts items that could not be shown (e.g. without an id). */
export type ParsedList<T> = { ok: true; value: T[]; dropped: number } | { ok: false; error: string };

export function asRecord(value: unknown): Raw {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Raw) : {};
}

export function asString(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

/** Numbers arrive as numbers, sometimes as numeric strings ("6.86"); anything else is the fallback. */
export function asNumber(value: unknown, fallback = 0): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    if (Number.isFinite(n)) return n;
  }
  return fallback;
}

/** Like asNumber, but keeps "unknown" distinct from zero (a score not yet played, an age not given). */
export function asNullableNumber(value: unknown): number | null {
  const n = asNumber(value, Number.NaN);
  return Number.isNaN(n) ? null : n;
}

export function asBoolean(value: unknown, fallback = false): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

export function asNullableBoolean(value: unknown): boolean | null {
  return typeof value === 'boolean' ? value : null;
}

/** A positive integer id, or null: without one nothing can be linked, so callers drop the item. */
export function asId(value: unknown): number | null {
  const n = asNumber(value, Number.NaN);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/**
 * The provider's `errors` is `[]` when empty and an object (`{rateLimit: "…"}`) or a list of strings
 * when not. Returns the joined messages, or null when there are none.
 */
export function envelopeErrors(body: unknown): string | null {
  const errors = asRecord(body).errors;
  if (Array.isArray(errors)) {
    const messages = errors.map((e) => (typeof e === 'string' ? e : JSON.stringify(e))).filter(Boolean);
    return messages.length ? messages.join('; ') : null;
  }
  if (errors && typeof errors === 'object') {
    const messages = Object.entries(errors as Raw).map(([key, v]) => (typeof v === 'string' ? v : `${key}: ${JSON.stringify(v)}`));
    return messages.length ? messages.join('; ') : null;
  }
  return null;
}

/**
 * The list inside a response, read from `response`, `data`, `fixtures` or a bare array (spec §7).
 * An envelope carrying errors is an error even with HTTP 200, as the provider answers rate limits so.
 */
export function readList(body: unknown): Parsed<unknown[]> {
  if (Array.isArray(body)) return { ok: true, value: body };
  if (!body || typeof body !== 'object') return { ok: false, error: 'Empty or non-JSON response' };
  const errors = envelopeErrors(body);
  if (errors) return { ok: false, error: errors };
  const record = body as Raw;
  for (const key of ['response', 'data', 'fixtures'] as const) {
    if (Array.isArray(record[key])) return { ok: true, value: record[key] as unknown[] };
  }
  if (typeof record.message === 'string' && record.message) return { ok: false, error: record.message };
  return { ok: false, error: 'Response has no list (expected response, data, fixtures or an array)' };
}

/** Parses every item, keeping those that parse and counting the rest. */
export function parseEach<T>(items: unknown[], parse: (raw: unknown) => Parsed<T>): ParsedList<T> {
  const value: T[] = [];
  let dropped = 0;
  for (const item of items) {
    const parsed = parse(item);
    if (parsed.ok) value.push(parsed.value);
    else dropped++;
  }
  return { ok: true, value, dropped };
}

/** Reads a list response and parses its items in one step. */
export function parseListResponse<T>(body: unknown, parse: (raw: unknown) => Parsed<T>): ParsedList<T> {
  const list = readList(body);
  return list.ok ? parseEach(list.value, parse) : list;
}
