import type { APIRequestContext, Page } from '@playwright/test';

/** Shared helpers for the shell's e2e tests (not a spec file). */

export const INFORMATION_PAGES = ['nosotros', 'contacto', 'privacidad', 'terminos', 'publicidad'] as const;

/** A path no route will ever have: served by the not-found page. */
export const UNKNOWN_PATH = '/esta-pagina-no-existe-e2e';

/** A unique, obviously synthetic address per call (the e2e server's store is disposable). */
export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** The theme class on <html>: exactly one of light/dark must be there. */
export async function themeClass(page: Page): Promise<'light' | 'dark' | 'none' | 'both'> {
  return page.evaluate(() => {
    const list = document.documentElement.classList;
    if (list.contains('light') && list.contains('dark')) return 'both';
    if (list.contains('dark')) return 'dark';
    if (list.contains('light')) return 'light';
    return 'none';
  });
}

/**
 * A word that appears in a real, published article title, for searching: taken from the API so the
 * test does not depend on a particular data set.
 */
export async function searchableWord(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/ai-articles', { params: { limit: 10, sort: 'createdAt', order: 'desc' } });
  if (!response.ok()) throw new Error(`GET /api/ai-articles → ${response.status()}`);
  const body = (await response.json()) as { data?: Array<{ title?: string }> };
  const words = (body.data ?? [])
    .flatMap((article) => (article.title ?? '').split(/[^\p{L}\p{N}]+/u))
    .filter((word) => word.length >= 5)
    .sort((a, b) => b.length - a.length);
  const word = words[0];
  if (!word) throw new Error('The API returned no article titles to search for');
  return word;
}
