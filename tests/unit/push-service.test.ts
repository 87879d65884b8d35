import { createECDH, createPrivateKey, randomBytes, sign } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import webpush, { type RequestDetails } from 'web-push';

import { startLocalPushService, type LocalPushService, type LocalSubscription } from '../helpers/push-service.ts';

/**
 * The local push service (tests/helpers/push-service.ts) against the real web-push package: what
 * web-push sends must be delivered and decrypted, and each thing a real push service refuses must be
 * refused here, or tests of the server's alerts would pass against a stub no browser vendor runs.
 */

const SUBJECT = 'mailto:alertas@marcador.ec';
const GOAL = "⚽ ¡Gol de Emelec! J. Pérez 63' · Emelec 1-0 Barcelona SC";
const vapid = webpush.generateVAPIDKeys();

let service: LocalPushService;

beforeEach(async () => {
  service = await startLocalPushService();
});

afterEach(async () => {
  await service.close();
});

function details(subscription: { endpoint: string; keys: LocalSubscription['keys'] }, payload: string | Buffer = GOAL, keys = vapid): RequestDetails {
  return webpush.generateRequestDetails(subscription, payload, {
    vapidDetails: { subject: SUBJECT, publicKey: keys.publicKey, privateKey: keys.privateKey },
    TTL: 60,
    urgency: 'high',
    topic: 'partido-1234',
    contentEncoding: 'aes128gcm',
  });
}

/** Sends the request web-push prepared, as the server's sender will (web-push's own sender speaks only https). */
async function send(request: RequestDetails, changes: { headers?: Record<string, string | undefined>; body?: Buffer } = {}) {
  // A replaced body needs its own length: the one web-push computed would leave the service waiting for bytes.
  const length = changes.body ? { 'Content-Length': String(changes.body.length) } : {};
  const headers = Object.fromEntries(
    Object.entries({ ...request.headers, ...length, ...changes.headers })
      .filter((entry): entry is [string, string] => entry[1] !== undefined)
      .map(([name, value]) => [name, String(value)]),
  );
  const body = changes.body ?? request.body;
  return fetch(request.endpoint, { method: request.method, headers, body: body && new Uint8Array(body) });
}

