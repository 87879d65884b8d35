/**
 * A Web Push service on 127.0.0.1 for tests and benchmarks: it checks each request as a real push
 * service does (RFC 8030 headers, RFC 8292 VAPID, RFC 8291 aes128gcm payload, decrypted with the
 * subscription's own keys) and records what a browser would have received. A request a real service
 * would refuse is refused here too, with the reason, so a sender that only works against a lenient
 * stub fails its tests. Tests can script the answers that real services give under load or after an
 * unsubscribe (410, 429 with Retry-After, 500).
 */
import { createECDH, createPublicKey, randomBytes, randomUUID, verify, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

// http_ece ships no types; this is the one call used (ece.js: `decrypt(buffer, params)`).
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(body: Buffer, params: { version: 'aes128gcm'; privateKey: ReturnType<typeof createECDH>; authSecret: Buffer }): Buffer;
};

export type Urgency = 'very-low' | 'low' | 'normal' | 'high';

export interface PushDelivery {
  subscriptionId: string;
  /** The decrypted text, JSON.parse'd when it is JSON. */
  payload: unknown;
  ttl: number;
  /** 'normal' when the request has no Urgency header: RFC 8030 §5.3's default. */
  urgency: Urgency;
  topic: string | undefined;
  /** The VAPID JWT's `aud` and `sub`. */
  audience: string;
  subject: string;
  /** Date.now() when the request was answered. */
  receivedAt: number;
  /** With `decryptLater`, the body until `decryptPending()` reads it. */
  encrypted?: Buffer;
}

/** A request that produced no delivery: refused by a check, or answered with a scripted status. */
export interface PushRejection {
  subscriptionId: string;
  status: number;
  reason: string;
}

/** What a browser's `PushSubscription.toJSON()` gives (web-push's PushSubscription), plus the id here. */
export interface LocalSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface AdoptedSubscription {
  /** Either the endpoint (it must be on this service) or the bare id; neither: a new id. */
  endpoint?: string;
  id?: string;
  keys: { p256dh: string; auth: string };
  /** The P-256 private key: base64url of the raw 32 bytes, which is also a JWK's `d`; or that JWK. */
  privateKey: string | { d: string };
}

export interface LocalPushService {
  /** http://127.0.0.1:PORT, the VAPID audience senders must sign for. */
  url: string;
  /** A new browser subscription, its keys made here (ECDH P-256 and 16 random auth bytes). */
  subscribe(): LocalSubscription;
  /** Registers a subscription whose keys were made elsewhere (e.g. in a browser); throws if the private key does not match p256dh. */
  adopt(subscription: AdoptedSubscription): LocalSubscription;
  deliveries: PushDelivery[];
  rejected: PushRejection[];
  /**
   * The next `times` requests for this subscription (id or endpoint) answer `status` and deliver
   * nothing; `times` defaults to Infinity. A 429 carries `Retry-After` (`retryAfterS`, default 1 s).
   */
  respondWith(subscription: string, status: number, options?: { times?: number; retryAfterS?: number }): void;
  /** The reader unsubscribed: its keys are dropped, and every later request answers 410 Gone. */
  forget(subscription: string): void;
  /** Resolves once predicate(deliveries) holds; polls, and rejects after timeoutMs saying what did arrive. */
  waitFor(predicate: (deliveries: PushDelivery[]) => boolean, timeoutMs?: number): Promise<void>;
  /** With `decryptLater`: decrypts every kept body into `payload`; returns the deliveries whose body did not decrypt. */
  decryptPending(): PushDelivery[];
  close(): Promise<void>;
}

export interface LocalPushServiceOptions {
  /** The VAPID public key (base64url) senders must use; another key is answered 403. */
  expectedPublicKey?: string;
  /** Held before each answer, so a benchmark keeps requests in flight as against a remote service. */
  delayMs?: number;
  /**
   * Accept a well-formed push without decrypting it (as a real service, which cannot), keeping the
   * body for `decryptPending()`: a benchmark's timings then hold no work a real service does not do.
   */
  decryptLater?: boolean;
}

/** Per subscription only the 32-byte private key and the 16-byte auth secret: a benchmark registers 10,000. */
interface Keys {
  privateKey: Buffer;
  auth: Buffer;
}

interface Script {
  status: number;
  remaining: number;
  retryAfterS: number | undefined;
}

interface Refusal {
  status: number;
  reason: string;
  headers?: Record<string, string>;
}

/** RFC 8030 §7.2 lets a service refuse larger payloads; 4096 is what every browser vendor's service accepts. */
const MAX_BODY_BYTES = 4096;
/** RFC 8292 §2: a JWT valid for longer than a day may be refused. */
const MAX_JWT_LIFETIME_S = 24 * 60 * 60;
const URGENCIES: readonly string[] = ['very-low', 'low', 'normal', 'high'];
const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;

