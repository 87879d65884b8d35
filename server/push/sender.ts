import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import { createEncryptor, EncryptorUnavailableError, type Encryptor } from './encryptor.ts';
import { transaction } from '../store/db.ts';
import type { GuardedStore } from '../store/guard.ts';
import { claimJobs, forgetSubscription, markFailed, markRetry, markSent, nextDue, type ClaimedJob, type VapidKeys } from './store.ts';

/**
 * Works through the outbox: each job encrypted for its browser (aes128gcm, web-push), signed for its
 * push service (VAPID), sent with bounded concurrency. What the push service answers decides:
 * 2xx sent; 404/410 the browser is gone (forgotten, with what waited for it); 429/5xx/no answer
 * again later (backoff, or its Retry-After) until the alert's TTL is spent; anything else failed.
 * A job is claimed with a lease before it is sent: a sender that dies mid-fan-out leaves its jobs to
 * be taken up when the lease ends (by itself restarted, or by another process).
 */

export interface SenderOptions {
  readers: GuardedStore;
  keys: VapidKeys;
  /** `mailto:` or `https:` URL a push service can reach the operator by. */
  subject: string;
  concurrency?: number;
  /** How long a claimed job stays this sender's: longer than a request may take. */
  leaseMs?: number;
  requestTimeoutMs?: number;
  maxAttempts?: number;
  log?: (m: string) => void;
}

export const PUSH_CONCURRENCY = 64;
const LEASE_MS = 15_000;
const REQUEST_TIMEOUT_MS = 10_000;
const MAX_ATTEMPTS = 6;
/** VAPID tokens are signed once per push service and reused (a signature per request would be most of the CPU). */
const TOKEN_LIFE_S = 12 * 3600;

export interface PushSender {
  /** Something was enqueued: send it now. */
  kick: () => void;
  /** Resolves when nothing is due or in flight (tests, the bench). */
  idle: () => Promise<void>;
  stop: () => void;
  counts: { sent: number; failed: number; removed: number; retried: number };
}

// Keep-alive connections to each push service: a fan-out is thousands of requests to one or two hosts.
const agents = { http: new http.Agent({ keepAlive: true, maxSockets: PUSH_CONCURRENCY }), https: new https.Agent({ keepAlive: true, maxSockets: PUSH_CONCURRENCY }) };