/** A VAPID JWT signed by the VAPID private key with any claims, including those web-push refuses to make. */
function vapidAuthorization(claims: Record<string, unknown>, keys = vapid): string {
  const publicKey = Buffer.from(keys.publicKey, 'base64url');
  const jwk = { kty: 'EC', crv: 'P-256', x: publicKey.subarray(1, 33).toString('base64url'), y: publicKey.subarray(33).toString('base64url'), d: keys.privateKey };
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const unsigned = `${encode({ typ: 'JWT', alg: 'ES256' })}.${encode(claims)}`;
  const signature = sign('sha256', Buffer.from(unsigned), { key: createPrivateKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' });
  return `vapid t=${unsigned}.${signature.toString('base64url')}, k=${keys.publicKey}`;
}

describe('the local push service delivers', () => {
  it('delivers what web-push sends, decrypted with the subscription keys, with its TTL, urgency, topic and VAPID claims', async () => {
    const subscription = service.subscribe();
    const answer = await send(details(subscription));

    expect(answer.status).toBe(201);
    expect(answer.headers.get('location')).toMatch(new RegExp(`^${service.url}/message/`));
    expect(service.rejected).toEqual([]);
    expect(service.deliveries).toEqual([
      { subscriptionId: subscription.id, payload: GOAL, ttl: 60, urgency: 'high', topic: 'partido-1234', audience: service.url, subject: SUBJECT, receivedAt: expect.any(Number) },
    ]);
  });

  it('parses a JSON payload, as the service worker would read it', async () => {
    const subscription = service.subscribe();
    const alert = { title: '¡Gol de Emelec!', body: "J. Pérez 63'", tag: 'partido-1234', url: '/partido/1234', fixture: 1234 };
    expect((await send(details(subscription, JSON.stringify(alert)))).status).toBe(201);
    expect(service.deliveries.map((delivery) => delivery.payload)).toEqual([alert]);
  });
});

describe('the local push service checks VAPID (RFC 8292)', () => {
  it('refuses a JWT signed by another key than the one in k (401), recording nothing delivered', async () => {
    const subscription = service.subscribe();
    const request = details(subscription);
    const other = webpush.generateVAPIDKeys();
    const answer = await send(request, { headers: { Authorization: request.headers.Authorization!.replace(/k=\S+/, `k=${other.publicKey}`) } });

    expect(answer.status).toBe(401);
    expect(await answer.text()).toMatch(/signature/);
    expect(service.deliveries).toEqual([]);
    expect(service.rejected).toEqual([{ subscriptionId: subscription.id, status: 401, reason: expect.stringMatching(/signature/) }]);
  });

  it('refuses a JWT made for another push service (401: wrong audience)', async () => {
    const request = details(service.subscribe());
    const elsewhere = webpush.getVapidHeaders('https://fcm.googleapis.com', SUBJECT, vapid.publicKey, vapid.privateKey, 'aes128gcm');
    const answer = await send(request, { headers: { Authorization: elsewhere.Authorization } });

    expect(answer.status).toBe(401);
    expect(await answer.text()).toMatch(/aud/);
    expect(service.deliveries).toEqual([]);
  });

  it('refuses an expired JWT, one valid for more than a day, and one without a contact (401)', async () => {
    const request = details(service.subscribe());
    const nowS = Math.floor(Date.now() / 1000);
    const claims = { aud: service.url, exp: nowS + 3600, sub: SUBJECT };
    // The signer itself is right: the same claims pass, so each refusal below is the claim's.
    expect((await send(request, { headers: { Authorization: vapidAuthorization(claims) } })).status).toBe(201);

    for (const [wrong, why] of [
      [{ exp: nowS - 10 }, /expired/],
      [{ exp: nowS + 25 * 3600 }, /24 h/],
      [{ sub: 'alertas@marcador.ec' }, /sub/],
    ] as const) {
      const answer = await send(request, { headers: { Authorization: vapidAuthorization({ ...claims, ...wrong }) } });
      expect(answer.status).toBe(401);
      expect(await answer.text()).toMatch(why);
    }
    expect(service.deliveries).toHaveLength(1);
  });

  it('with an expected VAPID key, refuses requests signed with another (403)', async () => {
    const strict = await startLocalPushService({ expectedPublicKey: vapid.publicKey });
    try {
      const subscription = strict.subscribe();
      expect((await send(details(subscription, GOAL, webpush.generateVAPIDKeys()))).status).toBe(403);
      expect((await send(details(subscription))).status).toBe(201);
      expect(strict.rejected.map((rejection) => rejection.status)).toEqual([403]);
    } finally {
      await strict.close();
    }
  });
});

describe('the local push service answers as scripted', () => {
  it('answers 410 to every request after respondWith(id, 410), delivering nothing', async () => {
    const subscription = service.subscribe();
    service.respondWith(subscription.id, 410);

    expect((await send(details(subscription))).status).toBe(410);
    expect((await send(details(subscription))).status).toBe(410);
    expect(service.deliveries).toEqual([]);
  });

  it('answers 410 after forget(endpoint), as for a reader who unsubscribed', async () => {
    const subscription = service.subscribe();
    expect((await send(details(subscription))).status).toBe(201);
    service.forget(subscription.endpoint);
    expect((await send(details(subscription))).status).toBe(410);
    expect(service.deliveries).toHaveLength(1);
  });

  it('answers 429 with Retry-After once with times: 1, then delivers the retry', async () => {
    const subscription = service.subscribe();
    service.respondWith(subscription.id, 429, { times: 1 });

    const refused = await send(details(subscription));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(service.deliveries).toEqual([]);

    expect((await send(details(subscription))).status).toBe(201);
    expect(service.deliveries.map((delivery) => delivery.payload)).toEqual([GOAL]);
  });
});

describe('the local push service checks the request (RFC 8030, RFC 8291)', () => {
  it('refuses a request without TTL (400)', async () => {
    const answer = await send(details(service.subscribe()), { headers: { TTL: undefined } });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toMatch(/TTL/);
    expect(service.deliveries).toEqual([]);
  });

  it.each([
    ['a TTL that is not a non-negative integer', { TTL: '-1' }, 400, /TTL/],
    ['an unknown urgency', { Urgency: 'urgent' }, 400, /Urgency/],
    ['a topic longer than 32 characters', { Topic: 'partido-1234-emelec-barcelona-sc-liga-pro' }, 400, /Topic/],
    ['a topic outside base64url', { Topic: 'partido 1234' }, 400, /Topic/],
    ['the old aesgcm encoding', { 'Content-Encoding': 'aesgcm' }, 415, /aes128gcm/],
  ])('refuses %s', async (_case, headers, status, why) => {
    const answer = await send(details(service.subscribe()), { headers });
    expect(answer.status).toBe(status);
    expect(await answer.text()).toMatch(why);
    expect(service.deliveries).toEqual([]);
  });

  it('refuses a body of more than 4096 bytes (413)', async () => {
    const answer = await send(details(service.subscribe()), { body: randomBytes(5000) });
    expect(answer.status).toBe(413);
    expect(service.deliveries).toEqual([]);
  });

  it('answers 404 for an unknown subscription', async () => {
    const known = service.subscribe();
    const answer = await send(details({ endpoint: `${service.url}/push/caducada`, keys: known.keys }));
    expect(answer.status).toBe(404);
    expect(service.rejected).toEqual([{ subscriptionId: 'caducada', status: 404, reason: expect.stringMatching(/no subscription/) }]);
  });

  it("refuses a body encrypted for another subscription's keys (400)", async () => {
    const reader = service.subscribe();
    const other = service.subscribe();
    const answer = await send(details({ endpoint: reader.endpoint, keys: other.keys }));

    expect(answer.status).toBe(400);
    expect(service.deliveries).toEqual([]);
    expect(service.rejected).toEqual([{ subscriptionId: reader.id, status: 400, reason: expect.stringMatching(/decrypt/) }]);
  });
});

describe("the local push service's helpers", () => {
  it('adopts a subscription whose keys were made elsewhere, and refuses a private key that does not match', async () => {
    const browser = createECDH('prime256v1');
    browser.generateKeys();
    const keys = { p256dh: browser.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') };
    const adopted = service.adopt({ endpoint: `${service.url}/push/navegador-1`, keys, privateKey: browser.getPrivateKey('base64url') });

    expect(adopted).toEqual({ id: 'navegador-1', endpoint: `${service.url}/push/navegador-1`, keys });
    expect((await send(details(adopted))).status).toBe(201);
    expect(service.deliveries.map((delivery) => delivery.subscriptionId)).toEqual(['navegador-1']);
    expect(() => service.adopt({ id: 'navegador-2', keys, privateKey: { d: randomBytes(32).toString('base64url') } })).toThrow(/p256dh/);
  });

  it('waitFor resolves once the deliveries arrive and rejects, saying what arrived, when they do not', async () => {
    const subscription = service.subscribe();
    const waiting = service.waitFor((deliveries) => deliveries.length === 1, 2_000);
    void send(details(subscription));
    await waiting;

    await expect(service.waitFor((deliveries) => deliveries.length === 2, 50)).rejects.toThrow(/not met after 50 ms; 1 deliveries, 0 refused/);
  });

  it('with decryptLater, accepts a well-formed push unread and decrypts it on demand, naming the ones that do not decrypt', async () => {
    const later = await startLocalPushService({ decryptLater: true });
    try {
      const [a, b] = [later.subscribe(), later.subscribe()];
      expect((await send(details(a))).status).toBe(201);
      // Encrypted for a's keys, sent to b: accepted unread, found out when read.
      expect((await send({ ...details(a), endpoint: b.endpoint })).status).toBe(201);
      expect(later.deliveries.map((d) => d.payload)).toEqual([undefined, undefined]);
      const failed = later.decryptPending();
      expect(later.deliveries[0]!.payload).toBe(GOAL);
      expect(failed.map((d) => d.subscriptionId)).toEqual([b.id]);
    } finally {
      await later.close();
    }
  });

  it('holds each answer delayMs with delayMs set', async () => {
    const slow = await startLocalPushService({ delayMs: 200 });
    try {
      const started = performance.now();
      expect((await send(details(slow.subscribe()))).status).toBe(201);
      expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    } finally {
      await slow.close();
    }
  });
});
