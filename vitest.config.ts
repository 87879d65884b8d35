import { defineConfig } from 'vitest/config';

/**
 * The islands' runtime in the browser is Preact through `preact/compat` (astro.config.mjs): tests that
 * render components render them with it too, not with a React the site does not ship.
 */
const uiRuntime = [
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom(\/client)?$/, replacement: 'preact/compat$1' },
  { find: /^react\/jsx(-dev)?-runtime$/, replacement: 'preact/jsx$1-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

export default defineConfig({
  resolve: { alias: uiRuntime },
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