/** POSTs one push; its status (0: no answer in time, or no connection) and Retry-After. */
function post(endpoint: string, headers: Record<string, string | number>, body: Uint8Array, timeoutMs: number): Promise<{ status: number; retryAfter: string | null }> {
  return new Promise((resolve) => {
    const url = new URL(endpoint);
    const secure = url.protocol === 'https:';
    const request = (secure ? https : http).request(url, { method: 'POST', headers, agent: secure ? agents.https : agents.http, timeout: timeoutMs }, (response) => {
      response.resume();
      const retryAfter = response.headers['retry-after'];
      resolve({ status: response.statusCode ?? 0, retryAfter: typeof retryAfter === 'string' ? retryAfter : null });
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => resolve({ status: 0, retryAfter: null }));
    request.end(body);
  });
}

type Outcome = { state: 'sent' } | { state: 'gone'; reason: string } | { state: 'retry'; at: number; reason: string } | { state: 'failed'; reason: string };

/** What an answer means for the job (see the module's comment). */
export function outcomeOf(job: Pick<ClaimedJob, 'attempts' | 'createdAt' | 'ttl'>, status: number, retryAfter: string | null, maxAttempts: number, nowMs: number): Outcome {
  if (status >= 200 && status < 300) return { state: 'sent' };
  if (status === 404 || status === 410) return { state: 'gone', reason: `push service answered ${status}: subscription expired` };
  if (status === 0 || status === 429 || status >= 500) {
    const afterS = Number(retryAfter);
    const delay = retryAfter !== null && Number.isFinite(afterS) && afterS > 0 ? afterS * 1000 : Math.min(2 ** job.attempts * 1000, 5 * 60_000);
    const reason = status === 0 ? 'no answer from the push service' : `push service answered ${status}`;
    if (job.attempts < maxAttempts && nowMs + delay < job.createdAt + job.ttl * 1000) return { state: 'retry', at: nowMs + delay, reason };
    return { state: 'failed', reason: `${reason}; gave up after ${job.attempts} attempts` };
  }
  return { state: 'failed', reason: `push service answered ${status}` };
}

/** `Authorization` for a push service's origin, its token signed once and reused until an hour before it ends. */
function vapidAuthorizer(keys: VapidKeys, subject: string): (endpoint: string) => string {
  const tokens = new Map<string, { header: string; until: number }>();
  return (endpoint) => {
    const audience = new URL(endpoint).origin;
    const nowS = Math.floor(Date.now() / 1000);
    const cached = tokens.get(audience);
    if (cached && cached.until > nowS + 3600) return cached.header;
    const { Authorization } = webpush.getVapidHeaders(audience, subject, keys.publicKey, keys.privateKey, 'aes128gcm', nowS + TOKEN_LIFE_S) as { Authorization: string };
    tokens.set(audience, { header: Authorization, until: nowS + TOKEN_LIFE_S });
    return Authorization;
  };
}

/** Says how a batch of jobs went, in one transaction: a write per answer would cost more than the answers. */
function recordOutcomes(
  readers: GuardedStore,
  done: ReadonlyArray<{ job: ClaimedJob; outcome: Outcome; at: number }>,
  counts: PushSender['counts'],
  log: (m: string) => void,
): void {
  for (const { outcome } of done) {
    if (outcome.state === 'sent') counts.sent++;
    else if (outcome.state === 'gone') counts.removed++;
    else if (outcome.state === 'retry') counts.retried++;
    else counts.failed++;
  }
  try {
    readers.write((db) =>
      transaction(db, () => {
        for (const { job, outcome, at } of done) {
          if (outcome.state === 'sent') markSent(db, job.id, at);
          else if (outcome.state === 'gone') forgetSubscription(db, job.subscriptionId, at, outcome.reason);
          else if (outcome.state === 'retry') markRetry(db, job.id, outcome.at, outcome.reason);
          else markFailed(db, job.id, outcome.reason, at);
        }
      }),
    );
  } catch (error) {
    // The store cannot keep it now: the leases end and the jobs are taken up again.
    log(`[push] could not record ${done.length} deliveries: ${(error as Error).message}`);
  }
}

/**
 * How long answers wait to be written together. A crash loses at most this much of them: those jobs
 * are sent again when their lease ends (a browser shows the same alert once: same tag, same text).
 */
const RECORD_EVERY_MS = 10;

function batchedRecorder(readers: GuardedStore, counts: PushSender['counts'], log: (m: string) => void) {
  let answered: Array<{ job: ClaimedJob; outcome: Outcome; at: number }> = [];
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!answered.length) return;
    const done = answered;
    answered = [];
    recordOutcomes(readers, done, counts, log);
  };
  const record = (job: ClaimedJob, outcome: Outcome) => {
    answered.push({ job, outcome, at: Date.now() });
    timer ??= setTimeout(flush, RECORD_EVERY_MS);
  };
  return { record, flush };
}

/** Encrypts one job (off the main thread), posts it, and says how it went. */
function jobSender(deps: {
  encryptor: Encryptor;
  authorization: (endpoint: string) => string;
  record: (job: ClaimedJob, outcome: Outcome) => void;
  timeoutMs: number;
  maxAttempts: number;
}) {
  const { encryptor, authorization, record, timeoutMs, maxAttempts } = deps;
  return async function send(job: ClaimedJob): Promise<void> {
    const nowMs = Date.now();
    const { endpoint, p256dh, auth } = job;
    if (!endpoint || !p256dh || !auth) return record(job, { state: 'failed', reason: 'subscription gone' });
    if (nowMs > job.createdAt + job.ttl * 1000) return record(job, { state: 'failed', reason: 'expired before it could be sent (TTL)' });
    let encrypted: Awaited<ReturnType<Encryptor['encrypt']>>;
    try {
      encrypted = await encryptor.encrypt({
        endpoint,
        p256dh,
        auth,
        payload: job.payload,
        // What is left of its life: a retried goal must not outlive the minutes it was worth.
        ttl: Math.max(0, job.ttl - Math.floor((nowMs - job.createdAt) / 1000)),
        urgency: job.urgency,
        topic: job.topic,
        authorization: authorization(endpoint),
      });
    } catch (error) {
      // A worker that stopped says nothing about the job: it is tried again, as when a push service does not answer.
      if (error instanceof EncryptorUnavailableError) return record(job, outcomeOf(job, 0, null, maxAttempts, Date.now()));
      return record(job, { state: 'failed', reason: `cannot encrypt for this subscription: ${(error as Error).message}` });
    }
    const { status, retryAfter } = await post(endpoint, encrypted.headers, encrypted.body, timeoutMs);
    record(job, outcomeOf(job, status, retryAfter, maxAttempts, Date.now()));
  };
}