const refuse = (status: number, reason: string): Refusal => ({ status, reason });
const isRefusal = (value: object): value is Refusal => 'status' in value;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The request body, whole up to one byte past the limit; the rest is drained so the sender can read the answer. */
async function readBody(req: IncomingMessage): Promise<{ body: Buffer; tooLarge: boolean }> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    if (length <= MAX_BODY_BYTES) chunks.push(chunk);
    length += chunk.length;
  }
  return { body: Buffer.concat(chunks), tooLarge: length > MAX_BODY_BYTES };
}

/** A sender signs every request with the same key; importing it again each time is a third of a request's cost. */
let lastVapidKey: { k: string; key: KeyObject } | undefined;

/** The application server's public key from `k`: 65 bytes, an uncompressed P-256 point. */
function vapidKey(k: string): KeyObject | Refusal {
  if (lastVapidKey?.k === k) return lastVapidKey.key;
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 0x04) return refuse(401, `k is not an uncompressed P-256 point (${point.length} bytes)`);
  const jwk = { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') };
  try {
    lastVapidKey = { k, key: createPublicKey({ key: jwk, format: 'jwk' }) };
    return lastVapidKey.key;
  } catch {
    return refuse(401, 'k is not a point on P-256');
  }
}

/** RFC 8292: `Authorization: vapid t=<JWT>, k=<key>`, the JWT signed ES256 by k, for this service, not expired, with a contact. */
const verifiedTokens = new Set<string>();

function checkVapid(authorization: string | undefined, audience: string, expectedKey: string | undefined): { audience: string; subject: string } | Refusal {
  const scheme = /^vapid\s+(.*)$/i.exec(authorization ?? '');
  if (!scheme) return refuse(401, `Authorization is not 'vapid t=…, k=…': ${authorization ?? '(none)'}`);
  const params = new Map([...scheme[1]!.matchAll(/(?:^|,)\s*([a-z]+)\s*=\s*([^,\s]*)/gi)].map((m) => [m[1]!.toLowerCase(), m[2]!]));
  const token = params.get('t');
  const k = params.get('k');
  if (!token || !k) return refuse(401, 'the vapid Authorization lacks t= or k=');
  if (expectedKey && !Buffer.from(k, 'base64url').equals(Buffer.from(expectedKey, 'base64url'))) return refuse(403, 'k is not the VAPID key this service expects');
  const key = vapidKey(k);
  if (isRefusal(key)) return key;
  const [header, claims, signature, ...extra] = token.split('.');
  if (!header || !claims || !signature || extra.length > 0) return refuse(401, 'the JWT does not have three parts');
  const head = parseJson(Buffer.from(header, 'base64url').toString('utf8')) as { typ?: unknown; alg?: unknown } | undefined;
  if (head?.typ !== 'JWT' || head.alg !== 'ES256') return refuse(401, `the JWT header is not {"typ":"JWT","alg":"ES256"}: ${JSON.stringify(head)}`);
  const rawSignature = Buffer.from(signature, 'base64url');
  // ES256 in a JWT is r||s (RFC 7518 §3.4), not the DER that node:crypto signs by default. A token is
  // signed once and sent with thousands of pushes: its signature is checked once per key (as a real
  // service caches it); its claims, expiry included, on every request.
  const signed = `${k} ${token}`;
  if (!verifiedTokens.has(signed)) {
    if (rawSignature.length !== 64 || !verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, rawSignature)) {
      return refuse(401, 'the JWT signature does not verify with k');
    }
    if (verifiedTokens.size > 1_000) verifiedTokens.clear();
    verifiedTokens.add(signed);
  }
  const claimed = parseJson(Buffer.from(claims, 'base64url').toString('utf8')) as { aud?: unknown; exp?: unknown; sub?: unknown } | undefined;
  if (claimed?.aud !== audience) return refuse(401, `the JWT aud is ${JSON.stringify(claimed?.aud)}, not this service's origin ${audience}`);
  const nowS = Date.now() / 1000;
  if (typeof claimed.exp !== 'number' || claimed.exp <= nowS) return refuse(401, `the JWT has expired (exp ${JSON.stringify(claimed.exp)})`);
  if (claimed.exp - nowS > MAX_JWT_LIFETIME_S) return refuse(401, `the JWT exp is more than 24 h ahead (${claimed.exp})`);
  if (typeof claimed.sub !== 'string' || !/^(mailto|https):/.test(claimed.sub))
    return refuse(401, `the JWT sub is not a mailto: or https: contact: ${JSON.stringify(claimed.sub)}`);
  return { audience: claimed.aud, subject: claimed.sub };
}

