import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../scripts/free-port.ts';

/**
 * One Pushpin instance with this folder's config in front of an API on 127.0.0.1, on free loopback ports,
 * its run and log folders in a temporary one: for the API test (tests/api/pushpin.test.ts) and the bench
 * (bench/pushpin.ts). A copy of pushpin.conf with ports, folders and the key filled in; nothing else changes.
 */

export interface PushpinInstance {
  /** Where readers connect. */
  url: string;
  /** PUSH_PROXY's value for this instance. */
  publishUrl: string;
  /** PUSH_PROXY_STATS's value for this instance. */
  statsSpec: string;
  dir: string;
  pid: number;
  /** The runner's output and the services' logs. */
  output: () => string;
  stop: () => Promise<void>;
}

export interface PushpinPorts {
  http: number;
  publish: number;
  stats: number;
  pull: number;
  sub: number;
}

export interface PushpinOptions {
  apiPort: number;
  /** PUSH_PROXY_KEY. */
  key: string;
  /** Chosen beforehand when the API must know them before Pushpin starts (its PUSH_PROXY and PUSH_PROXY_STATS). */
  ports?: PushpinPorts;
  /** client_maxconn (the process needs more open files than this). */
  maxConnections?: number;
  /** Other pushpin.conf values, e.g. `{ message_wait: 1000 }`. */
  config?: Record<string, string | number>;
}

export async function pushpinPorts(): Promise<PushpinPorts> {
  const ports = new Set<number>();
  while (ports.size < 5) ports.add(await freePort());
  const [http, publish, stats, pull, sub] = [...ports] as [number, number, number, number, number];
  return { http, publish, stats, pull, sub };
}

/** The API's environment for `ports`: PUSH_PROXY and PUSH_PROXY_STATS (with PUSH_PROXY_KEY, TRUST_PROXY=1). */
export function pushProxyEnv(ports: PushpinPorts, key: string): Record<string, string> {
  return { PUSH_PROXY: `http://127.0.0.1:${ports.publish}`, PUSH_PROXY_STATS: `tcp://127.0.0.1:${ports.stats}`, PUSH_PROXY_KEY: key, TRUST_PROXY: '1' };
}

export const PUSHPIN_MISSING = "pushpin is not installed: it is Debian's package (apt-get install -y pushpin), which .ci/run installs";

export function pushpinInstalled(): boolean {
  return spawnSync('pushpin', ['--version'], { stdio: 'ignore' }).status === 0;
}

/** pushpin.conf with `key=value` lines replaced (each key this changes appears once in the file). */
export function pushpinConfig(values: Record<string, string | number>): string {
  let text = readFileSync(new URL('./pushpin.conf', import.meta.url), 'utf8');
  for (const [key, value] of Object.entries(values)) {
    const line = new RegExp(`^${key}=.*$`, 'm');
    if (!line.test(text)) throw new Error(`pushpin.conf has no ${key}=`);
    text = text.replace(line, `${key}=${value}`);
  }
  return text;
}

function listening(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), done(true)));
    socket.once('error', () => done(false));
  });
}

export async function startPushpin(options: PushpinOptions): Promise<PushpinInstance> {
  if (!pushpinInstalled()) throw new Error(PUSHPIN_MISSING);
  const dir = mkdtempSync(join(tmpdir(), 'marcador-pushpin-'));
  const { http, publish, stats, pull, sub } = options.ports ?? (await pushpinPorts());
  mkdirSync(join(dir, 'run'));
  mkdirSync(join(dir, 'log'));
  const config = pushpinConfig({
    rundir: join(dir, 'run'),
    logdir: join(dir, 'log'),
    http_port: `127.0.0.1:${http}`,
    push_in_http_port: publish,
    stats_spec: `tcp://127.0.0.1:${stats}`,
    push_in_spec: `tcp://127.0.0.1:${pull}`,
    push_in_sub_specs: `tcp://127.0.0.1:${sub}`,
    sig_key: options.key,
    client_maxconn: options.maxConnections ?? 20_000,
    ...options.config,
  });
  writeFileSync(join(dir, 'pushpin.conf'), config);
  writeFileSync(join(dir, 'routes'), `* 127.0.0.1:${options.apiPort}\n`);
  const child: ChildProcess = spawn('pushpin', ['--config', join(dir, 'pushpin.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const logs = () => {
    let text = output;
    for (const name of ['condure.log', 'pushpin-proxy.log', 'pushpin-handler.log', 'zurl.log']) {
      try {
        text += `\n--- ${name}\n${readFileSync(join(dir, 'log', name), 'utf8')}`;
      } catch {
        // not written (yet)
      }
    }
    return text;
  };
  // The runner stops its services on SIGTERM; each runs in a process group of its own, so one that
  // outlives the runner's grace is ended by its id.
  const services = () => {
    const out = spawnSync('ps', ['-o', 'pid=', '--ppid', String(child.pid)], { encoding: 'utf8' }).stdout ?? '';
    return out
      .split('\n')
      .map(Number)
      .filter((pid) => pid > 0);
  };
  const stop = () =>
    new Promise<void>((done) => {
      const finish = () => (rmSync(dir, { recursive: true, force: true }), done());
      if (child.exitCode !== null || child.signalCode !== null) return finish();
      const started = services();
      const kill = setTimeout(() => {
        for (const pid of [...started, child.pid!]) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // already gone
          }
        }
      }, 5_000);
      child.once('exit', () => (clearTimeout(kill), finish()));
      child.kill('SIGTERM');
    });
  const deadline = Date.now() + 20_000;
  while (!((await listening(http)) && (await listening(publish)) && (await listening(stats)))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const why = logs();
      await stop();
      throw new Error(`Pushpin did not start:\n${why}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url: `http://127.0.0.1:${http}`, publishUrl: `http://127.0.0.1:${publish}`, statsSpec: `tcp://127.0.0.1:${stats}`, dir, pid: child.pid!, output: logs, stop };
}
