import { getMeta, setMeta, type Db } from '../store/db.ts';
import { localDay } from '../clock.ts';
import { loadDemoSeason } from './demo/load.ts';
import { DEFAULT_DEMO_SEED, DEMO_GENERATOR_VERSION } from './demo/generate.ts';

export function demoSeed(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.DEMO_SEED;
  if (raw === undefined || raw === '') return DEFAULT_DEMO_SEED;
  if (!/^\d{1,9}$/.test(raw)) throw new Error(`DEMO_SEED must be a whole number, got "${raw}"`);
  return Number(raw);
}

/** Identifies the data a build was made from; a build with another version is stale. */
export function dataVersion(db: Db): string {
  return getMeta(db, 'data.version') ?? 'empty';
}

function competitionCount(db: Db): number {
  return (db.prepare('SELECT COUNT(*) AS n FROM competitions').get() as { n: number }).n;
}

/**
 * Makes sure the store has data to serve. With no provider key: an empty store gets the demo season;
 * a demo season anchored on an earlier day (or on another fixed MARCADOR_NOW) is re-anchored to now,
 * so every start shows a real match day; so is one made by an older generator. Re-anchoring never
 * touches subscriptions or page views.
 */
export function ensureData(
  db: Db,
  options: { now: Date; env?: NodeJS.ProcessEnv; log?: (m: string) => void; reanchor?: boolean },
): { action: 'kept' | 'generated' | 're-anchored' | 'empty-provider'; version: string } {
  const env = options.env ?? process.env;
  const log = options.log ?? ((m: string) => console.log(m));
  const empty = competitionCount(db) === 0;
  const source = getMeta(db, 'source');

  if (env.API_FOOTBALL_KEY && (source === 'api-football' || empty)) {
    if (empty) log('[data] API_FOOTBALL_KEY is set but the store is empty: run `npm run sync` to fill it from API-Football.');
    return { action: empty ? 'empty-provider' : 'kept', version: dataVersion(db) };
  }

  const anchor = getMeta(db, 'demo.anchor');
  const fixed = env.MARCADOR_NOW ? options.now.toISOString() : undefined;
  const stale =
    !empty &&
    source === 'demo' &&
    (!anchor ||
      options.reanchor === true ||
      getMeta(db, 'demo.generator') !== DEMO_GENERATOR_VERSION ||
      (fixed ? anchor !== fixed : localDay(new Date(anchor)) !== localDay(options.now)));
  if (!empty && !stale) return { action: 'kept', version: dataVersion(db) };

  const started = performance.now();
  const summary = loadDemoSeason(db, { seed: demoSeed(env), anchor: options.now });
  setMeta(db, 'demo.generator', DEMO_GENERATOR_VERSION);
  setMeta(db, 'data.version', `demo:${options.now.toISOString()}:${Date.now()}`);
  log(
    `[data] ${empty ? 'Generated' : 'Re-anchored'} the demo season at ${options.now.toISOString()} in ${Math.round(performance.now() - started)} ms: ${JSON.stringify(summary)}`,
  );
  return { action: empty ? 'generated' : 're-anchored', version: dataVersion(db) };
}
