import { describe, expect, it } from 'vitest';
import { openDb } from './db.ts';
import { optimizeSearchIndexes } from './write.ts';
import { aliasKey, syncClubAliases } from './club-aliases.ts';

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

/** Clubs are indexed with the names fans use (schema v3, contract/club-names.ts), kept in step both ways. */
describe('club aliases in the search index', () => {
  const found = (db: ReturnType<typeof openDb>, match: string) =>
    (db.prepare('SELECT rowid FROM teams_fts WHERE teams_fts MATCH ? ORDER BY rowid').all(match) as Array<{ rowid: number }>).map((r) => r.rowid);

  it('finds a club by a fan name from the moment it is stored, and follows renames, deletions and new names', () => {
    const db = openDb(':memory:');
    db.prepare('INSERT INTO teams (id, name, code, country, logo) VALUES (?, ?, ?, ?, ?)').run(1158, 'LDU de Quito', 'LDU', 'Ecuador', '');
    db.prepare('INSERT INTO teams (id, name, code, country, logo) VALUES (?, ?, ?, ?, ?)').run(1157, 'Universidad Catolica', 'UCA', 'Ecuador', '');
    expect(found(db, '"liga" "de" "quito"')).toEqual([1158]);
    expect(found(db, '"catolica"*')).toEqual([1157]);
    // A rename re-indexes the name and keeps the fan names.
    db.prepare('UPDATE teams SET name = ? WHERE id = ?').run('L.D.U. Quito', 1158);
    expect(found(db, '"liga" "de" "quito"')).toEqual([1158]);
    expect(found(db, 'name : "l" "d" "u"')).toEqual([1158]);
    // Names fans use that change (a new start): the index follows, nothing else touched.
    syncClubAliases(db, { 1157: { short: 'Católica', aliases: ['Chatos'] } });
    expect(found(db, '"chatos"')).toEqual([1157]);
    expect(found(db, '"liga" "de" "quito"')).toEqual([]);
    expect(found(db, '"quito"')).toEqual([1158]);
    db.prepare('DELETE FROM teams WHERE id = ?').run(1157);
    expect(found(db, '"chatos"')).toEqual([]);
    expect(found(db, '"universidad"')).toEqual([]);
    expect(found(db, '"quito"')).toEqual([1158]);
    db.close();
  });

  it('compares what was typed with a fan name accents, case and punctuation aside', () => {
    expect(aliasKey('U. Católica')).toBe('u catolica');
    expect(aliasKey('  LIGA de  Quitó ')).toBe('liga de quito');
  });
});
