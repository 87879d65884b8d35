import { localDay } from '../../clock.ts';
import { ensureData } from '../ensure-data.ts';
import { getMeta, type Db } from '../../store/db.ts';
import type { GuardedStore } from '../../store/guard.ts';
import { FINISHED_STATUSES } from '../../../contract/status.ts';

const CHECK_MS = 30_000;
/** A season is never re-anchored sooner than this after its anchor (a start between two matches). */
const MIN_SEASON_MS = 30 * 60_000;

/**
 * Keeps the demo a real match day whatever the hour: on a new day (in Ecuador) the season is
 * re-anchored, and so it is when today's scripted matches are all over, so the next ones begin
 * (the generator places today's scripted kick-offs around its anchor, one of them still to come).
 * Off with a fixed clock (MARCADOR_NOW: tests) and for provider data.
 */
export function startDemoDays(options: {
  db: Db;
  store: GuardedStore;
  now: () => Date;
  log: (message: string) => void;
  onReanchor: (reason: string) => void;
}): { stop: () => void } {
  const { db } = options;
  const finished = FINISHED_STATUSES.map((s) => `'${s}'`).join(',');
  const timer = setInterval(() => {
    try {
      if (process.env.MARCADOR_NOW || getMeta(db, 'source') !== 'demo' || options.store.problem()) return;
      const at = options.now();
      const anchor = getMeta(db, 'demo.anchor');
      if (!anchor) return;
      const newDay = localDay(new Date(anchor)) !== localDay(at);
      const left = (db.prepare(`SELECT COUNT(*) AS n FROM fixtures WHERE scripted = 1 AND status_short NOT IN (${finished})`).get() as { n: number }).n;
      const over = left === 0 && at.getTime() - Date.parse(anchor) > MIN_SEASON_MS;
      if (!newDay && !over) return;
      ensureData(db, { now: at, reanchor: true, log: options.log });
      options.onReanchor(newDay ? 'new match day' : "today's demo matches are over: the next ones begin");
    } catch (error) {
      console.error(`[demo] re-anchoring failed: ${(error as Error).message}`);
    }
  }, CHECK_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