/** Claims up to `limit` jobs for this sender, leaving out those it already holds; each with when its lease ends. */
function takeClaims(readers: GuardedStore, held: Set<number>, limit: number, leaseMs: number, log: (m: string) => void): Array<ClaimedJob & { leaseUntil: number }> {
  const claimedAt = Date.now();
  try {
    // A job of ours whose lease ran out while it waited or was in flight comes back in a claim: it is already being sent.
    const fresh = readers.write((db) => claimJobs(db, limit, leaseMs, claimedAt)).filter((job) => !held.has(job.id));
    for (const job of fresh) held.add(job.id);
    return fresh.map((job) => ({ ...job, leaseUntil: claimedAt + leaseMs }));
  } catch (error) {
    log(`[push] could not claim jobs: ${(error as Error).message}`);
    return [];
  }
}

export function createPushSender(options: SenderOptions): PushSender {
  const { readers, keys, subject } = options;
  const concurrency = options.concurrency ?? PUSH_CONCURRENCY;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const timeoutMs = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  const log = options.log ?? ((m: string) => console.error(m));
  const counts = { sent: 0, failed: 0, removed: 0, retried: 0 };
  const waiting: Array<ClaimedJob & { leaseUntil: number }> = [];
  /** Jobs this sender holds (waiting or in flight). */
  const held = new Set<number>();
  let inFlight = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let idleWaiters: Array<() => void> = [];

  const authorization = vapidAuthorizer(keys, subject);

  const { record, flush: flushRecords } = batchedRecorder(readers, counts, log);
  const encryptor = createEncryptor(log);

  const send = jobSender({ encryptor, authorization, record, timeoutMs, maxAttempts });

  function schedule(): void {
    if (stopped || timer) return;
    let due: number | null;
    try {
      due = nextDue(readers.db);
    } catch {
      due = Date.now() + 5_000;
    }
    if (due === null) return;
    timer = setTimeout(
      () => {
        timer = null;
        pump();
      },
      Math.max(0, due - Date.now()) + 5,
    );
    timer.unref();
  }

  function pump(): void {
    if (stopped) return;
    // Refilled by batches: a claim is a query, and one per answer was the sender's largest cost.
    if (waiting.length < concurrency / 2) {
      // What was answered is written first: a job sent but not yet recorded, its lease run out, would be claimed again.
      flushRecords();
      waiting.push(...takeClaims(readers, held, concurrency * 4 - inFlight - waiting.length, leaseMs, log));
    }
    while (inFlight < concurrency && waiting.length) {
      const job = waiting.shift()!;
      // Its lease ended before its turn (a slow machine): another sender may have it now. It is
      // claimed again, by whoever is first, rather than sent by two.
      if (Date.now() >= job.leaseUntil) {
        held.delete(job.id);
        continue;
      }
      inFlight++;
      void send(job).finally(() => {
        inFlight--;
        held.delete(job.id);
        pump();
      });
    }
    if (inFlight === 0 && waiting.length === 0) {
      flushRecords();
      schedule();
      for (const done of idleWaiters) done();
      idleWaiters = [];
    }
  }

  return {
    kick: () => {
      if (timer) clearTimeout(timer);
      timer = null;
      pump();
    },
    idle: () =>
      new Promise<void>((resolve) => {
        if (inFlight === 0 && waiting.length === 0) resolve();
        else idleWaiters.push(resolve);
      }),
    stop: () => {
      flushRecords();
      encryptor.stop();
      stopped = true;
      if (timer) clearTimeout(timer);
    },
    counts,
  };
}
