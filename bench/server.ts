import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../scripts/free-port.ts';


/** Starts `server/main.ts` (site + API, or the API alone with `args: ['--api-only']`) on a free loopback port and waits until `readyPath` answers 200. */
export async function startSite(options: { env?: NodeJS.ProcessEnv; args?: string[]; port?: number; readyPath?: string; timeoutMs?: number } = {}) {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['server/main.ts', ...(options.args ?? [])], {
    env: { ...process.env, ...options.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + (options.timeoutMs ?? 240_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url + (options.readyPath ?? '/'));
      if (res.status === 200) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server did not become ready in time');
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    url,
    child,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}
