import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      // Some unit tests generate a whole demo season (seconds on a busy two-core machine): a 5 s limit
      // there measured the host's load, not the code.
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
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
