import { TIMINGS } from '../config.ts';
import { apiBaseUrl, buildUrl, errorMessage, type ApiResult, type RequestOptions } from './client.ts';

/*
 * In a module of its own: only forms write (the newsletter, the alerts' bell), and their scripts load
 * when a reader reaches them (src/client/shell-client.ts), so every page's shell need not carry this.
 */

/** A JSON write to the data API. No retries: the reader sees the outcome. */
export async function apiSend<T = unknown>(method: 'POST' | 'PUT' | 'DELETE', path: string, payload: unknown, options: RequestOptions = {}): Promise<ApiResult<T>> {
  const url = buildUrl(options.baseUrl ?? apiBaseUrl(), path);
  const doFetch = options.fetchImpl ?? fetch;
  try {
    const response = await doFetch(url, {
      method,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(options.timeoutMs ?? TIMINGS.httpTimeoutMs),
    });
    const body: unknown = await response.json().catch(() => null);
    if (response.ok) return { ok: true, data: body as T, status: response.status };
    return { ok: false, error: errorMessage(body, `HTTP ${response.status}`), status: response.status };
  } catch (error) {
    return { ok: false, error: errorMessage(null, (error as Error)?.message), status: 0 };
  }
}

/** POST JSON to the data API (the newsletter). */
export function apiPost<T = unknown>(path: string, payload: unknown, options: RequestOptions = {}): Promise<ApiResult<T>> {
  return apiSend<T>('POST', path, payload, options);
}
