import { afterEach, describe, expect, it, vi } from 'vitest';
import { ensureData } from '../ensure-data.ts';
import { getMeta, openDb } from '../../store/db.ts';
import { guardStore } from '../../store/guard.ts';
import { startDemoDays } from './days.ts';

/**
 * A demo server left running keeps a match day going: once today's scripted matches are all over,
 * the season re-anchors and the next ones begin (as it does on a new day), without a restart.
 */
const ANCHOR = new Date('2026-11-25T14:00:00Z');

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe('the demo season over a day', () => {
  it('re-anchors once the scripted matches are over, not while one is still to play', async () => {
    vi.stubEnv('MARCADOR_NOW', '');
    vi.useFakeTimers();
    const db = openDb(':memory:');
    ensureData(db, { now: ANCHOR, env: {}, log: () => {} });
    let clock = ANCHOR.getTime() + 60 * 60_000;
    const reasons: string[] = [];
    const days = startDemoDays({ db, store: guardStore('football', db, ':memory:', { log: () => {} }), now: () => new Date(clock), log: () => {}, onReanchor: (r) => reasons.push(r) });
    await vi.advanceTimersByTimeAsync(31_000);
    // One scripted match at least is still to play: nothing happens.
    expect(reasons).toEqual([]);
    expect(getMeta(db, 'demo.anchor')).toBe(ANCHOR.toISOString());

    // The ingest wrote them all as finished.
    db.prepare("UPDATE fixtures SET status_short = 'FT' WHERE scripted = 1").run();
    clock += 30_000;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(reasons).toEqual(["today's demo matches are over: the next ones begin"]);
    expect(getMeta(db, 'demo.anchor')).toBe(new Date(clock).toISOString());
    const left = (db.prepare("SELECT COUNT(*) AS n FROM fixtures WHERE scripted = 1 AND status_short NOT IN ('FT', 'AET', 'PEN')").get() as { n: number }).n;
    expect(left).toBeGreaterThan(0);
    days.stop();
  }, 60_000);
});
