/** API-Football-shaped envelopes, so clients written for the provider read Marcador unchanged. */
import type { Envelope } from '../../contract/envelope.ts';
export type { Envelope };

export function envelope<T>(
  get: string,
  parameters: Record<string, string>,
  response: T,
  paging: { current: number; total: number } = { current: 1, total: 1 },
): Envelope<T> {
  const results = Array.isArray(response) ? response.length : response ? 1 : 0;
  return { get, parameters, errors: [], results, paging, response };
}

export function errorEnvelope(get: string, parameters: Record<string, string>, field: string, message: string): Envelope<never[]> {
  return { get, parameters, errors: { [field]: message }, results: 0, paging: { current: 1, total: 1 }, response: [], message };
}

/** Thrown by validators and handlers; turned into a 4xx with `message` by the app's error handler. */
export class HttpError extends Error {
  readonly status: 400 | 404 | 405 | 413 | 415 | 429;
  readonly field: string;
  constructor(status: HttpError['status'], message: string, field = 'request') {
    super(message);
    this.status = status;
    this.field = field;
  }
}
