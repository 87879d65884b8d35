import { TIMINGS } from '../config.ts';

/**
 * The site's only door to data: the data API's HTTP contract, used at build time (Node) and in the
 * browser (islands) alike, so what a page was built with and what an island refreshes agree.
 */

export type ApiResult<T> = { ok: true; data: T; status: number } | { ok: false; error: string; status: number };

export interface RequestOptions {
  /** Overrides the base URL (tests, or a page built against another API). */
  baseUrl?: string;
  timeoutMs?: number;
  /** Extra attempts after the first one, for network errors, timeouts, 5xx and 429. */
  retries?: number;
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
  /** Waits between retries; injectable so tests need not wait. */
  sleep?: (ms: number) => Promise<void>;
}

export const UNKNOWN_ERROR = 'An unknown error occurred';

/**
 * Where the API lives. In the browser: `PUBLIC_API_URL` when the site was built for a static host
 * with the API on another origin (inlined by the build), else the same origin (the site and the API
 * are served together, or the CDN forwards /api). At build time: `MARCADOR_API_URL`, set by
 * `npm run build` to the API it starts.
 */
export function apiBaseUrl(): string {
  if (typeof window !== 'undefined') return (import.meta.env.PUBLIC_API_URL ?? '').replace(/\/$/, '');
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return (env?.MARCADOR_API_URL ?? 'http://127.0.0.1:4321').replace(/\/$/, '');
}

/** Builds `path?query`, skipping empty parameters. */
export function buildUrl(base: string, path: string, params: Record<string, string | number | boolean | undefined | null> = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    query.set(key, String(value));
  }
  const qs = query.toString();
  return `${base}${path}${qs ? `?${qs}` : ''}`;
}

/** Spec §8: the response's `message`, else the transport message, else 'An unknown error occurred'. */
export function errorMessage(body: unknown, transportMessage?: string): string {
  if (body && typeof body === 'object') {
    const message = (body as Record<string, unknown>).message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return transportMessage?.trim() || UNKNOWN_ERROR;
}

/** Exponential back-off: 1 s, 2 s, 4 s … capped at 30 s (spec §7). */
export function retryDelay(attempt: number): number {
  return Math.min(TIMINGS.maxRetryDelayMs, 1000 * 2 ** attempt);
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/** GET a JSON document from the data API. Never throws: failures come back as `{ ok: false, error }`. */
export async function apiGet<T = unknown>(
  path: string,
  params: Record<string, string | number | boolean | undefined | null> = {},
  options: RequestOptions = {},
): Promise<ApiResult<T>> {
  const url = buildUrl(options.baseUrl ?? apiBaseUrl(), path, params);
  const doFetch = options.fetchImpl ?? fetch;
  const sleep = options.sleep ?? defaultSleep;
  const retries = options.retries ?? TIMINGS.maxRetries;
  let lastError = UNKNOWN_ERROR;
  let lastStatus = 0;

  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await sleep(retryDelay(attempt - 1));
    if (options.signal?.aborted) return { ok: false, error: 'Request aborted', status: 0 };
    const timeout = AbortSignal.timeout(options.timeoutMs ?? TIMINGS.httpTimeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    try {
      const response = await doFetch(url, { headers: { accept: 'application/json' }, signal });
      const body: unknown = await response.json().catch(() => null);
      if (response.ok) return { ok: true, data: body as T, status: response.status };
      lastStatus = response.status;
      lastError = errorMessage(body, `HTTP ${response.status} ${response.statusText}`.trim());
      if (!isRetryableStatus(response.status)) break;
    } catch (error) {
      lastStatus = 0;
      const name = (error as Error)?.name;
      lastError = name === 'TimeoutError' ? `Request timed out after ${options.timeoutMs ?? TIMINGS.httpTimeoutMs} ms` : errorMessage(null, (error as Error)?.message);
      if (options.signal?.aborted) break;
    }
  }
  return { ok: false, error: lastError, status: lastStatus };
}

/** Reader-facing Spanish text for a failed request; the English `error` goes to the console. */
export function readerMessage(status: number): string {
  if (status === 0) return 'No pudimos conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.';
  if (status === 404) return 'No encontramos lo que buscas.';
  if (status === 429) return 'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.';
  if (status >= 500) return 'El servidor no respondió como esperábamos. Inténtalo de nuevo en unos minutos.';
  return 'Algo salió mal al cargar los datos.';
}
