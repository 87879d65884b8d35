/**
 * Reading JSON whose shape is not guaranteed: the one set of helpers the provider's schemas
 * (api-football.ts), the site's parsers and the search answer's reader share. A field may be
 * absent or null, and numbers sometimes arrive as numeric strings ("6.86"), so each read states
 * its fallback instead of trusting the shape. Pure functions, no dependencies: cheap in an island.
 */

export type Raw = Record<string, unknown>;

/** A parser's outcome: the value, or a sentence saying why there is none. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** A list parser's outcome; `dropped` counts items that could not be kept (e.g. without an id). */
export type ParsedList<T> = { ok: true; value: T[]; dropped: number } | { ok: false; error: string };

export const isRecord = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The object, or an empty one: its fields then read as absent. */
export const asRecord = (value: unknown): Raw => (isRecord(value) ? value : {});

export const asString = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);

export const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A finite number, or a string that reads as one; null otherwise (unknown stays distinct from zero). */
export function asNumberOrNull(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    if (Number.isFinite(n)) return n;
  }
  return null;
}

export const asNumber = (value: unknown, fallback = 0): number => asNumberOrNull(value) ?? fallback;

export function asInteger(value: unknown): number | null {
  const n = asNumberOrNull(value);
  return n !== null && Number.isInteger(n) ? n : null;
}

/** A positive integer id, or null: without one nothing can be linked, so callers drop the item. */
export function asId(value: unknown): number | null {
  const n = asNumberOrNull(value);
  return n !== null && Number.isInteger(n) && n > 0 ? n : null;
}

export const asBoolean = (value: unknown, fallback = false): boolean => (typeof value === 'boolean' ? value : fallback);

export const asBooleanOrNull = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : null);

/** A value named in an error message: "null", "a list", "string \"x\"". */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}

/**
 * The provider's `errors` is `[]` when empty and an object (`{rateLimit: "…"}`) or a list when
 * not: each message with its key (the index in a list).
 */
export function errorMessages(errors: unknown): Array<{ key: string; message: string }> {
  const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
  if (errors === undefined || errors === null || errors === '') return [];
  if (Array.isArray(errors)) return errors.map((value, index) => ({ key: String(index), message: text(value) }));
  if (isRecord(errors)) return Object.entries(errors).map(([key, value]) => ({ key, message: text(value) }));
  return [{ key: 'errors', message: text(errors) }];
}

/** Parses every item, keeping those that parse and counting the rest. */
export function parseEach<T>(items: readonly unknown[], parse: (raw: unknown) => Parsed<T>): ParsedList<T> {
  const value: T[] = [];
  let dropped = 0;
  for (const item of items) {
    const parsed = parse(item);
    if (parsed.ok) value.push(parsed.value);
    else dropped++;
  }
  return { ok: true, value, dropped };
}
