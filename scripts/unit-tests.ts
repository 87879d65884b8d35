import { readdirSync, readFileSync } from 'node:fs';

/**
 * Unit tests live beside the code they check (`src/lib/match/parse.test.ts` next to `parse.ts`); those
 * that check the whole repository (import rules, the link checker) sit in tests/unit. tests/api and tests/e2e hold the suites that
 * run a real server. vitest.config.ts and `npm test` (its runs under other zones) list them here.
 */
const UNIT_TEST_ROOTS = ['src', 'server', 'contract', 'markup', 'integrations', 'scripts', 'bench', 'tests/unit'];

/** Repository-relative paths of every unit test file (temporary bench/tmp scripts left out). */
export function unitTestFiles(): string[] {
  return UNIT_TEST_ROOTS.flatMap((root) =>
    readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.test.ts') && !name.split('/').some((part) => part === 'node_modules' || part === 'tmp'))
      .map((name) => `${root}/${name}`),
  );
}

/**
 * What a test that handles dates or clocks mentions (Ecuador's zone, a formatter, a kick-off, a pinned
 * clock, a date built from a string): such files run again under zones far from Ecuador's
 * (vitest.config.ts), where a date read in the machine's zone instead of Ecuador's shows.
 */
const DATE_MARKERS = /Guayaquil|timeZone|toLocale|Intl\.|[fF]ormat\w*(?:Date|Time|Day|Kick)|kick.?off|MARCADOR_NOW|setSystemTime|useFakeTimers|new Date\(|Date\.(?:UTC|parse)|\b[0-2]\d:[0-5]\d\b/;

/** The unit test files that handle dates or clocks (DATE_MARKERS). */
export function unitDateTestFiles(): string[] {
  return unitTestFiles().filter((file) => DATE_MARKERS.test(readFileSync(file, 'utf8')));
}

/** The API contract tests that handle dates: run again under a second far zone. */
export const API_DATE_TESTS = ['tests/api/timezone.test.ts', 'tests/api/football.test.ts', 'tests/api/media-and-time.test.ts'];
