import { isFinishedStatus, isLiveStatus, isUpcomingStatus } from '../../contract/status.ts';
import type { LiveFixtureChange } from '../../contract/live.ts';
import { getMeta, getMetaJson, setMeta, type Db } from '../store/db.ts';
import type { ApiFixtureFull } from '../store/provider-types.ts';
import { ApiFootballClient, ApiFootballError } from '../providers/api-football/client.ts';
import { FIXTURE_IDS_PER_CALL, LIGA_PRO, syncCompetition, syncTransfers } from '../providers/api-football/sync.ts';
import { parseFixture, parseInjury, parseList, parsePlayerEntry, parseStandingsResponse, parseTeamStatisticsResponse } from '../providers/api-football/parse.ts';
import { writeFixtures, writePlayerLeaders, writeStandingsIfChanged, writeTeamStatistics } from './apply.ts';
import { writeHeadToHead, writeInjuries } from '../store/write.ts';
import type { ChangeFeed } from './changes.ts';
import { StoreLease } from './lease.ts';
import { nextUtcMidnight, QuotaPlanner, readQuotaHeaders, utcDayOf } from './quota.ts';
import { IngestRecord } from './status.ts';
import { comingFixtureIds, comingPairs, inWindow, isOpen, MATCH_LENGTH_MS, pairKey, trackedFixtures, WINDOW_BEFORE_MS, windowAheadMs, type TrackedFixture } from './windows.ts';

export { storedIngestStatus } from './status.ts';

/**
 * The ingest worker: keeps the football store current from the provider (API-Football with a key,
 * the embedded demo provider without one) through one write path (./apply.ts), and publishes every
 * change it wrote (./changes.ts). What it asks for, in order of need:
 *
 * 1. live: `fixtures?live=<tracked leagues>` while a tracked match is in its window (kick-off − 15 min
 *    to final whistle + 15 min), at the cadence the quota planner allows (every 15 s on Pro);
 * 2. at a final whistle: the match's details (`fixtures?ids=`, up to 20 a request), then its league's
 *    standings and leaders (`players/topscorers`, `players/topassists`);
 * 3. daily: each tracked league's fixtures and standings, then the coming matches' absences and their
 *    clubs' meetings of earlier seasons (`fixtures/headtohead`, one request a pair) where the plan leaves room;
 * 4. when the plan leaves room: line-ups at kick-off, details of matches in play, the teams' season
 *    statistics after a whistle.
 *
 * One request at a time, never past the per-minute limit, paused on 429, on the provider's rate-limit
 * or quota envelope, and until 00:00 UTC once the day's quota is used. What it did is kept in the
 * store's meta table: a restart neither repeats the day's refresh nor fetches a finished match again.
 */

const MINUTE_MS = 60_000;
/** A match not finished in the store this long after kick-off is asked for by id. */
const OVERDUE_MS = 150 * MINUTE_MS;
/**
 * Covered leagues publish confirmed line-ups 20–40 minutes before kick-off: from 40 minutes ahead a
 * coming match without them is asked for every 10 minutes (where the plan has room), so a match page and
 * the readers who follow it have them before the whistle.
 */
const LINEUPS_AHEAD_MS = 40 * MINUTE_MS;
const LINEUPS_RECHECK_MS = 10 * MINUTE_MS;
/** A match asked for by id that was still not over is asked again after this long. */
const RECHECK_MS = 20 * MINUTE_MS;
/** Details (statistics) of a match in play, at most this often, where the plan has room. */
const IN_PLAY_DETAILS_MS = 5 * MINUTE_MS;
/** Requests a whistle needs: details, standings, top scorers, top assists. */
const PER_WHISTLE = 4;
/** Requests of one league's daily refresh: fixtures, standings. */
const PER_DAILY = 2;
const KEEP_DONE = 400;
const WEEK_MS = 7 * 86_400_000;
/** A weekly refresh that failed is tried again after this long. */
const WEEKLY_RETRY_MS = 6 * 3_600_000;
/** About what one competition's full refresh asks (teams, players' pages, squads, match details, statistics). */
const WEEKLY_COST = 400;
const WEEKLY_MIN_DAY_LIMIT = 1_000;
/** How many of two clubs' last meetings are asked for: a match page shows five, the rest cover this season's. */
const HEAD_TO_HEAD_LAST = 10;

