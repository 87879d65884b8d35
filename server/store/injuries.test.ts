import { describe, expect, it } from 'vitest';
import { capture } from '../../tests/helpers/captures.ts';
import { openDb } from './db.ts';
import type { ApiInjury } from './provider-types.ts';
import { writeInjuries } from './write.ts';
import { createReader } from './read/index.ts';

/**
 * writeInjuries' rules on the provider's own answer (Bayern Munich – Paris Saint Germain, 13 players
 * out): each asked fixture's list replaced whole, an empty answer clearing it, nothing written for a
 * fixture the store does not hold, and the API reading back what the provider sent.
 */
const answer = capture('injuries-by-fixture.json').response as ApiInjury[];
const FIXTURE = 686314;

function store() {
  const db = openDb(':memory:');
  db.prepare('INSERT INTO fixtures (id, league_id, season, round, timestamp, status_short, home_id, away_id, scripted, data) VALUES (?, 2, 2020, ?, ?, ?, 157, 85, 0, ?)').run(
    FIXTURE, 'Quarter-finals', 1617822000, 'NS', JSON.stringify({ fixture: { id: FIXTURE } }),
  );
  return { db, reader: createReader(db, { now: () => new Date('2021-04-07T12:00:00Z') }) };
}

describe('writeInjuries', () => {
  it('keeps each asked fixture’s list as the provider sent it, and reads it back by fixture, league and club', () => {
    const { db, reader } = store();
    expect(writeInjuries(db, [FIXTURE], answer)).toBe(true);
    expect(reader.injuries({ fixtures: [FIXTURE] })).toEqual(answer);
    expect(reader.injuries({ league: 2, season: 2020 })).toHaveLength(13);
    expect(reader.injuries({ team: 85 }).map((i) => i.player.name)).toEqual(['J. Bernat', 'A. Florenzi', 'M. Icardi', 'L. Kurzawa', 'L. Paredes', 'M. Verratti']);
  });

  it('writes nothing when the list is the same, replaces it when it changed, clears it when the answer is empty', () => {
    const { db, reader } = store();
    writeInjuries(db, [FIXTURE], answer);
    expect(writeInjuries(db, [FIXTURE], answer)).toBe(false);
    expect(writeInjuries(db, [FIXTURE], answer.slice(0, 2))).toBe(true);
    expect(reader.injuries({ fixtures: [FIXTURE] }).map((i) => i.player.name)).toEqual(['D. Costa', 'S. Gnabry']);
    expect(writeInjuries(db, [FIXTURE], [])).toBe(true);
    expect(reader.injuries({ fixtures: [FIXTURE] })).toEqual([]);
  });

  it('leaves out a fixture the store does not hold, and entries of fixtures not asked for', () => {
    const { db, reader } = store();
    expect(writeInjuries(db, [999], answer.map((i) => ({ ...i, fixture: { ...i.fixture, id: 999 } })))).toBe(false);
    expect(writeInjuries(db, [], answer)).toBe(false);
    expect(reader.injuries({ league: 2, season: 2020 })).toEqual([]);
  });
});
