import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer, TEST_NOW } from './servers.ts';

export { TEST_NOW };

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    testNow: string;
  }
}

/**
 * Starts one real API server (own temp store, demo season, fixed clock) for all contract tests of a project,
 * in the project's zone (vitest.config.ts: its tests' processes are started with that `TZ`).
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'marcador-api-'));
  const zone = project.config.env?.TZ;
  // The server generates its demo season itself (the start-up path readers get).
  const server = await startServer(dir, { DATABASE_PATH: join(dir, 'contract.db'), BACKUP_DAILY: '0', ...(zone ? { TZ: String(zone) } : {}) });
  project.provide('apiUrl', server.url);
  project.provide('testNow', TEST_NOW);

  return async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
