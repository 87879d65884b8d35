/// <reference lib="webworker" />
/**
 * Marcador's service worker, bundled and given its precache list at build time
 * (integrations/offline.ts, workbox-build's injectManifest). What a reader on a weak or no
 * connection gets from it:
 * - pages: network first, the saved copy after OFFLINE_AFTER_S (or at once offline), with a notice
 *   "Sin conexión · versión guardada de las 14:05"; the last MAX_PAGES pages read are kept;
 * - a page never read, offline: the offline page, listing the saved ones;
 * - the shell's scripts, the icons and the offline page precached; the other hashed scripts kept as
 *   they are used (their URLs name their content, so a saved copy is never wrong);
 * - crests and pictures from the cache, bounded by count and age;
 * - API reads answered from the cache while younger than their own max-age, refreshed behind; the
 *   live stream, the admin routes, the alerts' routes and writes are never touched;
 * - alerts on the lock screen (Web Push): each push shown as a notification, a tap opens its page.
 * Updates: a new worker installs beside the old one (all its files fetched before it can take over),
 * keeps the old build's scripts for the pages saved with them and the tabs still on them, and takes
 * over once installed.
 */
import { cacheNames } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types.js';
import { offlineListHtml, offlineNoticeHtml, withNotice, withSavedList, type SavedPage } from './offline-html.ts';
import { notificationOf, pageToOpen, shownAlertKeys } from './push-notification.ts';

declare const self: ServiceWorkerGlobalScope;

const PAGES = 'marcador-pages';
const ASSETS = 'marcador-assets';
const IMAGES = 'marcador-images';
const API = 'marcador-api';
/** The offline page as precached; its route, /sin-conexion, is answered by offlinePage() below. */
const OFFLINE_PAGE = '/sin-conexion/index.html';
const isOfflinePath = (path: string) => /^\/sin-conexion\/?$/.test(path);
/** On a slow link, after this many seconds the saved copy is shown instead of waiting on. */
const OFFLINE_AFTER_S = 3;
const MAX_PAGES = 50;
const SAVED_AT = 'x-marcador-saved-at';
const TITLE = 'x-marcador-title';

/** This build's files to precache, written in by the build (injectManifest allows one mention of it). */
const MANIFEST = self.__WB_MANIFEST;

// No directory index or clean URLs: /sin-conexion must reach the navigation route, which fills the list in.
precacheAndRoute(MANIFEST, { directoryIndex: '', cleanURLs: false });

/** Saves pages with when and what they were, so the notice and the offline list can say so. */
const stampPages: WorkboxPlugin = {
  // Network first means the server's answer, not the browser's cache (pages may be kept there for a
  // minute, stale for ten): after a new build goes live, the next navigation shows it. Unchanged pages
  // cost a 304. Redirects stay the browser's to follow, as for any navigation.
  async requestWillFetch({ request }) {
    return new Request(request.url, { headers: request.headers, credentials: 'same-origin', cache: 'no-cache', redirect: 'manual' });
  },
  async cacheWillUpdate({ response }) {
    if (response.status !== 200 || !(response.headers.get('content-type') ?? '').startsWith('text/html')) return null;
    const html = await response.text();
    const headers = new Headers(response.headers);
    headers.set(SAVED_AT, new Date().toISOString());
    const title = /<title>([^<]*)<\/title>/i.exec(html)?.[1] ?? '';
    headers.set(TITLE, encodeURIComponent(title));
    return new Response(html, { status: 200, statusText: response.statusText, headers });
  },
  // Only read when the network failed or was too slow: the copy says it is one.
  async cachedResponseWillBeUsed({ cachedResponse }) {
    if (!cachedResponse) return cachedResponse;
    const savedAt = cachedResponse.headers.get(SAVED_AT);
    const html = withNotice(await cachedResponse.text(), offlineNoticeHtml(savedAt ? new Date(savedAt) : null, new Date()));
    return new Response(html, { status: 200, headers: cachedResponse.headers });
  },
  // Never read and no network: the offline page with what can still be opened.
  async handlerDidError() {
    return offlinePage();
  },
};

async function savedPages(): Promise<SavedPage[]> {
  const cache = await caches.open(PAGES);
  const pages: SavedPage[] = [];
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    if (!response) continue;
    const path = new URL(request.url).pathname;
    if (isOfflinePath(path)) continue;
    pages.push({ path, title: decodeURIComponent(response.headers.get(TITLE) ?? ''), savedAt: response.headers.get(SAVED_AT) ?? '' });
  }
  return pages.sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}

async function offlinePage(): Promise<Response> {
  const page = await matchPrecache(OFFLINE_PAGE);
  if (!page) return Response.error();
  const html = withSavedList(await page.text(), offlineListHtml(await savedPages(), new Date()));
  return new Response(html, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } });
}

