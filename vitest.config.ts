import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { API_DATE_TESTS, unitDateTestFiles, unitTestFiles } from './scripts/unit-tests.ts';

const UNIT_TESTS = unitTestFiles();
const UNIT_DATE_TESTS = unitDateTestFiles();

/**
 * Unit files that need a module graph of their own: they switch the process's zone while they run (`process.env.TZ =`)
 * or mock a module (`vi.mock`). They run isolated, in forked processes (a worker thread shares its
 * process's zone). The other files share their worker's modules (`isolate: false`): the suite spends
 * a third of its time importing, and a file-order shuffle (`--sequence.shuffle.files`) passes.
 */
const NEED_OWN_MODULES = UNIT_TESTS.filter((file) => /process\.env\.TZ\s*=[^=]|\bvi\.(?:mock|doMock)\(/.test(readFileSync(file, 'utf8')));

// Some unit tests generate a whole demo season (seconds on a busy two-core machine): a 5 s limit
// there measured the host's load, not the code.
const unit = { environment: 'node', testTimeout: 30_000 } as const;

/**
 * The unit projects of one zone: `zone` unset runs the whole suite in the machine's zone (threads, which
 * load modules faster than processes); a zone far from Ecuador's reruns the files that handle dates or
 * clocks in processes started with that `TZ` (a thread cannot have a zone of its own). There a date read
 * in the machine's zone instead of Ecuador's shows: Tokyo is UTC+9; Kiritimati (UTC+14) is on the next
 * calendar day from Ecuador for all but five hours of each day.
 */
function unitProjects(zone?: { name: string; tz: string }) {
  const files = zone ? UNIT_DATE_TESTS : UNIT_TESTS;
  const name = zone ? `unit-${zone.name}` : 'unit';
  const env = zone ? { TZ: zone.tz } : {};
  return [
    { test: { ...unit, name, include: files.filter((file) => !NEED_OWN_MODULES.includes(file)), pool: zone ? 'forks' : 'threads', isolate: false, env } },
    { test: { ...unit, name: `${name}-own-modules`, include: files.filter((file) => NEED_OWN_MODULES.includes(file)), pool: 'forks', env } },
  ] as const;
}

/** Contract tests start one real server (tests/api/global-setup.ts, in the project's zone) and talk HTTP to it. */
const api = { environment: 'node', globalSetup: 'tests/api/global-setup.ts', testTimeout: 20_000 } as const;

/**
 * `npm test` runs every project in one Vitest run (one start, workers busy to the end); `npm run test:unit`
 * the machine zone's unit projects, `npm run test:api` the API suite.
 */
export default defineConfig({
  test: {
    // One file per core (Vitest's default leaves one core free: a single worker on a two-core machine).
    maxWorkers: '100%',
    projects: [
      ...unitProjects(),
      ...unitProjects({ name: 'tokyo', tz: 'Asia/Tokyo' }),
      ...unitProjects({ name: 'kiritimati', tz: 'Pacific/Kiritimati' }),
      // The whole API suite under Kiritimati, its date tests again under Tokyo.
      { test: { ...api, name: 'api', include: ['tests/api/**/*.test.ts'], pool: 'forks', env: { TZ: 'Pacific/Kiritimati' } } },
      { test: { ...api, name: 'api-tokyo', include: API_DATE_TESTS, pool: 'forks', env: { TZ: 'Asia/Tokyo' } } },
    ],
  },
});
