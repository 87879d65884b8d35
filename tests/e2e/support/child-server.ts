import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * A second server of an end-to-end test (tests/e2e/live-push.spec.ts, live-match-full.spec.ts): a
 * free port for it, waiting until it answers, stopping it.
 */

export const freePort = () =>
  new Promise<number>((done) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });

export async function waitFor(url: string, ok: (status: number) => boolean, child: ChildProcess) {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`a server of the test exited (${child.exitCode})`);
    const status = await fetch(url).then((r) => r.status, () => 0);
    if (ok(status)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer in time`);
}

export async function stopServer(child: ChildProcess | null) {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}