const pages = new NetworkFirst({
  cacheName: PAGES,
  networkTimeoutSeconds: OFFLINE_AFTER_S,
  plugins: [stampPages, new ExpirationPlugin({ maxEntries: MAX_PAGES, purgeOnQuotaError: true })],
});

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && !/^\/(?:api|media)\//.test(url.pathname),
  async (options) => {
    const { pathname } = options.url;
    // The offline page itself lists what is saved, online too.
    if (isOfflinePath(pathname)) return offlinePage();
    return pages.handle(options);
  },
);

// Hashed scripts (and fonts) of any build: a URL never changes its content. The build's image sheets
// are hashed too, but one per page: they go with the pictures below, not push scripts out of here.
registerRoute(
  ({ request, url }) => url.origin === self.location.origin && url.pathname.startsWith('/_astro/') && request.destination !== 'image',
  new CacheFirst({ cacheName: ASSETS, plugins: [new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 30 * 86400, purgeOnQuotaError: true })] }),
);

// Crests and pictures: ours (the API's /media/ and the build's images), bounded.
registerRoute(
  ({ request, url }) => request.destination === 'image' && url.origin === self.location.origin,
  new CacheFirst({
    cacheName: IMAGES,
    plugins: [
      { cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) },
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * 86400, purgeOnQuotaError: true }),
    ],
  }),
);

/** Seconds an API answer may be reused for, from its own Cache-Control (0: never). */
function maxAge(response: Response): number {
  const control = response.headers.get('cache-control') ?? '';
  if (/no-store|no-cache|private/.test(control)) return 0;
  return Number(/max-age=(\d+)/.exec(control)?.[1] ?? 0);
}

// API reads: the saved answer while it is younger than its max-age (refreshed behind), else the network.
registerRoute(
  ({ request, url }) =>
    request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/api/') && !/^\/api\/(?:live|admin|push)(?:\/|$)/.test(url.pathname),
  async ({ request, event }) => {
    const cache = await caches.open(API);
    const cached = await cache.match(request);
    const fresh = fetch(request).then(async (response) => {
      if (response.status === 200 && maxAge(response) > 0) {
        const headers = new Headers(response.headers);
        headers.set(SAVED_AT, new Date().toISOString());
        await cache.put(request, new Response(await response.clone().arrayBuffer(), { status: 200, headers }));
      }
      return response;
    });
    event.waitUntil(fresh.then(() => trimApiCache(cache), () => undefined));
    // A page that asks for a fresh answer gets one (the live islands ask with `cache: 'no-cache'`
    // after a pushed change): a saved answer up to its max-age old would undo what the push showed.
    // Offline, the saved answer is still better than none.
    if (request.cache === 'no-cache' || request.cache === 'reload' || request.cache === 'no-store') {
      return cached ? fresh.catch(() => cached) : fresh;
    }
    if (cached) {
      const age = (Date.now() - Date.parse(cached.headers.get(SAVED_AT) ?? '')) / 1000;
      if (age >= 0 && age < maxAge(cached)) return cached;
    }
    return fresh;
  },
);

/** The API cache keeps the newest 60 answers. */
async function trimApiCache(cache: Cache): Promise<void> {
  const keys = await cache.keys();
  for (const request of keys.slice(0, Math.max(0, keys.length - 60))) await cache.delete(request);
}

/**
 * Before the new build's worker takes over (and its precache drops the old build's files), the old
 * build's scripts move to the runtime cache: a page saved with them still runs offline, and no saved
 * page asks the server for a file the new build no longer has.
 */
self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const keep = await caches.open(ASSETS);
      const precache = await caches.open(cacheNames.precache);
      const current = new Set(MANIFEST.map((entry) => new URL(typeof entry === 'string' ? entry : entry.url, self.location.href).href));
      for (const request of await precache.keys()) {
        if (current.has(request.url) || !new URL(request.url).pathname.startsWith('/_astro/')) continue;
        const response = await precache.match(request);
        if (response && !(await keep.match(request.url))) await keep.put(request.url, response);
      }
      // Take over at once: tabs still on the old build find its scripts in the runtime cache (above).
      // Waiting for a navigation through the old worker with one tab open left a new build's worker
      // waiting for good when the tab navigated while this install ran (two clients at that moment).
      void self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// Shown inside waitUntil, every time: a push with no notification counts against the site (Chrome
// warns the reader, Safari drops the subscription after a few).
self.addEventListener('push', (event) => {
  event.waitUntil(
    (async () => {
      const shown = await self.registration.getNotifications().catch(() => []);
      const { title, options } = notificationOf(event.data, self.location.origin, shownAlertKeys(shown));
      await self.registration.showNotification(title, options);
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = pageToOpen(event.notification.data, self.location.origin);
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = tabs.find((tab) => tab.url === url);
      if (open) await open.focus();
      else await self.clients.openWindow(url);
    })(),
  );
});
