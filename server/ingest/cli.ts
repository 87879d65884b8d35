/**
 * `npm run ingest`: the ingest worker on its own, for deployments where the API runs in another
 * process (`INGEST=0 npm start -- --api-only` on the same store reads the changes it writes and
 * streams them on /api/live). With `API_FOOTBALL_KEY` it reads API-Football, else the demo season.
 */
import { now } from '../clock.ts';
import { ensureData } from '../providers/ensure-data.ts';
import { databasePath, openDb } from '../store/db.ts';
import { ChangeFeed, storeChangesIn } from './changes.ts';
import { createIngest } from './index.ts';
import { pushProxyTargets } from '../pushpin/config.ts';
import { startPushpinPublisher } from '../pushpin/publisher.ts';

const db = openDb(databasePath());
ensureData(db, { now: now() });
const feed = new ChangeFeed();
storeChangesIn(db, feed);
const worker = createIngest({ db, feed, now });
// This process writes the changes, so it publishes them to Pushpin (PUSH_PROXY); the API processes do not.
const pushTargets = pushProxyTargets();
const publisher = pushTargets.length ? startPushpinPublisher(feed, pushTargets) : null;
worker.start();
console.log(`[ingest] ${worker.status().mode} mode on ${databasePath()}, leagues ${worker.status().leagues.join(', ')}; its status is saved in the store for GET /api/admin/ingest${pushTargets.length ? `; publishing to Pushpin at ${pushTargets.join(', ')}` : ''}`);
const keepAlive = setInterval(() => {}, 60_000);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    worker.stop();
    publisher?.stop();
    clearInterval(keepAlive);
    db.close();
    process.exit(0);
  });
}
