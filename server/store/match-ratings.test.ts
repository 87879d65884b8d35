import { describe, expect, it } from 'vitest';
import { openDb } from './db.ts';
import { writeMatchRatings } from './write.ts';
import { capturedMatch, seedMatch } from '../../tests/helpers/replay.ts';
import { capture } from '../../tests/helpers/captures.ts';

// Manchester United 1-0 Fulham (fixture 1208021): its players list as the provider sent it.
const match = capturedMatch();
const players = capture('fixture-by-id-full.json').response[0].players;

function store() {
  const db = openDb(':memory:');
  seedMatch(db, match, match.fixture.timestamp * 1000 + 3 * 3_600_000);
  return db;
}
const stored = (db: ReturnType<typeof openDb>) =>
  db.prepare('SELECT player_id AS player, minutes, rating FROM fixture_player_ratings WHERE fixture_id = ? ORDER BY rowid').all(match.fixture.id) as Array<{
    player: number;
    minutes: number | null;
    rating: string;
  }>;

describe('writeMatchRatings', () => {
  it("keeps each rating the provider gave, as written, with the player's minutes; no row for a player it did not rate", () => {
    const db = store();
    expect(writeMatchRatings(db, match.fixture.id, players)).toBe(true);
    const rows = stored(db);
    const rated = players.flatMap((side: any) => side.players).filter((p: any) => p.statistics[0].games.rating !== null);
    expect(rows.map((r) => r.player)).toEqual(rated.map((p: any) => p.player.id));
    expect(rows.find((r) => r.player === 747)).toEqual({ player: 747, minutes: 90, rating: '8.5' });
  });

  it('writes nothing when the same ratings come again, and replaces them when the provider revises one', () => {
    const db = store();
    writeMatchRatings(db, match.fixture.id, players);
    expect(writeMatchRatings(db, match.fixture.id, players)).toBe(false);
    const revised = structuredClone(players);
    revised[0].players[0].statistics[0].games.rating = '7.4';
    expect(writeMatchRatings(db, match.fixture.id, revised)).toBe(true);
    expect(stored(db).find((r) => r.player === revised[0].players[0].player.id)?.rating).toBe('7.4');
    expect(stored(db)).toHaveLength(30);
  });

  it('stores no rating that is not a positive number ("–", empty, "0"), and keeps "7.0" as "7.0"', () => {
    const db = store();
    const odd = structuredClone(players);
    const lines = odd[0].players;
    lines[0].statistics[0].games.rating = '–';
    lines[1].statistics[0].games.rating = '';
    lines[2].statistics[0].games.rating = '0';
    lines[3].statistics[0].games.rating = '7.0';
    writeMatchRatings(db, match.fixture.id, odd);
    const ids = stored(db).map((r) => r.player);
    for (const line of lines.slice(0, 3)) expect(ids).not.toContain(line.player.id);
    expect(stored(db).find((r) => r.player === lines[3].player.id)?.rating).toBe('7.0');
  });

  it("goes with its match: a season written again without the match's ratings leaves none behind", () => {
    const db = store();
    writeMatchRatings(db, match.fixture.id, players);
    seedMatch(db, match, match.fixture.timestamp * 1000 + 3 * 3_600_000);
    expect(stored(db)).toEqual([]);
  });
});
