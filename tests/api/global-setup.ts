import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../scripts/free-port.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

/** The fixed clock of the contract tests: a Saturday evening of Liga Pro in Quito. */
export const TEST_NOW = '2026-11-22T20:30:00-05:00';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    testNow: string;
  }
}


/** Starts one real API server (own temp store, demo season, fixed clock) for all contract tests. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'marcador-api-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['server/main.ts', '--api-only'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_PATH: join(dir, 'contract.db'),
      MARCADOR_NOW: TEST_NOW,
      API_FOOTBALL_KEY: '',
      // The tests stand for several readers by sending X-Forwarded-For, as a CDN would.
      TRUST_PROXY: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API server exited early (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}/api/time`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`API server did not start within 90 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('apiUrl', url);
  project.provide('testNow', TEST_NOW);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    rmSync(dir, { recursive: true, force: true });
  };
}
