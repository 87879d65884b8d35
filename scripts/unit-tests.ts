import { readdirSync } from 'node:fs';

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
