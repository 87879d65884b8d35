import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { unitTestFiles } from './scripts/unit-tests.ts';

const UNIT_TESTS = unitTestFiles();

/**
 * Unit files that switch the process's zone while they run (found by `process.env.TZ =` in them): a worker thread
 * shares its process's zone, so these run in forked processes. The rest run in threads, which load
 * the suite's modules about 40% faster than one process per file.
 */
const SWITCH_THE_ZONE = UNIT_TESTS.filter((file) => /process\.env\.TZ\s*=[^=]/.test(readFileSync(file, 'utf8')));

export default defineConfig({
  test: {
    // One file per core (Vitest's default leaves one core free: a single worker on a two-core machine).
    maxWorkers: '100%',
    projects: [
      // Some unit tests generate a whole demo season (seconds on a busy two-core machine): a 5 s limit
      // there measured the host's load, not the code.
      { test: { name: 'unit', include: UNIT_TESTS.filter((file) => !SWITCH_THE_ZONE.includes(file)), pool: 'threads', environment: 'node', testTimeout: 30_000 } },
      { test: { name: 'unit-zones', include: SWITCH_THE_ZONE, pool: 'forks', environment: 'node', testTimeout: 30_000 } },
      // Contract tests start one real server (tests/api/setup.ts) and talk HTTP to it.
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api/global-setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