/** The day's reading of earlier meetings (meta `ingest.headToHead`): the pairs asked, and whether all were. */
interface HeadToHeadDay {
  day: string;
  asked: string[];
  done: boolean;
}

export interface IngestOptions {
  db: Db;
  client: ApiFootballClient;
  feed: ChangeFeed;
  mode: 'demo' | 'api-football';
  leagues: readonly number[];
  now?: () => Date;
  /** The plan's limits until the provider's headers say otherwise (API_FOOTBALL_DAILY_LIMIT …). */
  dayLimit?: number;
  minuteLimit?: number;
  /** A store write happened (the API clears its cache). */
  onWrite?: () => void;
  /** A tracked match reached its final whistle (pages are rebuilt). */
  onWhistle?: (change: LiveFixtureChange) => void;
  log?: (message: string) => void;
  /** The loop's heartbeat; tests drive `tick()` themselves. */
  tickMs?: number;
  /** The fastest live cadence (default 15 s, the provider's own refresh). */
  livePollMs?: number;
}

type Job = { kind: 'weekly'; league: number | 'transfers' } | { kind: 'live' } | { kind: 'details'; ids: number[]; reason: 'final' | 'in-play' | 'line-ups' } | { kind: 'standings' | 'topscorers' | 'topassists'; league: number; season: number }
  | { kind: 'daily-fixtures' | 'daily-standings'; league: number; season: number } | { kind: 'team-statistics'; league: number; season: number; team: number }
  | { kind: 'injuries'; ids: number[] } | { kind: 'head-to-head'; pair: [number, number] };

export class IngestWorker {
  readonly planner: QuotaPlanner;
  private readonly now: () => Date;
  private readonly log: (message: string) => void;
  private timer: NodeJS.Timeout | null = null;
  private busy = false;
  private stopped = true;
  private lastLiveAtMs = 0;
  private readonly queue: Job[] = [];
  private readonly lease: StoreLease;
  private readonly record: IngestRecord;
  /** Finished matches whose details are in the store (persisted). */
  private finalDone: number[];
  /** The store's data version the worker's records belong to (a new demo season or a full sync starts afresh). */
  private dataVersion: string | undefined;
  /** When a match was last asked for by id (not persisted: a restart may ask once more). */
  private readonly askedAt = new Map<number, number>();

  private readonly options: IngestOptions;

  constructor(options: IngestOptions) {
    this.options = options;
    this.now = options.now ?? (() => new Date());
    this.log = options.log ?? ((m) => console.log(m));
    const saved = getMetaJson<{ day: string; used: number; dayLimit: number; minuteLimit: number; dayRemaining: number | null }>(options.db, `ingest.quota.${options.mode}`);
    this.planner = new QuotaPlanner(() => this.now().getTime(), {
      ...saved,
      dayLimit: options.dayLimit ?? saved?.dayLimit ?? (options.mode === 'demo' ? 75_000 : 100),
      minuteLimit: options.minuteLimit ?? saved?.minuteLimit ?? (options.mode === 'demo' ? 450 : 10),
    });
    this.lease = new StoreLease(options.db, this.log);
    this.record = new IngestRecord({ db: options.db, mode: options.mode, planner: this.planner, now: this.now, log: this.log, status: () => this.status() });
    const done = getMetaJson<{ version: string; ids: number[] }>(options.db, 'ingest.finalDone');
    this.dataVersion = getMeta(options.db, 'data.version');
    this.finalDone = done && done.version === this.dataVersion ? done.ids : [];
  }

