import { statSync } from 'node:fs';
import { databasePath, openDb, setMeta } from '../../store/db.ts';
import { demoSeed } from '../ensure-data.ts';
import { now as serverNow } from '../../clock.ts';
import { loadDemoSeason } from './load.ts';

/**
 * `npm run data:demo`: fills the store (DATABASE_PATH or data/marcador.db) with the demo season.
 * DEMO_SEED picks the season (default 2026); MARCADOR_NOW (ISO instant) fixes "now", else the real clock.
 */

function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

let seed: number;
let now: Date;
try {
  seed = demoSeed();
  now = serverNow();
} catch (error) {
  console.error(`data:demo: ${(error as Error).message}`);
  process.exit(1);
}
const path = databasePath();
const db = openDb(path);
const started = performance.now();
const summary = loadDemoSeason(db, { seed, anchor: now });
// A site built from earlier data is stale now (the server compares this version with its build's).
setMeta(db, 'data.version', `demo:${now.toISOString()}:${Date.now()}`);
const elapsed = Math.round(performance.now() - started);
db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
db.close();

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
console.log(`Demo season ${summary.season} (seed ${summary.seed}) anchored at ${summary.anchor}`);
console.log(`  competitions ${summary.competitions} · teams ${summary.teams} · players ${summary.players} (${summary.playersAbroad} abroad)`);
console.log(`  fixtures ${summary.fixtures} (finished ${summary.finished}, live ${summary.live}, upcoming ${summary.upcoming}, scripted ${summary.scripted})`);
console.log(`  events ${summary.events} · lineups ${summary.lineups} · transfers ${summary.transfers}`);
console.log(`  articles ${summary.articles} (${summary.articlesScheduled} scheduled for later)`);
console.log(`Generated and written in ${elapsed} ms · store ${path} is ${megabytes(fileSize(path))}`);
