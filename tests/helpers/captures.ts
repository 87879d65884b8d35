import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Real API-Football responses, kept in the repository (see tests/fixtures/api-football/SOURCES.md). */
export const CAPTURES_DIR = join(import.meta.dirname, '../fixtures/api-football');

/**
 * A fresh parsed copy of a captured response, so a test can reshape it freely. Paths, not URLs: a test in a DOM
 * environment (happy-dom) has the DOM's URL class as its global, which `node:fs` does not take.
 */
export function capture(name: string): any {
  return JSON.parse(readFileSync(join(CAPTURES_DIR, name), 'utf8'));
}