  /** A store filled anew (a re-anchored demo season, a full sync) invalidates what was done for the old one. */
  private followDataVersion(): void {
    const version = getMeta(this.options.db, 'data.version');
    if (version === this.dataVersion) return;
    this.dataVersion = version;
    this.finalDone = [];
    this.askedAt.clear();
    this.queue.length = 0;
    this.lastLiveAtMs = 0;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const every = this.options.tickMs ?? 1_000;
    const loop = async () => {
      if (this.stopped) return;
      await this.tick();
      if (!this.stopped) this.timer = setTimeout(loop, every);
    };
    this.timer = setTimeout(loop, 0);
    this.timer.unref?.();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.lease.release();
  }

  /**
   * One turn: plan, then send at most one request if one is due and the quota allows it. Returns
   * what it asked for (tests), or null when nothing was due.
   */
  async tick(): Promise<string | null> {
    if (this.busy) return null;
    this.busy = true;
    try {
      if (!this.lease.hold()) return null;
      const job = this.nextJob();
      if (!job) return null;
      if (this.planner.waitMs() > 0) {
        if (job.kind !== 'live') this.queue.unshift(job);
        return null;
      }
      return await this.run(job);
    } catch (error) {
      this.failed(error);
      return null;
    } finally {
      this.busy = false;
    }
  }

  // ---------------------------------------------------------------- planning

  private tracked(): TrackedFixture[] {
    return trackedFixtures(this.options.db, this.options.leagues, this.now().getTime());
  }

  /** Requests today still needs besides live polls: the rest of the whistles and daily refreshes. */
  private reserve(fixtures: TrackedFixture[]): number {
    const end = nextUtcMidnight(this.now().getTime());
    const whistles = fixtures.filter((f) => isOpen(f) && f.kickoffMs + MATCH_LENGTH_MS < end).length;
    const daily = this.options.leagues.filter((l) => getMeta(this.options.db, `ingest.daily.${l}`) !== this.today()).length;
    // A tenth of the plan stays unplanned: a match rescheduled into today, a check that must be repeated.
    const margin = Math.ceil(this.planner.snapshot().dayLimit / 10);
    return whistles * PER_WHISTLE + daily * PER_DAILY + this.queue.length + margin;
  }

  private today(): string {
    return utcDayOf(this.now().getTime());
  }

  /** Whether the plan leaves room for what readers could do without (line-ups at kick-off …). */
  private roomForExtras(): boolean {
    return this.planner.snapshot().dayLimit >= 1_000;
  }

  /** Coming matches within LINEUPS_AHEAD_MS of kick-off whose line-ups the store lacks, not asked for lately. */
  private lineupsDue(fixtures: readonly TrackedFixture[], nowMs: number): number[] {
    const stored = this.options.db.prepare('SELECT 1 FROM fixture_lineups WHERE fixture_id = ? LIMIT 1');
    return fixtures
      .filter((f) => isUpcomingStatus(f.status) && f.kickoffMs > nowMs && f.kickoffMs - nowMs <= LINEUPS_AHEAD_MS)
      .filter((f) => nowMs - (this.askedAt.get(f.id) ?? 0) > LINEUPS_RECHECK_MS && stored.get(f.id) === undefined)
      .map((f) => f.id);
  }

  private seasonOf(league: number): number | null {
    const row = this.options.db.prepare('SELECT year FROM seasons WHERE league_id = ? ORDER BY current DESC, year DESC LIMIT 1').get(league) as
      | { year: number }
      | undefined;
    return row?.year ?? null;
  }