/** RFC 8030 §5.2–5.4 and RFC 8291 §4's headers. */
function checkHeaders(req: IncomingMessage): { ttl: number; urgency: Urgency; topic: string | undefined } | Refusal {
  // A header sent twice arrives as an array; joined, it fails the checks as a real service would refuse it.
  const header = (name: string) => [req.headers[name] ?? []].flat().join(', ') || undefined;
  const encoding = header('content-encoding');
  if (encoding?.toLowerCase() !== 'aes128gcm') return refuse(415, `Content-Encoding must be aes128gcm, not ${encoding ?? '(none)'}`);
  const ttl = header('ttl');
  if (ttl === undefined || !/^\d+$/.test(ttl)) return refuse(400, `TTL must be a non-negative integer, not ${ttl ?? '(none)'}`);
  const urgency = header('urgency') ?? 'normal';
  if (!URGENCIES.includes(urgency)) return refuse(400, `Urgency must be one of ${URGENCIES.join('|')}, not ${urgency}`);
  const topic = header('topic');
  if (topic !== undefined && !TOPIC.test(topic)) return refuse(400, `Topic must be at most 32 base64url characters, not ${topic}`);
  return { ttl: Number(ttl), urgency: urgency as Urgency, topic };
}

/** RFC 8291: what the browser would read, or why it could not. */
function decryptPayload(body: Buffer, keys: Keys): { payload: unknown } | Refusal {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(keys.privateKey);
  let text: string;
  try {
    text = ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: keys.auth }).toString('utf8');
  } catch (error) {
    return refuse(400, `the body does not decrypt with this subscription's keys (${(error as Error).message})`);
  }
  const json = parseJson(text);
  return { payload: json === undefined ? text : json };
}

function privateKeyBytes(privateKey: AdoptedSubscription['privateKey']): Buffer {
  const bytes = Buffer.from(typeof privateKey === 'string' ? privateKey : privateKey.d, 'base64url');
  if (bytes.length !== 32) throw new Error(`a P-256 private key is 32 bytes, not ${bytes.length}`);
  return bytes;
}

interface State {
  url: string;
  options: LocalPushServiceOptions;
  subscriptions: Map<string, Keys>;
  scripts: Map<string, Script>;
  deliveries: PushDelivery[];
  rejected: PushRejection[];
}

/** A subscription named by its endpoint on this service or by its bare id. */
const idOf = (state: State, subscription: string) => (subscription.startsWith(`${state.url}/push/`) ? subscription.slice(`${state.url}/push/`.length) : subscription);

function described(state: State, id: string, keys: Keys): LocalSubscription {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(keys.privateKey);
  return { id, endpoint: `${state.url}/push/${id}`, keys: { p256dh: ecdh.getPublicKey('base64url'), auth: keys.auth.toString('base64url') } };
}

/** The scripted answer for this request, if one is due (counting it down). */
function scripted(state: State, id: string): Refusal | undefined {
  const script = state.scripts.get(id);
  if (!script) return undefined;
  if (--script.remaining <= 0) state.scripts.delete(id);
  const headers: Record<string, string> = script.retryAfterS === undefined ? {} : { 'retry-after': String(script.retryAfterS) };
  return { status: script.status, reason: `scripted ${script.status}`, headers };
}

/** Every check a real service makes, in the order it can make them; a delivery when all pass. */
function handle(state: State, req: IncomingMessage, id: string, body: Buffer, tooLarge: boolean): PushDelivery | Refusal {
  const script = scripted(state, id);
  if (script) return script;
  const keys = state.subscriptions.get(id);
  if (!keys) return refuse(404, `no subscription ${id} (expired or never made)`);
  const vapid = checkVapid(req.headers.authorization, state.url, state.options.expectedPublicKey);
  if (isRefusal(vapid)) return vapid;
  const headers = checkHeaders(req);
  if (isRefusal(headers)) return headers;
  if (tooLarge) return refuse(413, `the body is larger than ${MAX_BODY_BYTES} bytes`);
  // A real push service never reads the payload (only the browser can); a benchmark checks it afterwards.
  if (state.options.decryptLater) return { subscriptionId: id, payload: undefined, encrypted: body, ...headers, ...vapid, receivedAt: Date.now() };
  const decrypted = decryptPayload(body, keys);
  if (isRefusal(decrypted)) return decrypted;
  return { subscriptionId: id, payload: decrypted.payload, ...headers, ...vapid, receivedAt: Date.now() };
}

