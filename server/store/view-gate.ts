import { createHash, randomBytes } from 'node:crypto';

/** One view per reader and page in this window. */
export const VIEW_WINDOW_MS = 30 * 60_000;
/**
 * Counted views of one page from one address per window, whatever the user agents: a household or an
 * office behind one address, a few devices; not a script rotating its User-Agent.
 */
export const VIEWS_PER_ADDRESS_AND_PAGE = 3;
/** Entries remembered at most (about 100 bytes each); past it, new views wait for old ones to expire. */
const MAX_ENTRIES = 300_000;

/**
 * Decides whether a page view counts, the way privacy-first analytics do it without cookies: a reader
 * is a hash of (a salt, the address, the user agent), the salt random and new every UTC day, kept in
 * memory only: nothing raw is stored anywhere, and yesterday's hashes cannot be linked to today's.
 * A view counts when that reader has not viewed that page in the last 30 minutes and the address has
 * not already given that page VIEWS_PER_ADDRESS_AND_PAGE counted views in that window.
 */
export function createViewGate(options: { windowMs?: number; perAddressAndPage?: number; maxEntries?: number } = {}) {
  const windowMs = options.windowMs ?? VIEW_WINDOW_MS;
  const perAddress = options.perAddressAndPage ?? VIEWS_PER_ADDRESS_AND_PAGE;
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  let day = '';
  let salt = Buffer.alloc(0);
  /** hash(reader, page) → when its window ends. */
  const readers = new Map<string, number>();
  /** hash(address, page) → its window's start and counted views. */
  const addresses = new Map<string, { start: number; count: number }>();

  const hash = (...parts: string[]) => {
    const h = createHash('sha256').update(salt);
    for (const part of parts) h.update('\0').update(part);
    return h.digest('base64url').slice(0, 22);
  };

  const rotate = (nowMs: number) => {
    const today = new Date(nowMs).toISOString().slice(0, 10);
    if (today === day) return;
    day = today;
    salt = randomBytes(32);
    // Hashes under the old salt can never match again: dropping them is all forgetting takes.
    readers.clear();
    addresses.clear();
  };

  const prune = (nowMs: number) => {
    for (const [k, until] of readers) if (until <= nowMs) readers.delete(k);
    for (const [k, w] of addresses) if (nowMs - w.start >= windowMs) addresses.delete(k);
  };

  return {
    /**
     * Whether this view counts: null when not, else the function that remembers it, to be called once
     * the view is stored (a view the store refused is not remembered, so the reader's retry counts).
     * `nowMs` is the real clock.
     */
    admit(address: string, userAgent: string, path: string, nowMs: number): (() => void) | null {
      rotate(nowMs);
      const reader = hash('reader', address, userAgent, path);
      const seen = readers.get(reader);
      if (seen !== undefined && seen > nowMs) return null;
      const place = hash('address', address, path);
      let w = addresses.get(place);
      if (w && nowMs - w.start >= windowMs) w = undefined;
      if (w && w.count >= perAddress) return null;
      if (readers.size + addresses.size >= maxEntries) {
        prune(nowMs);
        // Still full: a flood of distinct readers. Not counting is the safe side of a popularity list.
        if (readers.size + addresses.size >= maxEntries) return null;
      }
      return () => {
        readers.set(reader, nowMs + windowMs);
        if (w) w.count += 1;
        else addresses.set(place, { start: nowMs, count: 1 });
      };
    },
    /** Remembered entries (tests, and to see that memory stays bounded). */
    size: () => readers.size + addresses.size,
  };
}
