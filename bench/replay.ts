import { spawn } from 'node:child_process';
import { DatabaseSync } from 'node:sqlite';

/**
 * A built demo match day replayed as provider data, for the live bench and the push e2e test: a
 * consistent copy of the store switched to provider data (so nothing re-anchors it), and the demo
 * season served as API-Football on 127.0.0.1 by bench/live-provider.ts, its clock moved on command.
 */
export function copyStoreForReplay(sourcePath: string, copyPath: string): { seed: number; anchor: string } {
  const source = new DatabaseSync(sourcePath, { readOnly: true });
  source.exec(`VACUUM INTO '${copyPath.replace(/'/g, "''")}'`);
  source.close();
  const copy = new DatabaseSync(copyPath);
  const meta = (key: string) => (copy.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined)?.value;
  const seed = Number(meta('demo.seed'));
  const anchor = meta('demo.anchor');
  copy.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('source', 'api-football')").run();
  // A copy is a store of its own: the original's ingest holds no lease on it, and its records do not apply.
  copy.prepare("DELETE FROM meta WHERE key LIKE 'ingest.%'").run();
  copy.close();
  if (!anchor || !Number.isInteger(seed)) throw new Error(`${sourcePath} holds no demo season to replay`);
  return { seed, anchor };
}

export interface ReplayProvider {
  url: string;
  /** Moves the provider's clock to `anchor + ms`. */
  setOffset: (ms: number) => Promise<void>;
  /** When the first live answer carrying each offset went out, and every answer's time (epoch ms). */
  answers: () => Promise<{ live: Record<string, number>; all: number[] }>;
  stop: () => void;
}

export async function startReplayProvider(seed: number, anchor: string): Promise<ReplayProvider> {
  const child = spawn(process.execPath, ['bench/live-provider.ts', String(seed), anchor], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((done, fail) => {
    child.stdout!.on('data', (d: Buffer) => {
      const port = /port (\d+)/.exec(String(d))?.[1];
      if (port) done(`http://127.0.0.1:${port}`);
    });
    child.once('exit', (code) => fail(new Error(`the replay provider exited (${code})`)));
  });
  return {
    url,
    setOffset: async (ms) => {
      await fetch(`${url}/__offset?ms=${ms}`, { method: 'POST' });
    },
    answers: async () => (await (await fetch(`${url}/__answers`)).json()) as { live: Record<string, number>; all: number[] },
    stop: () => child.kill('SIGTERM'),
  };
}

/**
 * The environment of a server on a replay copy: the built site as it is, the copy's store, its ingest
 * reading the replay provider every second, the clock running from the copy's moment.
 */
export function replayServerEnv(options: { port: number; host: string; storePath: string; readersPath: string; distDir: string; providerUrl: string; anchor: string }): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(options.port),
    HOST: options.host,
    DATABASE_PATH: options.storePath,
    READERS_DATABASE_PATH: options.readersPath,
    DIST_DIR: options.distDir,
    SKIP_BUILD: '1',
    BACKUP_DAILY: '0',
    API_FOOTBALL_KEY: 'replay',
    API_FOOTBALL_BASE_URL: options.providerUrl,
    SYNC_LEAGUES: '242,243,13,11,34',
    MARCADOR_NOW: options.anchor,
    MARCADOR_CLOCK: 'running',
    INGEST_LIVE_SECONDS: '1',
  };
}