async function serve(state: State, req: IncomingMessage, res: ServerResponse) {
  const { body, tooLarge } = await readBody(req);
  if (state.options.delayMs) await sleep(state.options.delayMs);
  const path = new URL(req.url ?? '/', state.url).pathname;
  const id = /^\/push\/([^/]+)$/.exec(path)?.[1];
  const outcome = !id ? refuse(404, `no push resource at ${path}`) : req.method !== 'POST' ? refuse(405, `${req.method} is not POST`) : handle(state, req, id, body, tooLarge);
  if (isRefusal(outcome)) {
    state.rejected.push({ subscriptionId: id ?? '', status: outcome.status, reason: outcome.reason });
    res.writeHead(outcome.status, { 'content-type': 'text/plain; charset=utf-8', ...(outcome.status === 405 ? { allow: 'POST' } : {}), ...outcome.headers });
    res.end(outcome.reason);
    return;
  }
  state.deliveries.push(outcome);
  res.writeHead(201, { location: `${state.url}/message/${randomUUID()}` });
  res.end();
}

function subscribe(state: State): LocalSubscription {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const id = randomBytes(16).toString('base64url');
  const keys = { privateKey: ecdh.getPrivateKey(), auth: randomBytes(16) };
  state.subscriptions.set(id, keys);
  return described(state, id, keys);
}

function adopt(state: State, subscription: AdoptedSubscription): LocalSubscription {
  const id = subscription.id ?? (subscription.endpoint ? idOf(state, subscription.endpoint) : randomBytes(16).toString('base64url'));
  if (id.includes('/')) throw new Error(`${subscription.endpoint} is not an endpoint of ${state.url}`);
  const keys = { privateKey: privateKeyBytes(subscription.privateKey), auth: Buffer.from(subscription.keys.auth, 'base64url') };
  if (keys.auth.length !== 16) throw new Error(`keys.auth is 16 bytes, not ${keys.auth.length}`);
  const made = described(state, id, keys);
  if (made.keys.p256dh !== Buffer.from(subscription.keys.p256dh, 'base64url').toString('base64url')) throw new Error('the private key does not match keys.p256dh');
  state.subscriptions.set(id, keys);
  return made;
}

function respondWith(state: State, subscription: string, status: number, { times = Infinity, retryAfterS }: { times?: number; retryAfterS?: number } = {}) {
  const id = idOf(state, subscription);
  // A typo'd id would otherwise script nothing and the test would wonder why the sender was never refused.
  if (!state.subscriptions.has(id) && !state.scripts.has(id)) throw new Error(`no subscription ${subscription} on ${state.url}`);
  if (status < 300 || times < 1) throw new Error(`a scripted answer is an error status, at least once (got ${status} × ${times})`);
  state.scripts.set(id, { status, remaining: times, retryAfterS: retryAfterS ?? (status === 429 ? 1 : undefined) });
}

async function waitFor(state: State, predicate: (deliveries: PushDelivery[]) => boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!predicate(state.deliveries)) {
    if (Date.now() > deadline) {
      const last = state.rejected.slice(-5).map((r) => `${r.status} ${r.reason}`);
      throw new Error(
        `waitFor: not met after ${timeoutMs} ms; ${state.deliveries.length} deliveries, ${state.rejected.length} refused${last.length ? ` (last: ${last.join('; ')})` : ''}`,
      );
    }
    await sleep(10);
  }
}

function decryptPending(state: State): PushDelivery[] {
  const failed: PushDelivery[] = [];
  for (const delivery of state.deliveries) {
    if (!delivery.encrypted) continue;
    const keys = state.subscriptions.get(delivery.subscriptionId);
    const decrypted = keys ? decryptPayload(delivery.encrypted, keys) : refuse(404, 'subscription gone');
    if (isRefusal(decrypted)) failed.push(delivery);
    else delivery.payload = decrypted.payload;
    delete delivery.encrypted;
  }
  return failed;
}

export async function startLocalPushService(options: LocalPushServiceOptions = {}): Promise<LocalPushService> {
  const state: State = { url: '', options, subscriptions: new Map(), scripts: new Map(), deliveries: [], rejected: [] };
  const server = createServer((req, res) => {
    serve(state, req, res).catch((error: Error) => {
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`the local push service failed: ${error.message}`);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: state.url,
    deliveries: state.deliveries,
    rejected: state.rejected,
    subscribe: () => subscribe(state),
    adopt: (subscription) => adopt(state, subscription),
    respondWith: (subscription, status, opts) => respondWith(state, subscription, status, opts),
    forget(subscription) {
      const id = idOf(state, subscription);
      state.subscriptions.delete(id);
      state.scripts.set(id, { status: 410, remaining: Infinity, retryAfterS: undefined });
    },
    waitFor: (predicate, timeoutMs) => waitFor(state, predicate, timeoutMs),
    decryptPending: () => decryptPending(state),
    close: () =>
      new Promise<void>((done) => {
        // A benchmark's requests still held by delayMs would otherwise keep the server open.
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
