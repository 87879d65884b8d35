/**
 * Reading the data API's answers. The field helpers and the result types are the contract's
 * (contract/read.ts), shared with the server; what is the site's own is finding the list in an
 * answer. The API serves what the server validated with the contract's schemas, but an island
 * cannot ship those schemas, so each parser reads its fields through `wire<ApiX>()`: the contract
 * names the fields (a renamed one fails the type check) and every read states its fallback.
 */
import { asRecord, isRecord, parseEach, type Parsed, type ParsedList, type Raw } from '../../../contract/read.ts';

export {
  asBoolean,
  asBooleanOrNull,
  asId,
  asList,
  asNumber,
  asNumberOrNull,
  asRecord,
  asString,
  isRecord,
  parseEach,
  type Parsed,
  type ParsedList,
  type Raw,
} from '../../../contract/read.ts';

/** A wire object whose fields may be anything: those of `T` (a contract type), each `unknown`. */
export type Wire<T> = { readonly [K in keyof T]?: unknown };

/** Reads a value as the wire object `T` (an empty one when it is not an object). */
export const wire = <T>(value: unknown): Wire<NonNullable<T>> => asRecord(value) as Wire<NonNullable<T>>;

/**
 * The provider's `errors` is `[]` when empty and an object (`{rateLimit: "…"}`) or a list of strings
 * when not. Returns the joined messages, or null when there are none. (contract/read.ts's
 * `errorMessages` reads them keyed, for the server's logs; this smaller one is what islands ship.)
 */
export function envelopeErrors(body: unknown): string | null {
  const errors = asRecord(body).errors;
  const list = Array.isArray(errors) ? errors : isRecord(errors) ? Object.values(errors) : [];
  const messages = list.map((e) => (typeof e === 'string' ? e : JSON.stringify(e))).filter(Boolean);
  return messages.length ? messages.join('; ') : null;
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

/** Reads a list response and parses its items in one step. */
export function parseListResponse<T>(body: unknown, parse: (raw: unknown) => Parsed<T>): ParsedList<T> {
  const list = readList(body);
  return list.ok ? parseEach(list.value, parse) : list;
}
