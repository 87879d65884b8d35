import { describe, expect, it } from 'vitest';
import { get, post } from './http.ts';

const hostile = ['', '-1', '0', '1.5', '1e9', '99999999999999', 'abc', "1' OR '1'='1", '%00', '🙂', 'null', '[]', 'x'.repeat(2000)];
const endpoints = [
  '/api/football/leagues?id=',
  '/api/football/standings?league=',
  '/api/football/fixtures?id=',
  '/api/football/fixtures?league=',
  '/api/football/fixtures?date=',
  '/api/football/fixtures?live=',
  '/api/football/fixtures?ids=',
  '/api/football/teams?id=',
  '/api/football/teams?search=',
  '/api/football/players?id=',
  '/api/football/players?search=',
  '/api/football/topscorers?league=',
  '/api/football/transfers?player=',
  '/api/football/team-statistics?team=',
  '/api/football/matches?league=',
  '/api/ai-articles?page=',
  '/api/ai-articles?search=',
  '/api/search?q=',
  '/api/tournaments/',
  // Bulk reads and the provider's own paths.
  '/api/football/fixtures?league=242&details=',
  '/api/football/players?league=242&per_page=',
  '/api/football/players/squads?team=',
  '/api/football/players/squads?league=',
  '/api/football/teams/statistics?league=',
  '/api/football/teams/statistics?team=',
  '/api/football/transfers?league=',
  '/api/ai-articles?content=',
  '/api/football/fixtures/events?fixture=',
  '/api/football/fixtures/events?fixture=1&type=',
  '/api/football/fixtures/lineups?fixture=',
  '/api/football/fixtures/players?fixture=',
  '/api/football/leagues?team=',
  '/api/football/leagues?type=',
  '/api/football/fixtures/statistics?fixture=',
  '/api/football/fixtures/headtohead?h2h=',
  '/api/football/players/topscorers?league=',
];

describe('no input yields a 5xx', () => {
  it('survives hostile values on every parameter', async () => {
    for (const endpoint of endpoints) {
      for (const value of hostile) {
        const { status } = await get(endpoint + encodeURIComponent(value));
        expect(status, `${endpoint}${value.slice(0, 20)}`).toBeLessThan(500);
      }
    }
  });

  it('answers unknown API paths and methods with JSON errors', async () => {
    const unknown = await get('/api/football/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/Not found/);
    const method = await post('/api/football/fixtures', {});
    expect(method.status).toBe(405);
  });
});
