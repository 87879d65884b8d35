import type { ApiResult } from '../http/client.ts';
import { TIMINGS } from '../config.ts';

/**
 * The per-build memo. A build renders thousands of pages in one process, and each page asks for
 * the data of its competition, team or match: every request goes through here so it is made once
 * per build, and the build's requests grow with the competitions, not with the pages (ARCHITECTURE.md).
 *
 * Entries expire after the shell's tournament TTL (10 min): a build never lives that long, but a
 * long-running `astro dev` then sees new data.
 */
const entries = new Map<string, { promise: Promise<unknown>; at: number }>();

export function memo<T>(key: string, load: () => Promise<T>, now: number = Date.now()): Promise<T> {
  const hit = entries.get(key);
  if (hit && now - hit.at <= TIMINGS.tournamentsTtlMs) return hit.promise as Promise<T>;
  const promise = load();
  entries.set(key, { promise, at: now });
  return promise;
}

/** Forgets every memoised answer (tests; a dev server after the data changed). */
export function resetBuildMemo(): void {
  entries.clear();
}

/** Raised when data that decides which pages exist cannot be had: the build must fail, not ship holes. */
export class BuildDataError extends Error {
  constructor(label: string, reason: string) {
    super(`[build] ${label}: ${reason}`);
    this.name = 'BuildDataError';
  }
}

/** For data a page cannot exist without (the list of pages, a page's subject): failure stops the build. */
export async function required<T>(label: string, pending: Promise<ApiResult<T>>): Promise<T> {
  const result = await pending;
  if (!result.ok) throw new BuildDataError(label, result.error);
  return result.data;
}

/**
 * For a section of a page: a failure is logged (so a broken build is noticed) and the section
 * shows its empty state ('Sin datos disponibles'), never invented data.
 */
export async function optional<T>(label: string, pending: Promise<ApiResult<T>>): Promise<T | null> {
  const result = await pending;
  if (result.ok) return result.data;
  console.warn(`[build] ${label}: ${result.error}`);
  return null;
}
