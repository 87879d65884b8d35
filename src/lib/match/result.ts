import type { ResultMatch } from './types.ts';

/** 'W' / 'D' / 'L' of a finished match for one club (a shoot-out's winner wins). */
export function resultFor(match: Pick<ResultMatch, 'goals' | 'home' | 'away'>, teamId: number): 'W' | 'D' | 'L' {
  const { home, away } = match.goals;
  if (home === null || away === null || home === away) {
    if (match.home.winner === true) return match.home.id === teamId ? 'W' : 'L';
    if (match.away.winner === true) return match.away.id === teamId ? 'W' : 'L';
    return 'D';
  }
  const homeWon = home > away;
  return (match.home.id === teamId) === homeWon ? 'W' : 'L';
}