  private nextJob(): Job | null {
    this.followDataVersion();
    if (this.queue.length) return this.queue.shift()!;
    const nowMs = this.now().getTime();
    const fixtures = this.tracked();

    // Matches that should be over but are not in the store: ask for them by id.
    const overdue = fixtures.filter(
      (f) => isOpen(f) && nowMs > f.kickoffMs + OVERDUE_MS && !this.finalDone.includes(f.id) && nowMs - (this.askedAt.get(f.id) ?? 0) > RECHECK_MS,
    );
    if (overdue.length) return { kind: 'details', ids: overdue.slice(0, FIXTURE_IDS_PER_CALL).map((f) => f.id), reason: 'final' };

    const lineupsDue = this.roomForExtras() ? this.lineupsDue(fixtures, nowMs) : [];
    if (lineupsDue.length) return { kind: 'details', ids: lineupsDue.slice(0, FIXTURE_IDS_PER_CALL), reason: 'line-ups' };

    const live = fixtures.some((f) => inWindow(f, nowMs));
    if (live) {
      this.record.liveCadence = this.planner.livePlan(windowAheadMs(fixtures, nowMs), this.reserve(fixtures), this.options.livePollMs);
      const every = this.record.liveCadence.everyMs;
      this.record.polls.live.nextAt = every === null ? null : new Date(Math.max(nowMs, this.lastLiveAtMs + every)).toISOString();
      if (every !== null && nowMs >= this.lastLiveAtMs + every) return { kind: 'live' };
    } else {
      this.record.liveCadence = { everyMs: null, reason: 'no tracked match in its window' };
      const next = fixtures.find((f) => isOpen(f) && f.kickoffMs - WINDOW_BEFORE_MS > nowMs);
      this.record.polls.live.nextAt = next ? new Date(next.kickoffMs - WINDOW_BEFORE_MS).toISOString() : null;
    }

    // The daily refresh: one league at a time, outside the minutes a live poll needs.
    const today = this.today();
    const due = this.options.leagues.find((l) => getMeta(this.options.db, `ingest.daily.${l}`) !== today);
    if (due !== undefined) {
      const season = this.seasonOf(due);
      if (season === null) {
        setMeta(this.options.db, `ingest.daily.${due}`, today);
        this.log(`[ingest] daily: league ${due} has no season in the store; run \`npm run sync\` to bring it`);
        return null;
      }
      this.queue.push({ kind: 'daily-standings', league: due, season });
      return { kind: 'daily-fixtures', league: due, season };
    }
    // Who misses the coming matches (a match page's "Bajas"), once a day after the refreshes, where the
    // plan leaves a request to spare: one request for the next day and a half's first 20 matches.
    if (getMeta(this.options.db, 'ingest.injuries') !== today) {
      const ids = comingFixtureIds(this.options.db, this.options.leagues, nowMs, FIXTURE_IDS_PER_CALL);
      if (ids.length === 0) setMeta(this.options.db, 'ingest.injuries', today);
      else if (this.planner.remaining() - this.reserve(fixtures) >= 1) return { kind: 'injuries', ids };
    }
    // The earlier meetings of the same matches' clubs (a match page's "Enfrentamientos directos" reaches
    // past this season), once a day after the absences: one request a pair, each where the plan leaves
    // one to spare; the pairs asked are kept, so a restart asks none of them again that day.
    const h2h = this.headToHeadDay();
    if (!h2h.done) {
      const pair = comingPairs(this.options.db, this.options.leagues, nowMs).find(([a, b]) => !h2h.asked.includes(pairKey(a, b)));
      if (!pair) setMeta(this.options.db, 'ingest.headToHead', JSON.stringify({ ...h2h, done: true }));
      else if (this.planner.remaining() - this.reserve(fixtures) >= 1) return { kind: 'head-to-head', pair };
    }
    this.record.polls.daily.nextAt = new Date(nextUtcMidnight(nowMs)).toISOString();
    return live ? null : this.weeklyJob(fixtures, nowMs);
  }

  private headToHeadDay(): HeadToHeadDay {
    const saved = getMetaJson<HeadToHeadDay>(this.options.db, 'ingest.headToHead');
    return saved?.day === this.today() ? saved : { day: this.today(), asked: [], done: false };
  }

