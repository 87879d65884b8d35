import type { Context } from 'hono';
import { isIP } from 'node:net';

/**
 * Where the reader's address comes from, for rate limits and page-view de-duplication (never stored).
 * - `socket`: the TCP peer (the Node server's bindings): right when readers connect directly.
 * - `hops`: behind N trusted proxies (`TRUST_PROXY=N`), the N-th entry of X-Forwarded-For counted from
 *   the right. Each proxy appends the address it was connected from, so the rightmost entries are the
 *   trusted ones; whatever a client wrote itself stays on the left and is never read.
 * - `header`: a CDN's own client-address header (`CLIENT_IP_HEADER=CF-Connecting-IP`), which the CDN
 *   overwrites whatever the client sent.
 */
export type ClientAddressPolicy = { kind: 'socket' } | { kind: 'hops'; hops: number } | { kind: 'header'; header: string };

/** Reads TRUST_PROXY / CLIENT_IP_HEADER; a value that means nothing is a start-up error, not a silent default. */
export function clientAddressPolicy(env: { TRUST_PROXY?: string; CLIENT_IP_HEADER?: string } = process.env): ClientAddressPolicy {
  const header = env.CLIENT_IP_HEADER?.trim();
  if (header) {
    if (!/^[A-Za-z0-9-]{1,64}$/.test(header)) throw new Error(`CLIENT_IP_HEADER must be a header name such as CF-Connecting-IP, got "${header}"`);
    return { kind: 'header', header: header.toLowerCase() };
  }
  const trust = env.TRUST_PROXY?.trim() ?? '';
  if (trust === '' || trust === '0' || trust === 'false') return { kind: 'socket' };
  if (trust === 'true') return { kind: 'hops', hops: 1 };
  if (!/^\d{1,2}$/.test(trust)) throw new Error(`TRUST_PROXY must be the number of trusted proxies in front of the server (0, 1, 2…), got "${trust}"`);
  return { kind: 'hops', hops: Number(trust) };
}

/** The policy as a log line says it. */
export function describePolicy(policy: ClientAddressPolicy): string {
  if (policy.kind === 'header') return `client addresses from the ${policy.header} header`;
  if (policy.kind === 'hops') return `client addresses from X-Forwarded-For, ${policy.hops} trusted proxy hop${policy.hops === 1 ? '' : 's'} from the right`;
  return 'client addresses from the connection';
}

/** The TCP peer's address from the Node server's bindings; null in-process (tests) where there is no socket. */
export function socketAddress(c: Context): string | null {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } }; server?: { incoming?: { socket?: { remoteAddress?: string } } } } | undefined;
  const incoming = env?.server?.incoming ?? env?.incoming;
  return incoming?.socket?.remoteAddress ?? null;
}

/**
 * The reader's address under `policy` (a boolean is the old TRUST_PROXY=1 switch: one hop). Falls back
 * to the socket when the expected header is missing, and to 'local' in-process.
 */
export function clientAddress(c: Context, policy: ClientAddressPolicy | boolean): string {
  const p: ClientAddressPolicy = typeof policy === 'boolean' ? (policy ? { kind: 'hops', hops: 1 } : { kind: 'socket' }) : policy;
  let address: string | null = null;
  if (p.kind === 'header') address = c.req.header(p.header)?.trim() || null;
  else if (p.kind === 'hops' && p.hops > 0) address = forwardedHop(c.req.header('x-forwarded-for'), p.hops);
  return normalize(address ?? socketAddress(c) ?? 'local');
}

/**
 * The N-th entry from the right of X-Forwarded-For. With fewer entries than trusted hops the
 * leftmost is taken (the request passed fewer proxies than configured): it is still one a proxy wrote.
 */
export function forwardedHop(header: string | undefined, hops: number): string | null {
  if (!header) return null;
  const entries = header.split(',').map((e) => e.trim()).filter(Boolean);
  if (entries.length === 0) return null;
  return entries[Math.max(0, entries.length - hops)] ?? null;
}

/**
 * One key per reader for limits: IPv4-mapped IPv6 as plain IPv4, and an IPv6 address by its /64 (one
 * household or phone gets a whole /64, and could otherwise change address at every request).
 */
export function normalize(address: string): string {
  let a = address.trim().toLowerCase();
  // "[2001:db8::1]:443" or "203.0.113.9:51234" as some proxies write them.
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(a);
  if (bracketed) a = bracketed[1]!;
  else if (/^\d{1,3}(?:\.\d{1,3}){3}:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(':'));
  if (a.startsWith('::ffff:') && isIP(a.slice(7)) === 4) a = a.slice(7);
  if (isIP(a) !== 6) return a.slice(0, 100);
  return `${expandV6(a).slice(0, 4).join(':')}::/64`;
}

function expandV6(a: string): string[] {
  const withoutZone = a.split('%')[0]!;
  const [head, tail] = withoutZone.includes('::') ? withoutZone.split('::') : [withoutZone, ''];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = Array(Math.max(0, 8 - left.length - right.length)).fill('0');
  return [...left, ...fill, ...right].map((g) => (g.includes('.') ? g : g.replace(/^0+(?=.)/, '')));
}
