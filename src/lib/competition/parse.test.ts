import { describe, expect, it } from 'vitest';
import { parseTournament } from './parse.ts';

describe('parseTournament', () => {
  it('gives the portal competitions their Spanish names', () => {
    const t = parseTournament({ id: 34, name: 'World Cup - Qualification South America', shortName: 'Eliminatorias', season: 2026 });
    expect(t).toMatchObject({ id: 34, name: 'Eliminatorias Sudamericanas', shortName: 'Eliminatorias', type: 'League' });
  });
  it('keeps the provider name of other competitions and rejects entries without id or name', () => {
    expect(parseTournament({ id: '39', name: 'Premier League', type: 'League' })).toMatchObject({ id: 39, name: 'Premier League', shortName: 'Premier League' });
    expect(parseTournament({ id: 'x', name: 'A' })).toBeNull();
    expect(parseTournament({ id: 5 })).toBeNull();
    expect(parseTournament(undefined)).toBeNull();
  });
});
