import type { Change, ChangeFeed } from '../ingest/changes.ts';

/**
 * Pushpin's channels for `/api/live`: each change is published to `live` (readers without a filter), to
 * its league's and, for a fixture change, to its fixture's channel. A reader subscribes to a set in which
 * every change has at most one channel: its leagues, and only those of its fixtures whose league it does not
 * follow already. Pushpin sends a stream what any of its channels carries, so a change on two of them would
 * reach the reader twice.
 */

export const ALL_CHANNEL = 'live';
export const leagueChannel = (league: number) => `league-${league}`;
export const fixtureChannel = (fixture: number) => `fixture-${fixture}`;

export function changeChannels(change: Change): string[] {
  const channels = [ALL_CHANNEL, leagueChannel(change.league)];
  if (change.fixture !== null) channels.push(fixtureChannel(change.fixture));
  return channels;
}

/** The reader's channels for `?leagues=` and `?fixtures=`; `leagueOf` reads a fixture's league from the store. */
export function readerChannels(leagues: Set<number> | null, fixtures: Set<number> | null, leagueOf: (fixture: number) => number | null): string[] {
  if (leagues === null && fixtures === null) return [ALL_CHANNEL];
  const channels = [...(leagues ?? [])].map(leagueChannel);
  for (const fixture of fixtures ?? []) {
    const league = leagueOf(fixture);
    if (league === null || !leagues?.has(league)) channels.push(fixtureChannel(fixture));
  }
  return channels;
}

/** The one channel of `subscribed` that carries `change` to this reader, or null when none does. */
export function channelFor(change: Change, subscribed: ReadonlySet<string>): string | null {
  for (const channel of changeChannels(change)) if (subscribed.has(channel)) return channel;
  return null;
}

/**
 * The last change id published to each channel: GRIP's `prev-id`. The publisher sends it with each item and
 * the API with each stream's channels, so Pushpin notices a stream that missed an item (a publish lost, a
 * stream held while a change was on its way) and asks the API for what is missing (`Grip-Link` next).
 * Both sides follow the same feed, so they agree. Bounded: a channel quiet for longer than `limit` other
 * channels' changes is forgotten, and an item or a stream without `prev-id` is simply not checked.
 */
export class ChannelPositions {
  private readonly last = new Map<string, number>();
  private readonly limit: number;

  constructor(limit = 5_000) {
    this.limit = limit;
  }

  /** Follows `feed` from now on; returns the unsubscribe. */
  follow(feed: ChangeFeed): () => void {
    return feed.subscribe((change) => this.advance(change));
  }

  /** Moves each channel of `change` to it; returns each channel with the id it was at before. */
  advance(change: Change): Array<{ channel: string; prev: number | null }> {
    return changeChannels(change).map((channel) => {
      const prev = this.last.get(channel) ?? null;
      this.last.delete(channel);
      this.last.set(channel, change.id);
      if (this.last.size > this.limit) this.last.delete(this.last.keys().next().value!);
      return { channel, prev };
    });
  }

  get(channel: string): number | null {
    return this.last.get(channel) ?? null;
  }
}
