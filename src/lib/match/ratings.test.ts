import { describe, expect, it } from 'vitest';
import { capture } from '../../../tests/helpers/captures.ts';
import { parseMatchWithPlayers } from './parse-with-players.ts';
import { averageRating, rankedByRating, ratingsByPlayer } from './ratings.ts';
import type { Match } from './types.ts';

// Manchester United 1-0 Fulham (fixture 1208021), captured whole with the provider's players list.
const raw = capture('fixture-by-id-full.json').response[0];
const parsed = parseMatchWithPlayers(raw);
if (!parsed.ok) throw new Error('the captured fixture does not parse');
const match = parsed.value;

describe('match ratings', () => {
  it("names the provider's highest-rated player the figure of the match, then the rest best first", () => {
    const ranked = rankedByRating(match);
    // 30 players rated by the provider; the unused substitutes are not.
    expect(ranked).toHaveLength(30);
    expect(ranked[0]).toMatchObject({ player: { id: 747, name: 'Casemiro', rating: 8.5, minutes: 90 }, team: { id: 33 } });
    expect(ranked.slice(1, 3).map((l) => [l.player.id, l.player.rating])).toEqual([
      [284322, 7.7],
      [545, 7.5],
    ]);
    // Level on 7.3: the scorer (Zirkzee, 1 goal in 29 minutes) first; then by minutes (Dalot and Diop 90, Maguire 81), then by name.
    expect(ranked.filter((l) => l.player.rating === 7.3).map((l) => l.player.id)).toEqual([70100, 886, 18814, 2935]);
  });

  it('rates no one while a match is played or before it, whatever its data says', () => {
    const live: Match = { ...match, kind: 'Live', status: { ...match.status, short: '2H', elapsed: 70 } };
    expect(rankedByRating(live)).toEqual([]);
    expect(rankedByRating({ ...match, kind: 'Fixture' })).toEqual([]);
  });

  it("gathers each player's rated matches, newest first, and averages them", () => {
    const earlier: Match = { ...match, id: match.id - 1, timestamp: match.timestamp - 7 * 86_400 };
    const byPlayer = ratingsByPlayer([earlier, match]);
    const casemiro = byPlayer.get(747)!;
    expect(casemiro.map((r) => [r.match.id, r.rating, r.minutes, r.teamId])).toEqual([
      [match.id, 8.5, 90, 33],
      [earlier.id, 8.5, 90, 33],
    ]);
    expect(byPlayer.get(70100)![0]).toMatchObject({ goals: 1, rating: 7.3, minutes: 29 });
    expect(averageRating([{ rating: 7.3 }, { rating: 6.8 }, { rating: 8 }])).toBeCloseTo(7.3667, 4);
    expect(averageRating([])).toBeNull();
  });
});
