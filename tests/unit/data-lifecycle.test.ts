import { describe, expect, it } from 'vitest';
import { openDb, getMeta } from '../../server/store/db.ts';
import { dataVersion, ensureData } from '../../server/providers/ensure-data.ts';
import { recordPageView, subscribe, subscriptionCount } from '../../server/store/audience.ts';
import { setMeta } from '../../server/store/db.ts';
import { DEMO_GENERATOR_VERSION } from '../../server/providers/demo/generate.ts';

const quiet = () => {};
const count = (db: ReturnType<typeof openDb>, table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;

// Each case generates a whole season (about 1 s, several under load).
describe('ensureData', { timeout: 30_000 }, () => {
  it('generates the demo season into an empty store, then keeps it on the same day', () => {
    const db = openDb(':memory:');
    const first = ensureData(db, { now: new Date('2026-11-22T15:00:00-05:00'), env: {}, log: quiet });
    expect(first.action).toBe('generated');
    expect(getMeta(db, 'source')).toBe('demo');
    expect(count(db, 'fixtures')).toBeGreaterThan(500);
    const later = ensureData(db, { now: new Date('2026-11-22T22:00:00-05:00'), env: {}, log: quiet });
    expect(later).toEqual({ action: 'kept', version: first.version });
  });

  it('re-anchors a season generated on an earlier day without losing readers\' data', () => {
    const db = openDb(':memory:');
    ensureData(db, { now: new Date('2026-11-21T12:00:00-05:00'), env: {}, log: quiet });
    subscribe(db, 'lector@example.com', 'test', new Date());
    recordPageView(db, '/noticias', '2026-11-21');
    const before = dataVersion(db);
    const next = ensureData(db, { now: new Date('2026-11-22T12:00:00-05:00'), env: {}, log: quiet });
    expect(next.action).toBe('re-anchored');
    expect(next.version).not.toBe(before);
    expect(getMeta(db, 'demo.anchor')).toBe('2026-11-22T17:00:00.000Z');
    expect(subscriptionCount(db)).toBe(1);
    expect(count(db, 'page_views')).toBe(1);
  });

  it('regenerates a season made by an older generator (e.g. one whose media links were .svg)', () => {
    const db = openDb(':memory:');
    const now = new Date('2026-11-22T15:00:00-05:00');
    ensureData(db, { now, env: {}, log: quiet });
    subscribe(db, 'lector@example.com', 'test', new Date());
    setMeta(db, 'demo.generator', '1');
    const next = ensureData(db, { now, env: {}, log: quiet });
    expect(next.action).toBe('re-anchored');
    expect(getMeta(db, 'demo.generator')).toBe(DEMO_GENERATOR_VERSION);
    const logo = (db.prepare('SELECT logo FROM teams LIMIT 1').get() as { logo: string }).logo;
    expect(logo).toMatch(/^\/media\/teams\/\d+\.png$/);
    expect(subscriptionCount(db)).toBe(1);
  });

  it('re-anchors when a fixed MARCADOR_NOW differs from the anchor', () => {
    const db = openDb(':memory:');
    ensureData(db, { now: new Date('2026-11-22T10:00:00-05:00'), env: {}, log: quiet });
    const fixed = ensureData(db, { now: new Date('2026-11-22T20:30:00-05:00'), env: { MARCADOR_NOW: '2026-11-22T20:30:00-05:00' }, log: quiet });
    expect(fixed.action).toBe('re-anchored');
  });

  it('leaves a provider store alone and says how to fill an empty one', () => {
    const db = openDb(':memory:');
    const messages: string[] = [];
    const result = ensureData(db, { now: new Date(), env: { API_FOOTBALL_KEY: 'k' }, log: (m) => messages.push(m) });
    expect(result.action).toBe('empty-provider');
    expect(count(db, 'fixtures')).toBe(0);
    expect(messages.join(' ')).toMatch(/npm run sync/);
  });
});
