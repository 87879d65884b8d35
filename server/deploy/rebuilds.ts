/**
 * One rebuild at a time, whoever asks (an editor, the schedule, a provider sync, an embargo ending).
 * A trigger while idle starts a build on the next tick (so triggers in the same moment make one);
 * triggers while a build runs coalesce into a single follow-up build, which starts when the running
 * one ends and so sees every change made up to then. The last success and the last failure are kept
 * for `GET /api/admin/rebuild`.
 */
export type RebuildState = 'idle' | 'queued' | 'running';

export interface RebuildStatus {
  state: RebuildState;
  /** A follow-up build is waiting for the running one. */
  followUp: boolean;
  lastSuccess: { at: string; pages: number | null; ms: number } | null;
  lastFailure: { at: string; error: string } | null;
}

/** What one build does: build locally and swap, or call a static host's build hook. */
export type BuildFunction = (reasons: string[]) => Promise<{ pages: number | null }>;

export interface Rebuilder {
  /** Asks for a build; never waits for it. `started`: a build will start; `queued`: after the running one. */
  trigger(reason: string): 'started' | 'queued';
  status(): RebuildStatus;
  /** Resolves when no build is running or waiting (tests, shutdown). */
  idle(): Promise<void>;
}

export function createRebuilder(options: { build: BuildFunction; now?: () => Date; log?: (m: string) => void }): Rebuilder {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((m: string) => console.log(m));
  let running = false;
  let pending: string[] | null = null;
  let lastSuccess: RebuildStatus['lastSuccess'] = null;
  let lastFailure: RebuildStatus['lastFailure'] = null;
  let waiters: Array<() => void> = [];

  async function run(): Promise<void> {
    while (pending) {
      const reasons = pending;
      pending = null;
      running = true;
      const started = performance.now();
      log(`[rebuild] started (${reasons.join('; ')})`);
      try {
        const { pages } = await options.build(reasons);
        lastSuccess = { at: now().toISOString(), pages, ms: Math.round(performance.now() - started) };
        log(`[rebuild] done in ${(lastSuccess.ms / 1000).toFixed(1)} s${pages === null ? '' : ` (${pages} pages)`}`);
      } catch (error) {
        lastFailure = { at: now().toISOString(), error: (error as Error)?.message ?? String(error) };
        console.error(`[rebuild] failed, the previous site keeps serving: ${lastFailure.error}`);
      } finally {
        running = false;
      }
    }
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  }

  return {
    trigger(reason) {
      const wasPending = pending !== null;
      pending = [...(pending ?? []), reason].slice(-20);
      if (running) return 'queued';
      // Idle: start on the next tick, so several triggers of the same moment make one build.
      if (!wasPending) setTimeout(() => void run(), 0);
      return 'started';
    },
    status: () => ({
      state: running ? 'running' : pending ? 'queued' : 'idle',
      followUp: running && pending !== null,
      lastSuccess,
      lastFailure,
    }),
    idle: () => (running || pending ? new Promise<void>((resolve) => waiters.push(resolve)) : Promise.resolve()),
  };
}