  /**
   * The weekly refresh of what changes slowly (teams, squads, players' season figures, every played
   * match's details, then Liga Pro's transfers): the full pull of `npm run sync`, one competition at a
   * time, only outside live windows and where the plan leaves room for it (a competition costs a few
   * hundred requests; the free plan's day cannot carry one beside a match day: run `npm run sync` then).
   */
  private weeklyJob(fixtures: TrackedFixture[], nowMs: number): Job | null {
    if (this.options.mode !== 'api-football') return null;
    const targets: Array<number | 'transfers'> = [...this.options.leagues, 'transfers'];
    const stale = (key: number | 'transfers') => {
      const done = Date.parse(getMeta(this.options.db, `ingest.weekly.${key}`) ?? '');
      const tried = Date.parse(getMeta(this.options.db, `ingest.weeklyTried.${key}`) ?? '');
      return !(nowMs - done < WEEK_MS) && !(nowMs - tried < WEEKLY_RETRY_MS);
    };
    const due = targets.find(stale);
    if (due === undefined) return null;
    const spare = this.planner.remaining() - this.reserve(fixtures);
    if (this.planner.snapshot().dayLimit < WEEKLY_MIN_DAY_LIMIT || spare < WEEKLY_COST) {
      this.record.polls.weekly.lastResult = `waiting: a competition's full refresh takes about ${WEEKLY_COST} requests, ${Math.max(0, spare)} to spare today (plan: ${this.planner.snapshot().dayLimit} a day); \`npm run sync\` does it by hand`;
      return null;
    }
    return { kind: 'weekly', league: due };
  }

  // ---------------------------------------------------------------- requests

  private async get(path: string, params: Record<string, string | number>): Promise<unknown> {
    this.planner.sent();
    const envelope = await this.options.client.get(path, params);
    return envelope.response;
  }

