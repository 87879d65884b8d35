import type { Db } from '../store/db.ts';
import type { ResponseCache } from '../http/cache.ts';
import { dataVersion } from '../providers/ensure-data.ts';
import { buildSite } from './site-build.ts';
import { createRebuilder, type BuildFunction } from './rebuilds.ts';
import { parseEvery, startRebuildSchedule } from './schedule.ts';

const HOOK_TIMEOUT_MS = 30_000;

/**
 * The server's rebuilds, wired: one coordinator (server/deploy/rebuilds.ts) whose build either runs
 * locally (astro build into a new folder, swap, fresh caches) or, with `DEPLOY_HOOK_URL`, asks the
 * static host that serves the site to build (a CDN deploy). Automatic rebuilds (start, new match
 * day, schedule) honour `SKIP_BUILD=1`; an editor's explicit request always runs.
 */
export function createSiteRebuilds(options: {
  db: Db;
  cache: ResponseCache;
  /** Forgets the static site's cached files once the new build is live. */
  site: { reset: () => void };
  /** The API the build reads, known once the server listens. */
  apiUrl: () => string;
  apiOnly: boolean;
  env?: NodeJS.ProcessEnv;
}) {
  const env = options.env ?? process.env;
  const hook = env.DEPLOY_HOOK_URL?.trim() || null;
  const every = parseEvery(env.REBUILD_EVERY);
  // An API-only server builds nothing itself; it can still ask a static host to build.
  const enabled = Boolean(hook) || !options.apiOnly;
  const automatic = enabled && env.SKIP_BUILD !== '1';

  const build: BuildFunction = hook
    ? () => callDeployHook(hook)
    : async () => {
        // The store changed under the API's cache (an edit, a sync): the build must read it fresh.
        options.cache.clear();
        const result = await buildSite({ apiUrl: options.apiUrl(), dataVersion: dataVersion(options.db) });
        options.site.reset();
        return result;
      };
  const rebuilder = createRebuilder({ build });

  return {
    rebuilder,
    /** For the admin endpoints: no rebuilder when this server can neither build nor call a hook. */
    admin: { rebuilder: enabled ? rebuilder : null, token: env.ADMIN_TOKEN },
    building: () => rebuilder.status().state !== 'idle',
    /** A rebuild nobody asked for by hand (no build yet, data changed, new match day). */
    auto(reason: string): void {
      if (automatic) rebuilder.trigger(reason);
    },
    startSchedule(now: () => Date) {
      if (!automatic) return { stop: () => {} };
      return startRebuildSchedule({ db: options.db, rebuilder, now, every });
    },
  };
}

/** Asks a static host to build and deploy (Netlify, Cloudflare Pages and Vercel take a bare POST). */
export async function callDeployHook(url: string, fetchImpl: typeof fetch = fetch): Promise<{ pages: null }> {
  const response = await fetchImpl(url, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' }, signal: AbortSignal.timeout(HOOK_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`deploy hook answered HTTP ${response.status}`);
  return { pages: null };
}
