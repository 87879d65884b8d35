import { getMeta, type Db } from '../store/db.ts';
import { DEFAULT_LEAGUES, FRIENDLIES } from '../providers/api-football/sync.ts';
import { createDemoProvider } from '../providers/demo/provider.ts';
import { ChangeFeed, tailStoredChanges } from './changes.ts';
import { pushProxyTargets } from '../pushpin/config.ts';
import { startPushpinPublisher } from '../pushpin/publisher.ts';
import { ingestClient, IngestWorker, storedIngestStatus, type IngestOptions } from './worker.ts';

/** Competitions of the demo season (server/providers/demo): the provider's ids. */
const DEMO_LEAGUES: readonly number[] = [242, 243, 13, 11, 34, FRIENDLIES];

function positiveInt(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^\d+$/.test(value) || Number(value) <= 0) throw new Error(`${name} must be a positive whole number, got "${value}"`);
  return Number(value);
}

/** `SYNC_LEAGUES` (the leagues `npm run sync` pulls) are the leagues the ingest tracks too. */
function trackedLeagues(env: NodeJS.ProcessEnv, withFriendlies: boolean): readonly number[] {
  const text = env.SYNC_LEAGUES?.trim();
  if (!text) return withFriendlies ? [...DEFAULT_LEAGUES, FRIENDLIES] : DEFAULT_LEAGUES;
  const parts = text.split(',').map((p) => p.trim());
  if (parts.some((p) => !/^[1-9]\d*$/.test(p))) throw new Error(`SYNC_LEAGUES must be comma-separated league ids such as 242,243, got "${text}"`);
  return [...new Set(parts.map(Number))];
}

/**
 * The ingest worker for this environment: API-Football with `API_FOOTBALL_KEY`, else the embedded
 * demo provider reading the demo season the store holds. Both go through the same client and the
 * same writes.
 */
export function createIngest(options: {
  db: Db;
  feed: ChangeFeed;
  now: () => Date;
  env?: NodeJS.ProcessEnv;
  onWrite?: IngestOptions['onWrite'];
  onWhistle?: IngestOptions['onWhistle'];
  log?: (message: string) => void;
}): IngestWorker {
  const env = options.env ?? process.env;
  const key = env.API_FOOTBALL_KEY?.trim();
  let worker: IngestWorker | null = null;
  const planner = () => worker?.planner ?? null;
  const liveSeconds = positiveInt(env.INGEST_LIVE_SECONDS, 'INGEST_LIVE_SECONDS');
  const common = {
    db: options.db,
    feed: options.feed,
    now: options.now,
    onWrite: options.onWrite,
    onWhistle: options.onWhistle,
    log: options.log,
    livePollMs: liveSeconds === undefined ? undefined : liveSeconds * 1000,
  };
  if (key) {
    const client = ingestClient({ apiKey: key, baseUrl: env.API_FOOTBALL_BASE_URL, planner, now: options.now });
    const stored = options.db.prepare('SELECT 1 FROM competitions WHERE id = ?').get(FRIENDLIES);
    worker = new IngestWorker({
      ...common,
      client,
      mode: 'api-football',
      // Friendlies are tracked once a sync brought the national team's (league 10 is every country's).
      leagues: trackedLeagues(env, Boolean(stored)),
      dayLimit: positiveInt(env.API_FOOTBALL_DAILY_LIMIT, 'API_FOOTBALL_DAILY_LIMIT'),
      minuteLimit: positiveInt(env.API_FOOTBALL_MINUTE_LIMIT, 'API_FOOTBALL_MINUTE_LIMIT'),
    });
    return worker;
  }
  const demo = createDemoProvider({
    now: options.now,
    season: () => {
      const seed = getMeta(options.db, 'demo.seed');
      const anchor = getMeta(options.db, 'demo.anchor');
      return getMeta(options.db, 'source') === 'demo' && seed && anchor ? { seed: Number(seed), anchor } : null;
    },
  });
  const client = ingestClient({ apiKey: 'demo', baseUrl: demo.baseUrl, fetch: demo.fetch, planner, now: options.now });
  worker = new IngestWorker({ ...common, client, mode: 'demo', leagues: DEMO_LEAGUES });
  return worker;
}

/**
 * The server's live data: the ingest in this process, or, with the ingest in its own process
 * (`npm run ingest`, or `run: false`), the changes it wrote to the store. Either way `feed` carries
 * every change to `/api/live` and `onWrite` hears of each. With PUSH_PROXY the ingest's changes also go
 * to Pushpin (server/pushpin/publisher.ts): only from the process whose ingest writes them.
 */
export function connectLiveData(options: {
  db: Db;
  run: boolean;
  now: () => Date;
  log: (message: string) => void;
  onWrite: () => void;
  onWhistle: NonNullable<IngestOptions['onWhistle']>;
  env?: NodeJS.ProcessEnv;
}) {
  const feed = new ChangeFeed();
  const ingest = options.run ? createIngest({ ...options, feed }) : null;
  const relay = ingest ? null : tailStoredChanges(options.db, feed);
  if (relay) feed.subscribe(() => options.onWrite());
  const targets = ingest ? pushProxyTargets(options.env ?? process.env) : [];
  const publisher = targets.length ? startPushpinPublisher(feed, targets, { log: (m) => console.error(m) }) : null;
  return {
    feed,
    status: () => ingest?.status() ?? storedIngestStatus(options.db),
    start: () => ingest?.start(),
    /** Reads at once what another process's ingest wrote (a no-op with the ingest here). */
    sync: () => relay?.poll(),
    stop: () => (ingest?.stop(), relay?.stop(), publisher?.stop()),
  };
}