  private async run(job: Job): Promise<string> {
    const started = performance.now();
    switch (job.kind) {
      case 'live': {
        this.lastLiveAtMs = this.now().getTime();
        const leagues = this.options.leagues.join('-');
        const response = await this.get('/fixtures', { live: leagues });
        const fixtures = this.fixturesOf(response, 'live');
        const changes = this.write(fixtures, false);
        // A match the store shows in play that the live list no longer carries has ended (or stopped): its details tell.
        const listed = new Set(fixtures.map((f) => f.fixture.id));
        const ended = this.tracked().filter((f) => isLiveStatus(f.status) && !listed.has(f.id)).map((f) => f.id);
        const finished = fixtures.filter((f) => isFinishedStatus(f.fixture.status.short)).map((f) => f.fixture.id);
        this.queueDetails([...ended, ...finished], 'final');
        if (this.roomForExtras()) {
          // Line-ups once a match is under way, then its statistics now and then, where the plan has room.
          const nowMs = this.now().getTime();
          const lineups = this.options.db.prepare('SELECT COUNT(*) AS n FROM fixture_lineups WHERE fixture_id = ?');
          const refresh = fixtures
            .map((f) => f.fixture.id)
            .filter((fid) => {
              const asked = this.askedAt.get(fid);
              if (asked === undefined) return true;
              const hasLineups = (lineups.get(fid) as { n: number }).n > 0;
              return nowMs - asked > (hasLineups ? IN_PLAY_DETAILS_MS : RECHECK_MS / 4);
            });
          this.queueDetails(refresh, 'in-play');
        }
        return this.record.done('live', `GET /fixtures?live=${leagues}: ${fixtures.length} in play, ${changes.length} changed`, started);
      }
      case 'details': {
        for (const id of job.ids) this.askedAt.set(id, this.now().getTime());
        const response = await this.get('/fixtures', { ids: job.ids.join('-') });
        const fixtures = this.fixturesOf(response, 'details');
        const changes = this.write(fixtures, true);
        for (const f of fixtures.filter((x) => isFinishedStatus(x.fixture.status.short))) {
          if (job.reason === 'final' || changes.some((c) => c.fixture === f.fixture.id)) this.whistled(f);
        }
        return this.record.done('details', `GET /fixtures?ids=${job.ids.join('-')} (${job.reason}): ${fixtures.length} matches, ${changes.length} changed`, started);
      }
      case 'standings':
      case 'daily-standings': {
        const parsed = parseStandingsResponse(await this.get('/standings', { league: job.league, season: job.season }));
        if (!parsed.ok) throw new Error(`GET /standings?league=${job.league}: ${parsed.error}`);
        const changed = writeStandingsIfChanged(this.options.db, job.league, job.season, parsed.value);
        if (changed) this.publish({ type: 'standings', data: { league: job.league, season: job.season } });
        if (job.kind === 'daily-standings') setMeta(this.options.db, `ingest.daily.${job.league}`, this.today());
        return this.record.done(job.kind === 'standings' ? 'standings' : 'daily', `GET /standings?league=${job.league}&season=${job.season}: ${changed ? 'changed' : 'unchanged'}`, started);
      }
      case 'topscorers':
      case 'topassists': {
        const path = `/players/${job.kind}`;
        const parsed = parseList(await this.get(path, { league: job.league, season: job.season }), parsePlayerEntry, 'player', []);
        if (!parsed.ok) throw new Error(`GET ${path}?league=${job.league}: ${parsed.error}`);
        const changed = writePlayerLeaders(this.options.db, job.league, job.season, parsed.value);
        if (changed) this.options.onWrite?.();
        return this.record.done('standings', `GET ${path}?league=${job.league}&season=${job.season}: ${changed ? 'changed' : 'unchanged'}`, started);
      }
      case 'team-statistics': {
        const parsed = parseTeamStatisticsResponse(await this.get('/teams/statistics', { league: job.league, season: job.season, team: job.team }));
        if (!parsed.ok) throw new Error(`GET /teams/statistics?team=${job.team}: ${parsed.error}`);
        const changed = parsed.value ? writeTeamStatistics(this.options.db, job.league, job.season, parsed.value) : false;
        if (changed) this.options.onWrite?.();
        return this.record.done('standings', `GET /teams/statistics?league=${job.league}&team=${job.team}: ${changed ? 'changed' : 'unchanged'}`, started);
      }
      case 'weekly': {
        const key = job.league;
        setMeta(this.options.db, `ingest.weeklyTried.${key}`, this.now().toISOString());
        const report = key === 'transfers' ? await syncTransfers(this.options.db, this.options.client, this.seasonOf(LIGA_PRO), this.now) : await syncCompetition(this.options.db, this.options.client, { league: key }, this.now);
        if (!report.ok) throw new Error(`weekly refresh of ${report.name}: ${report.error}`);
        setMeta(this.options.db, `ingest.weekly.${key}`, this.now().toISOString());
        this.options.onWrite?.();
        return this.record.done('weekly', `full refresh of ${report.name}: ${report.counts.requests} requests`, started);
      }
      case 'injuries': {
        const parsed = parseList(await this.get('/injuries', { ids: job.ids.join('-') }), parseInjury, 'injury', []);
        if (!parsed.ok) throw new Error(`GET /injuries?ids=${job.ids.join('-')}: ${parsed.error}`);
        const changed = writeInjuries(this.options.db, job.ids, parsed.value);
        setMeta(this.options.db, 'ingest.injuries', this.today());
        if (changed) this.options.onWrite?.();
        return this.record.done('daily', `GET /injuries?ids=${job.ids.join('-')}: ${parsed.value.length} players out or in doubt, ${changed ? 'changed' : 'unchanged'}`, started);
      }
      case 'head-to-head': {
        const h2h = job.pair.join('-');
        const fixtures = this.fixturesOf(await this.get('/fixtures/headtohead', { h2h, last: HEAD_TO_HEAD_LAST }), 'head-to-head');
        const stored = writeHeadToHead(this.options.db, job.pair, fixtures, this.today());
        const day = this.headToHeadDay();
        setMeta(this.options.db, 'ingest.headToHead', JSON.stringify({ ...day, asked: [...day.asked, pairKey(...job.pair)] }));
        // Asked is news too: a pair with no earlier meetings now reads as such.
        this.options.onWrite?.();
        return this.record.done('daily', `GET /fixtures/headtohead?h2h=${h2h}&last=${HEAD_TO_HEAD_LAST}: ${fixtures.length} meetings, ${stored} of earlier seasons stored`, started);
      }
      case 'daily-fixtures': {
        const fixtures = this.fixturesOf(await this.get('/fixtures', { league: job.league, season: job.season }), 'daily');
        const changes = this.write(fixtures, false);
        return this.record.done('daily', `GET /fixtures?league=${job.league}&season=${job.season}: ${fixtures.length} matches, ${changes.length} changed`, started);
      }
    }
  }

