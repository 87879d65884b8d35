import { readFileSync } from 'node:fs';

/** Real API-Football responses, beside the repository (see ../shared/fixtures/api-football/SOURCES.md). */
export const CAPTURES_DIR = new URL('../../../../shared/fixtures/api-football/', import.meta.url);

/** A fresh parsed copy of a captured response, so a test can reshape it freely. */
export function capture(name: string): any {
  return JSON.parse(readFileSync(new URL(name, CAPTURES_DIR), 'utf8'));
}
