/**
 * A small HTTP client for API-Football v3. It retries what is worth retrying (network errors,
 * timeouts, 5xx, 429, the provider's rate-limit envelope), respects the provider's rate-limit
 * headers, follows paging, and turns everything else into an `ApiFootballError` with a message an
 * operator can act on.
 */
import type { ApiEnvelope } from '../../store/provider-types.ts';
import { parseEnvelope, providerErrorMessages } from './parse.ts';

export const DEFAULT_BASE_URL = 'https://v3.football.api-sports.io';

export type ApiFootballErrorKind =
  /** Could not reach the provider (DNS, refused connection, reset). */
  | 'network'
  /** No complete answer within the per-request timeout. */
  | 'timeout'
  /** An HTTP status that is not 2xx. */
  | 'http'
  /** HTTP 200 with a non-empty `errors` (bad key, plan restriction, bad parameter …). */
  | 'provider'
  /** The per-minute limit, still hit after the allowed retries. */
  | 'rate-limit'
  /** The daily request quota is used up; it resets at 00:00 UTC. */
  | 'quota'
  /** The body is not an API-Football envelope. */
  | 'invalid-response';

export class ApiFootballError extends Error {
  readonly kind: ApiFootballErrorKind;
  /** The request, e.g. 'GET /fixtures?league=242&season=2026'. */
  readonly request: string;
  readonly status: number | null;

  constructor(kind: ApiFootballErrorKind, request: string, message: string, status: number | null = null) {
    super(`${request}: ${message}`);
    this.name = 'ApiFootballError';
    this.kind = kind;
    this.request = request;
    this.status = status;
  }
}

export type QueryParams = Record<string, string | number | undefined>;

export interface ApiFootballClientOptions {
  apiKey: string;
  /** Defaults to `API_FOOTBALL_BASE_URL`, else the public v3 host. */
  baseUrl?: string;
  /** Per request, including reading the body. */
  timeoutMs?: number;
  /** Retries after the first attempt, for retryable failures. */
  maxRetries?: number;
  retryBaseDelayMs?: number;
  retryMaxDelayMs?: number;
  /** How long to wait when the per-minute limit is reached (the provider's window is one minute). */
  rateLimitWaitMs?: number;
  /** Refuses to follow more pages than this, in case paging never ends. */
  maxPages?: number;
  fetch?: typeof globalThis.fetch;
  sleep?: (ms: number) => Promise<void>;
  /** Progress an operator may want to see (waits, retries). */
  onNotice?: (message: string) => void;
  /** The clock (epoch ms) the quota's day and the per-minute pause are read on; the real one by default. */
  now?: () => number;
  /** Every HTTP answer's status and headers (the ingest's quota planner reads the rate-limit headers). */
  onResponse?: (status: number, headers: Headers) => void;
}

const DEFAULTS = {
  timeoutMs: 15_000,
  maxRetries: 3,
  retryBaseDelayMs: 1_000,
  retryMaxDelayMs: 30_000,
  rateLimitWaitMs: 60_000,
  maxPages: 200,
};

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Statuses that say "try again later" rather than "this request is wrong". */
function isRetryableStatus(status: number): boolean {
  // 499 is API-Football's own "time out" status.
  return status >= 500 || status === 429 || status === 408 || status === 499;
}

