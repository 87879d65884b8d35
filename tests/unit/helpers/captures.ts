import { readFileSync } from 'node:fs';

/** Real API-Football responses, kept in the repository (see tests/fixtures/api-football/SOURCES.md). */
export const CAPTURES_DIR = new URL('../../fixtures/api-football/', import.meta.url);

/** A fresh parsed copy of a captured response, so a test can reshape it freely. */
export function capture(name: string): any {
  return JSON.parse(readFileSync(new URL(name, CAPTURES_DIR), 'utf8'));
}
