import { describe, expect, it } from 'vitest';
import { openDb } from '../../server/store/db.ts';
import { optimizeSearchIndexes } from '../../server/store/write.ts';

/** The search indexes are merged after bulk writes (issue 15): one segment each for a search to walk. */
describe('optimizeSearchIndexes', () => {
  it('leaves each search index in one segment, still finding what it found', () => {
    const db = openDb(':memory:');
    const insert = db.prepare('INSERT INTO teams (id, name, code, country, logo) VALUES (?, ?, ?, ?, ?)');
    // One transaction per row, as an upsert-by-upsert sync leaves them: a segment per write.
    for (let id = 1; id <= 60; id++) insert.run(id, `Club ${id} Emelec`, `C${id}`, 'Ecuador', '');
    const segments = () => (db.prepare('SELECT count(DISTINCT segid) AS n FROM teams_fts_idx').get() as { n: number }).n;
    const found = () => db.prepare(`SELECT count(*) AS n FROM teams_fts WHERE teams_fts MATCH '"emel"*'`).get();
    const before = found();
    expect(segments()).toBeGreaterThan(1);
    optimizeSearchIndexes(db);
    expect(segments()).toBe(1);
    expect(found()).toEqual(before);
    db.close();
  });
});
