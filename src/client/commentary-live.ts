import type { ReadableAtom } from 'nanostores';
import type { LiveState } from '../lib/live/live-store.ts';
import { commentaryOf } from '../lib/match/commentary.ts';
import type { LiveMatchData } from '../lib/match/live-store.ts';
import { updateCommentary } from './commentary.ts';

/**
 * Writes the Relato again from each state a live match's store reaches (live-islands.ts), in a chunk
 * of its own: only a live match page with a Relato loads the writer, not a club's page, nor a
 * finished match's (whose Relato only unfolds, commentary.ts). Loaded after the store started, so a
 * state it reached meanwhile is written at once; the built state's lines are in the page already.
 */
export function followCommentary($state: ReadableAtom<LiveState<LiveMatchData>>, built: LiveState<LiveMatchData>): void {
  const write = (state: LiveState<LiveMatchData>) => updateCommentary(commentaryOf(state.match));
  if ($state.get() !== built) write($state.get());
  $state.listen(write);
}