  private fixturesOf(response: unknown, what: string): ApiFixtureFull[] {
    const parsed = parseList(response, parseFixture, `${what} fixture`, []);
    if (!parsed.ok) throw new Error(`${what}: ${parsed.error}`);
    return parsed.value;
  }

  private write(fixtures: ApiFixtureFull[], details: boolean): LiveFixtureChange[] {
    const changes = writeFixtures(this.options.db, fixtures, { details });
    for (const change of changes) {
      this.publish({ type: 'fixture', data: change });
      if (change.kinds.includes('status') && isFinishedStatus(change.status.short)) this.options.onWhistle?.(change);
    }
    if (changes.length === 0 && details) this.options.onWrite?.();
    return changes;
  }

  private publish(input: Parameters<ChangeFeed['publish']>[0]): void {
    this.record.changesPublished += 1;
    this.options.onWrite?.();
    this.options.feed.publish(input);
  }

  private queueDetails(ids: number[], reason: 'final' | 'in-play'): void {
    const fresh = [...new Set(ids)].filter((id) => !(reason === 'final' && this.finalDone.includes(id)));
    for (let i = 0; i < fresh.length; i += FIXTURE_IDS_PER_CALL) {
      this.queue.push({ kind: 'details', ids: fresh.slice(i, i + FIXTURE_IDS_PER_CALL), reason });
    }
  }

  /** A match is over and its details are in: its league's tables and leaders follow. */
  private whistled(f: ApiFixtureFull): void {
    const id = f.fixture.id;
    if (!this.finalDone.includes(id)) {
      this.finalDone.push(id);
      if (this.finalDone.length > KEEP_DONE) this.finalDone.splice(0, this.finalDone.length - KEEP_DONE);
      setMeta(this.options.db, 'ingest.finalDone', JSON.stringify({ version: this.dataVersion, ids: this.finalDone }));
    }
    const league = f.league.id;
    const season = f.league.season;
    const already = (kind: string) => this.queue.some((j) => j.kind === kind && 'league' in j && j.league === league);
    if (!already('standings')) this.queue.push({ kind: 'standings', league, season });
    if (!already('topscorers')) this.queue.push({ kind: 'topscorers', league, season });
    if (!already('topassists')) this.queue.push({ kind: 'topassists', league, season });
    if (this.roomForExtras()) {
      for (const team of [f.teams.home.id, f.teams.away.id]) this.queue.push({ kind: 'team-statistics', league, season, team });
    }
  }

  private failed(error: unknown): void {
    const nowMs = this.now().getTime();
    if (error instanceof ApiFootballError && error.kind === 'quota') this.planner.pause(nextUtcMidnight(nowMs) - nowMs, 'quota');
    else if (error instanceof ApiFootballError && error.kind === 'rate-limit') this.planner.pause(MINUTE_MS, 'rate-limit');
    else this.planner.pause(30_000, 'error');
    this.record.failed(error instanceof Error ? error.message : String(error));
  }

  /** What `GET /api/admin/ingest` answers. */
  status() {
    const { quota, live, details, standings, daily, weekly, changesPublished, lastError } = this.record.snapshot();
    return {
      mode: this.options.mode,
      running: !this.stopped,
      waitingForAnotherIngest: this.lease.refused,
      leagues: this.options.leagues,
      quota,
      live,
      details,
      standings,
      daily,
      weekly,
      queued: this.queue.map((j) => j.kind),
      changesPublished,
      lastError,
    };
  }
}

/** The API-Football client the worker reads through: one attempt per request (the worker plans retries). */
export function ingestClient(options: {
  apiKey: string;
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  planner: () => QuotaPlanner | null;
  now?: () => Date;
}): ApiFootballClient {
  return new ApiFootballClient({
    now: options.now ? () => options.now!().getTime() : undefined,
    apiKey: options.apiKey,
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    maxRetries: 0,
    onResponse: (_status, headers) => options.planner()?.read(readQuotaHeaders(headers)),
  });
}
