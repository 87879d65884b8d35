import { createHash } from 'node:crypto';
import { loadServerTime, loadTournaments } from './competitions.ts';
import { memo } from './memo.ts';

/**
 * Keys for Astro's incremental build (`experimental.incrementalBuild` in astro.config.mjs). A route's
 * getStaticPaths gives each page a `cacheKey`; the next build restores the page's earlier HTML instead
 * of rendering it when the key (and the route's own module graph) is unchanged. A key must therefore
 * change whenever anything the page shows changes:
 * - the data it reads: the route passes those parts (`key(player, transfers, …)`);
 * - what every page shows: the menu built from the competitions (BaseLayout);
 * - the day in Ecuador: dates say "hoy", years are shown or not by the build's clock, and a new day
 *   renders everything once (the nightly build);
 * - the code: Astro compares each route's modules, but not the stylesheet Tailwind draws from every
 *   source file nor our integrations, so a digest of all of it (astro.config.mjs sets
 *   MARCADOR_CODE_DIGEST) is in every key.
 * A page that embeds the build's clock (an island that counts from `builtAt`) gets no key: it is
 * rendered by every build.
 */
export type PageKey = (...parts: unknown[]) => string;

export function loadPageKey(): Promise<PageKey> {
  return memo('page-key', async () => {
    const [{ today }, tournaments] = await Promise.all([loadServerTime(), loadTournaments()]);
    const base = digest([process.env.MARCADOR_CODE_DIGEST ?? '', today, tournaments]);
    return (...parts: unknown[]) => digest([base, parts]);
  });
}

/**
 * An article as a page shows it: without its readers' count, which changes with every read and is
 * shown nowhere (only the order of "Más leídas" follows it, and a key has that order).
 */
export function withoutReadCount<T extends { views: number }>(article: T): Omit<T, 'views'> {
  const { views: _views, ...shown } = article;
  return shown;
}

/**
 * A digest of a value by content. The pages of a build share their data (the same match object is in
 * a club's list, a player's ratings and a head-to-head), so each object's fingerprint is computed
 * once and remembered by identity: the build's data is immutable while it renders, and serializing
 * each page's parts whole took 11 s of a build.
 */
export function digest(value: unknown): string {
  return createHash('sha256').update(fingerprint(value)).digest('base64url').slice(0, 32);
}

const fingerprints = new WeakMap<object, string>();

function fingerprint(value: unknown): string {
  if (value === null || typeof value !== 'object') return value === undefined ? 'u' : JSON.stringify(value);
  const known = fingerprints.get(value);
  if (known !== undefined) return known;
  let text: string;
  if (value instanceof Date) text = `D${value.getTime()}`;
  else if (value instanceof Map) text = `M${[...value].map(([k, v]) => `${fingerprint(k)}:${fingerprint(v)}`).join(',')}`;
  else if (value instanceof Set) text = `S${[...value].map(fingerprint).join(',')}`;
  else if (Array.isArray(value)) text = `A${value.map(fingerprint).join(',')}`;
  else
    text = `O${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${fingerprint(v)}`)
      .join(',')}`;
  // Short ones stand for themselves (hashing costs more than it saves); the length keeps them unambiguous.
  const print = text.length <= 48 ? `${text.length}#${text}` : `H${createHash('sha1').update(text).digest('base64url')}`;
  fingerprints.set(value, print);
  return print;
}
