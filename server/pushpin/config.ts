import type { ClientAddressPolicy } from '../http/client-address.ts';
import { zmqEndpoint } from './zmtp.ts';

/**
 * Live streams through Pushpin (deploy/pushpin/, ARCHITECTURE.md "Through Pushpin"), from the environment:
 * - `PUSH_PROXY`: Pushpin's HTTP publish endpoints, comma-separated, one per instance
 *   (`http://127.0.0.1:5561`): the process that runs the ingest publishes each change to every one.
 * - `PUSH_PROXY_KEY`: pushpin.conf's `sig_key`: the API answers with GRIP only to requests Pushpin signed.
 * - `PUSH_PROXY_STATS`: each instance's `stats_spec` (`tcp://127.0.0.1:5564`): the readers' open streams.
 * Unset `PUSH_PROXY`: the API holds the streams itself, as without Pushpin. A value that means nothing stops
 * the start.
 */

export interface PushProxyConfig {
  publish: string[];
  stats: string[];
  key: string;
}

/** The `iss` Pushpin signs with (pushpin.conf `sig_iss`). */
export const PUSHPIN_ISSUER = 'pushpin';
const MIN_KEY_LENGTH = 16;

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Where the ingest publishes: `PUSH_PROXY`'s endpoints, or none. */
export function pushProxyTargets(env: NodeJS.ProcessEnv = process.env): string[] {
  const targets = list(env.PUSH_PROXY);
  for (const target of targets) {
    let url: URL | null = null;
    try {
      url = new URL(target);
    } catch {
      // said below
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) {
      throw new Error(`PUSH_PROXY must be Pushpin's publish endpoints, comma-separated, such as http://127.0.0.1:5561, got "${target}"`);
    }
  }
  return targets.map((t) => t.replace(/\/+$/, ''));
}

/**
 * The API's side: null without `PUSH_PROXY`. Behind Pushpin every request comes from Pushpin's address, so
 * the readers' addresses must come from X-Forwarded-For (TRUST_PROXY) or a CDN's header.
 */
export function pushProxyConfig(policy: ClientAddressPolicy | boolean, env: NodeJS.ProcessEnv = process.env): PushProxyConfig | null {
  const publish = pushProxyTargets(env);
  if (!publish.length) return null;
  const key = env.PUSH_PROXY_KEY ?? '';
  if (key.length < MIN_KEY_LENGTH || key.startsWith('CHANGE-ME')) {
    throw new Error(`PUSH_PROXY needs PUSH_PROXY_KEY: the sig_key of Pushpin's config, at least ${MIN_KEY_LENGTH} characters (deploy/pushpin/pushpin.conf)`);
  }
  const stats = list(env.PUSH_PROXY_STATS);
  if (!stats.length) {
    throw new Error("PUSH_PROXY needs PUSH_PROXY_STATS: each Pushpin instance's stats_spec, such as tcp://127.0.0.1:5564 (the open streams per reader are counted there)");
  }
  for (const spec of stats) {
    try {
      zmqEndpoint(spec);
    } catch (error) {
      throw new Error(`PUSH_PROXY_STATS: ${(error as Error).message}`, { cause: error });
    }
  }
  const socket = policy === false || (typeof policy === 'object' && policy.kind === 'socket');
  if (socket) {
    throw new Error("PUSH_PROXY needs TRUST_PROXY=1 (or more) or CLIENT_IP_HEADER: behind Pushpin every request comes from Pushpin's address, the reader's is in X-Forwarded-For");
  }
  return { publish, stats, key };
}
