import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { createApp } from './app.ts';
import { ResponseCache } from './http/cache.ts';
import { now } from './clock.ts';
import { dataVersion, ensureData } from './providers/ensure-data.ts';
import { getMeta } from './store/db.ts';
import { openStores } from './store/readers.ts';
import { createStaticSite } from './site/static.ts';
import { renderMediaPng } from './providers/demo/media.ts';
import { connectLiveData } from './ingest/index.ts';
import { startDemoDays } from './providers/demo/days.ts';
import { builtDataVersion, DIST_DIR } from './deploy/site-build.ts';
import { createSiteRebuilds } from './deploy/site-rebuilds.ts';
import { announceStart, createFrontDoor } from './site/front-door.ts';
import { startStoreUpkeep } from './store/upkeep.ts';
import { clientAddressPolicy, describePolicy } from './http/client-address.ts';
import { pushProxyConfig } from './pushpin/config.ts';

export interface ServerOptions {
  port: number;
  host?: string;
  /** Serve only /api and /media (used by the build and the contract tests). */
  apiOnly?: boolean;
  /** Run the ingest worker in this process (default: yes, unless INGEST=0). */
  ingest?: boolean;
  /**
   * Re-anchor the demo season when its day or its scripted matches are over (default: yes, unless
   * DEMO_DAYS=0). Off for the build's own API and the bench's server: a season re-anchored halfway
   * through a build or a benchmark leaves pages from two seasons and a site that never matches the
   * store's data version.
   */
  demoDays?: boolean;
  quiet?: boolean;
}

/**
 * Starts the data API (and, unless apiOnly, the prebuilt site) on one port: wiring only. The store
 * is filled on first start; the ingest keeps it current and pushes its changes (server/ingest); the
 * site is rebuilt when its data changed (server/deploy).
 */
export async function startServer(options: ServerOptions) {
  const log = options.quiet ? () => {} : (m: string) => console.log(m);
  const apiOnly = Boolean(options.apiOnly);
  const { football, readers } = openStores();
  const db = football.db;
  if (football.readOnly) console.error('[data] the football store is read-only: served as it is, not regenerated');
  else ensureData(db, { now: now(), log: (m) => console.log(m) });
  const site = createStaticSite(DIST_DIR);
  let url = '';
  const cache = new ResponseCache();
  const rebuilds = createSiteRebuilds({ db, cache, site, apiUrl: () => url, apiOnly });
  const live = connectLiveData({
    db,
    run: (options.ingest ?? process.env.INGEST !== '0') && !football.readOnly,
    now,
    log,
    onWrite: () => cache.clear(),
    onWhistle: (change) => rebuilds.auto(`final whistle of match ${change.fixture}`),
  });
  const api = createApp({ db, store: football, readers, now, renderMedia: renderMediaPng, cache, feed: live.feed, liveSync: live.sync, admin: { ...rebuilds.admin, ingest: live.status }, push: {} });
  const fetch = createFrontDoor({ app: api.app, db, site, building: rebuilds.building, apiOnly });

  const server = serve({ fetch, port: options.port, hostname: options.host ?? '0.0.0.0' });
  if (!server.listening) await new Promise<void>((ready) => server.once('listening', () => ready()));
  const port = (server.address() as AddressInfo).port;
  url = `http://127.0.0.1:${port}`;

  if (!apiOnly && (!site.available() || builtDataVersion() !== dataVersion(db))) rebuilds.auto(site.available() ? 'data changed since the last build' : 'no build yet');
  const schedule = rebuilds.startSchedule(now);
  live.start();
  // The demo season re-anchors on a new day, and when today's scripted matches are over.
  const reanchorDemo = options.demoDays ?? process.env.DEMO_DAYS !== '0';
  const demoDays = reanchorDemo
    ? startDemoDays({ db, store: football, now, log, onReanchor: (reason) => (cache.clear(), rebuilds.auto(reason)) })
    : { stop: () => {} };
  const upkeep = startStoreUpkeep(football, readers);
  const pushProxy = api.gripLive ? `; live streams held by Pushpin (stats at ${pushProxyConfig(clientAddressPolicy())?.stats.join(', ')})` : '';
  const stores = `data: ${getMeta(db, 'source') ?? 'none'}, stores: ${resolve(football.path)}, ${resolve(readers.path)}; ${describePolicy(clientAddressPolicy())}${pushProxy}`;
  announceStart({ url: `http://localhost:${port}`, stores, apiOnly, building: rebuilds.building, siteAvailable: site.available, log });

  const close = () =>
    new Promise<void>((done) => {
      for (const part of [live, demoDays, upkeep, schedule]) part.stop();
      api.live?.close();
      api.gripLive?.close();
      api.push?.stop();
      // A store deleted since the last check is rescued before its handle goes (server/store/rescue.ts).
      readers.problem();
      server.close(() => (db.close(), readers.db.close(), done()));
      // Open live streams never end by themselves.
      (server as { closeAllConnections?: () => void }).closeAllConnections?.();
    });
  return { url, port, dataVersion: () => dataVersion(db), close };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.PORT ?? 4321);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    console.error(`PORT must be a port number, got "${process.env.PORT}"`);
    process.exit(2);
  }
  const server = await startServer({ port, host: process.env.HOST, apiOnly: process.argv.includes('--api-only') });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void server.close().then(() => process.exit(0)));
  }
}