/** Retry-After in seconds or as an HTTP date; null when absent or unreadable. */
function retryAfterMs(headers: Headers): number | null {
  const value = headers.get('retry-after');
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

function headerCount(headers: Headers, name: string): number | null {
  const value = headers.get(name);
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** A short reason from an error body: the provider's `message` or `errors`, else the start of the text. */
function bodySummary(text: string): string {
  try {
    const body = JSON.parse(text) as unknown;
    if (typeof body === 'object' && body !== null) {
      const record = body as Record<string, unknown>;
      if (typeof record.message === 'string') return record.message;
      const messages = providerErrorMessages(record.errors);
      if (messages.length > 0) return messages.map((m) => `${m.key}: ${m.message}`).join('; ');
    }
  } catch {
    // Not JSON: fall through to the raw text.
  }
  const compact = text.replace(/\s+/g, ' ').trim();
  return compact.length > 200 ? `${compact.slice(0, 200)}…` : compact;
}

interface RetryLater {
  reason: string;
  /** What the provider asked for (Retry-After, rate-limit window); null means exponential backoff. */
  delayMs: number | null;
  kind: ApiFootballErrorKind;
  status: number | null;
}

export class ApiFootballClient {
  readonly baseUrl: string;
  private readonly apiKey: string;
  private readonly settings: typeof DEFAULTS;
  private readonly fetchImpl: typeof globalThis.fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly notice: (message: string) => void;
  private readonly onResponse: (status: number, headers: Headers) => void;
  private readonly now: () => number;
  private requests = 0;
  /** Epoch ms before which no request may start (per-minute limit reached). */
  private pausedUntil = 0;
  /** The UTC day (YYYY-MM-DD) whose quota the provider said is used up; the quota resets at 00:00 UTC. */
  private quotaUsedUpOn: string | null = null;

  constructor(options: ApiFootballClientOptions) {
    if (!options.apiKey || !options.apiKey.trim()) throw new Error('API-Football client needs an API key (API_FOOTBALL_KEY).');
    this.apiKey = options.apiKey.trim();
    const base = options.baseUrl || process.env.API_FOOTBALL_BASE_URL || DEFAULT_BASE_URL;
    try {
      this.baseUrl = new URL(base).toString().replace(/\/+$/, '');
    } catch {
      throw new Error(`API-Football base URL ${JSON.stringify(base)} is not a valid URL.`);
    }
    this.settings = {
      timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
      maxRetries: options.maxRetries ?? DEFAULTS.maxRetries,
      retryBaseDelayMs: options.retryBaseDelayMs ?? DEFAULTS.retryBaseDelayMs,
      retryMaxDelayMs: options.retryMaxDelayMs ?? DEFAULTS.retryMaxDelayMs,
      rateLimitWaitMs: options.rateLimitWaitMs ?? DEFAULTS.rateLimitWaitMs,
      maxPages: options.maxPages ?? DEFAULTS.maxPages,
    };
    this.fetchImpl = options.fetch ?? globalThis.fetch;
    this.sleep = options.sleep ?? realSleep;
    this.notice = options.onNotice ?? (() => {});
    this.onResponse = options.onResponse ?? (() => {});
    this.now = options.now ?? Date.now;
  }

  /** HTTP requests sent so far (retries included): what counts against the provider's quota. */
  get requestCount(): number {
    return this.requests;
  }

  /** One request; resolves with an envelope whose `errors` is empty. */
  async get(path: string, params: QueryParams = {}): Promise<ApiEnvelope<unknown>> {
    const url = this.url(path, params);
    const label = `GET /${path.replace(/^\/+/, '')}${url.search}`;
    for (let attempt = 0; ; attempt++) {
      const outcome = await this.attempt(url, label);
      if (!('reason' in outcome)) return outcome;
      if (attempt >= this.settings.maxRetries) {
        const tries = attempt + 1;
        throw new ApiFootballError(
          outcome.kind,
          label,
          `${outcome.reason} (gave up after ${tries} attempt${tries === 1 ? '' : 's'})`,
          outcome.status,
        );
      }
      const delayMs =
        outcome.delayMs ?? Math.min(this.settings.retryBaseDelayMs * 2 ** attempt, this.settings.retryMaxDelayMs);
      this.notice(`${label}: ${outcome.reason}; retrying in ${Math.round(delayMs / 1000)} s`);
      await this.sleep(delayMs);
    }
  }

  /**
   * Every page of a paged endpoint (e.g. /players), concatenated. The first request carries no
   * `page`, like the provider's own default; later ones ask for page 2, 3 … until `paging.total`.
   */
  async getAllPages(path: string, params: QueryParams = {}): Promise<unknown[]> {
    const items: unknown[] = [];
    for (let page = 1; ; page++) {
      const envelope = await this.get(path, page === 1 ? params : { ...params, page });
      const label = `GET ${path} page ${page}`;
      if (!Array.isArray(envelope.response)) {
        throw new ApiFootballError('invalid-response', label, 'expected "response" to be a list');
      }
      if (envelope.paging.current !== page) {
        throw new ApiFootballError('invalid-response', label, `the provider answered with page ${envelope.paging.current}`);
      }
      items.push(...envelope.response);
      if (page >= envelope.paging.total) return items;
      if (page >= this.settings.maxPages) {
        throw new ApiFootballError('invalid-response', label, `more than ${this.settings.maxPages} pages (paging.total ${envelope.paging.total})`);
      }
    }
  }

  private url(path: string, params: QueryParams): URL {
    const url = new URL(`${this.baseUrl}/${path.replace(/^\/+/, '')}`);
    for (const [key, value] of Object.entries(params)) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    return url;
  }

  private async attempt(url: URL, label: string): Promise<ApiEnvelope<unknown> | RetryLater> {
    if (this.quotaUsedUpOn === this.utcDay()) {
      throw new ApiFootballError('quota', label, 'the daily API-Football request quota is used up (it resets at 00:00 UTC); not sending more requests');
    }
    const wait = this.pausedUntil - this.now();
    if (wait > 0) {
      this.notice(`API-Football per-minute request limit reached; pausing ${Math.ceil(wait / 1000)} s`);
      await this.sleep(wait);
      this.pausedUntil = 0;
    }

    let status: number | null = null;
    let text: string;
    let headers: Headers;
    try {
      this.requests++;
      const response = await this.fetchImpl(url, {
        headers: { 'x-apisports-key': this.apiKey, accept: 'application/json' },
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
      status = response.status;
      headers = response.headers;
      this.readRateLimitHeaders(headers);
      this.onResponse(status, headers);
      text = await response.text();
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      if (name === 'TimeoutError' || name === 'AbortError') {
        return this.retryLater('timeout', status, `no complete answer within ${this.settings.timeoutMs} ms`, null);
      }
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
      const message = error instanceof Error ? error.message : String(error);
      return this.retryLater('network', status, `could not reach ${url.host} (${message}${cause})`, null);
    }

    if (status < 200 || status > 299) {
      const summary = bodySummary(text);
      const reason = `HTTP ${status}${summary ? ` (${summary})` : ''}`;
      if (!isRetryableStatus(status)) {
        const hint = status === 401 || status === 403 ? '; check API_FOOTBALL_KEY' : '';
        throw new ApiFootballError('http', label, `${reason}${hint}`, status);
      }
      const delay = retryAfterMs(headers) ?? (status === 429 ? this.settings.rateLimitWaitMs : null);
      return this.retryLater(status === 429 ? 'rate-limit' : 'http', status, reason, delay);
    }

    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new ApiFootballError('invalid-response', label, `the body is not JSON: ${bodySummary(text) || '(empty)'}`, status);
    }
    const envelope = parseEnvelope(body);
    if (!envelope.ok) throw new ApiFootballError('invalid-response', label, envelope.error, status);

    const messages = providerErrorMessages(envelope.value.errors);
    if (messages.length === 0) return envelope.value;
    const described = messages.map((m) => `${m.key}: ${m.message}`).join('; ');
    if (messages.some((m) => m.key === 'rateLimit')) {
      return this.retryLater('rate-limit', status, `rate limited by API-Football (${described})`, this.settings.rateLimitWaitMs);
    }
    if (messages.some((m) => m.key === 'requests')) {
      this.quotaUsedUpOn = this.utcDay();
      throw new ApiFootballError('quota', label, `the daily request quota is used up (${described})`, status);
    }
    throw new ApiFootballError('provider', label, `API-Football refused the request (${described})`, status);
  }

  private utcDay(): string {
    return new Date(this.now()).toISOString().slice(0, 10);
  }

  private retryLater(kind: ApiFootballErrorKind, status: number | null, reason: string, delayMs: number | null): RetryLater {
    return { kind, status, reason, delayMs };
  }

  /**
   * `x-ratelimit-requests-remaining` counts the day's quota; `X-RateLimit-Remaining` the current
   * minute's. At 0 the next request would only be refused (and still count), so the client waits
   * out the minute, or stops asking for the rest of the day.
   */
  private readRateLimitHeaders(headers: Headers): void {
    const minuteRemaining = headerCount(headers, 'x-ratelimit-remaining');
    if (minuteRemaining !== null && minuteRemaining <= 0) {
      this.pausedUntil = this.now() + this.settings.rateLimitWaitMs;
    }
    const dayRemaining = headerCount(headers, 'x-ratelimit-requests-remaining');
    if (dayRemaining !== null && dayRemaining <= 0) this.quotaUsedUpOn = this.utcDay();
  }
}
