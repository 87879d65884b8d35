import type { ReadableAtom } from 'nanostores';
import { competitionRoundsStore, scoreboardStore, type CompetitionRoundsProps, type MatchdayState, type MatchdayStore, type ScoreboardProps } from '../lib/live/matchday-store.ts';
import type { LiveState } from '../lib/live/live-store.ts';
import { liveMatchStore, type LiveMatchData } from '../lib/match/live-store.ts';
import type { Match } from '../lib/match/types.ts';
import { showToast } from './toast.ts';

/**
 * The page's live watcher (ARCHITECTURE.md "Live data in islands"): React hydrates a `client:live`
 * island only once its data has changed. Until then this module, without a framework, runs the
 * island's own store (its factory keeps one per page and data: the same pushes, polls and
 * back-offs) and keeps the island's "Actualizado hace …" line current; the first change it sees
 * hands the island to React (integrations/live-islands/directive.ts hydrates it), which hydrates
 * the HTML as built and then draws the store's state (src/islands/use-live-state.ts). A visit
 * during which nothing moved loads no React.
 */

/** The event integrations/live-islands/directive.ts waits for (it cannot import src/). */
const LIVE_CHANGED_EVENT = 'marcador:live-changed';

/** What the watcher needs of an island's store. */
interface Watched {
  $state: ReadableAtom<LiveState<object>>;
  built: LiveState<object>;
  $updatedAgo: ReadableAtom<string>;
  /** The part of the state the island draws (not its freshness). */
  shown(state: LiveState<object>): unknown;
}

const notifyError = (message: string) => showToast(message, 'error');

type Props = Record<string, unknown>;

/** A day's matches (a scoreboard, a league's rounds): the island draws the matches. */
const matchday = (store: MatchdayStore): Watched => ({ $state: store.$matchday, built: store.built, $updatedAgo: store.$updatedAgo, shown: (state) => (state as MatchdayState).matches });

/** Per `client:live` value: which islands share one store (the key), and that store from the island's props. */
const KINDS: Record<string, { key(props: Props): string; watch(props: Props, group: Props[]): Watched }> = {
  scoreboard: {
    key: (props) => `scoreboard ${String(props.date)}`,
    watch: (props) => matchday(scoreboardStore(props as unknown as ScoreboardProps, notifyError)),
  },
  rounds: {
    key: (props) => `rounds ${String(props.league)}`,
    watch: (props) => matchday(competitionRoundsStore(props as unknown as CompetitionRoundsProps, notifyError)),
  },
  match: {
    key: (props) => `match ${(props.match as Match).id}`,
    watch(props, group) {
      const store = liveMatchStore({ match: props.match as Match, builtAt: Number(props.builtAt), clockOffsetMs: Number(props.clockOffsetMs), notifyError });
      // What the page's parts draw: the header the match's facts, the events part its events, the
      // details part its line-ups and statistics (a club's page has the header only, so a refresh
      // that brings the details it never drew changes nothing on screen). A missing list is drawn
      // as an empty one.
      const parts = new Set(group.map((island) => island.part));
      const shown = (state: LiveState<object>) => {
        const { details, ...facts } = (state as LiveState<LiveMatchData>).match;
        return {
          facts,
          events: parts.has('events') ? (details?.events ?? []) : null,
          lineups: parts.has('details') ? [details?.lineups ?? [], details?.statistics ?? []] : null,
        };
      };
      // The Relato is no island: its lines are written again from each new state the store reaches,
      // before and after React takes the islands over. Its writer is loaded only on a page that has
      // one (a club's page shows the header alone).
      if (document.querySelector('details[data-commentary]')) {
        void import('./commentary-live.ts').then(({ followCommentary }) => followCommentary(store.$state as ReadableAtom<LiveState<LiveMatchData>>, store.built as LiveState<LiveMatchData>));
      }
      return { $state: store.$state, built: store.built, $updatedAgo: store.$updatedAgo, shown };
    },
  },
};

/**
 * Astro's serialized island props (its astro-island runtime): `[0, value]` is a value whose object
 * fields are pairs again, `[1, list]` an array of pairs. Our islands' props are plain JSON data, so
 * nothing else occurs (a Date or a Map would be a prop no store reads).
 */
type Pair = [number, unknown];
function revive([type, value]: Pair): unknown {
  if (type === 1) return (value as Pair[]).map(revive);
  if (type !== 0) throw new Error(`island prop of serialized type ${type}`);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, revive(field as Pair)]));
}

/** The props an island was built with, as its component receives them. */
export function islandProps(island: Element): Props {
  return revive([0, JSON.parse(island.getAttribute('props') ?? '{}')]) as Props;
}

/** A transparent pixel: what a picture put back for React shows over its cell of the sheet. */
const TRANSPARENT_PIXEL = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/**
 * Puts back the pictures the build drew from the page's image sheet (integrations/finish/image-sheets.ts
 * keeps each `<img>` as built in a template at the end of the page, numbered by its cell's `data-img`):
 * React hydrates only the elements it would render, so each cell becomes that `<img>` again. It keeps
 * its cell's classes and position and a transparent pixel for its file: React does not patch an
 * attribute when it hydrates (react.dev, hydrateRoot), and leaves one alone until its prop changes, so
 * the crest stays drawn from the sheet the page already has instead of being downloaded again, a
 * request each (18 on the home page on a match day). A picture whose club changes gets its file.
 */
export function restoreSheetPictures(island: Element): void {
  const kept = document.querySelector<HTMLTemplateElement>('template[data-sheet-pictures]')?.content.children;
  for (const cell of island.querySelectorAll<HTMLElement>('[data-img]')) {
    const built = kept?.[Number(cell.dataset.img)];
    if (built?.tagName !== 'IMG') continue;
    const picture = built.cloneNode() as HTMLImageElement;
    picture.removeAttribute('srcset');
    picture.src = TRANSPARENT_PIXEL;
    picture.className = cell.className;
    picture.style.cssText = cell.style.cssText;
    cell.replaceWith(picture);
  }
}

/** Keeps watching one store for its islands; hands them to React at its first change. Returns the stop. */
function watchGroup(islands: HTMLElement[], watched: Watched): () => void {
  const { $state, $updatedAgo, shown } = watched;
  const asBuilt = JSON.stringify(shown(watched.built));
  // What the watcher writes into the islands' markup, put back as built before React hydrates it.
  const lines = islands.flatMap((island) => [...island.querySelectorAll<HTMLElement>('[data-freshness]')]).map((line) => ({ line, text: line.textContent }));
  const busy = islands.flatMap((island) => [...island.querySelectorAll<HTMLElement>('[aria-busy]')]).map((node) => ({ node, value: node.getAttribute('aria-busy') }));
  let watching = true;
  for (const island of islands) island.dataset.live = 'watching';

  // Kept after the handover: the store runs on while React's islands subscribe to it, so the
  // handover loses no change and opens no second stream; afterwards these listeners write nothing.
  const stopFreshness = $updatedAgo.subscribe((text) => {
    if (watching) for (const { line } of lines) line.textContent = text;
  });
  const stopState = $state.subscribe((state) => {
    if (!watching) return;
    for (const { node } of busy) node.setAttribute('aria-busy', String(state.refreshing));
    if (JSON.stringify(shown(state)) === asBuilt) return;
    watching = false;
    for (const { line, text } of lines) line.textContent = text;
    for (const { node, value } of busy)
      if (value === null) node.removeAttribute('aria-busy');
      else node.setAttribute('aria-busy', value);
    for (const island of islands) {
      restoreSheetPictures(island);
      island.dataset.live = 'hydrating';
      island.addEventListener('astro:hydrate', () => (island.dataset.live = 'hydrated'), { once: true });
      island.dispatchEvent(new Event(LIVE_CHANGED_EVENT));
    }
  });
  return () => {
    stopState();
    stopFreshness();
  };
}

/**
 * Watches every `client:live` island of the page, one store per group of islands that show the same
 * data. Returns the stop (tests; a page watches for as long as it is open).
 */
export function watchLiveIslands(root: ParentNode = document): () => void {
  const groups = new Map<string, { islands: HTMLElement[]; kind: string; props: Props[] }>();
  for (const island of root.querySelectorAll<HTMLElement>('astro-island[client="live"]')) {
    try {
      const kind = String((JSON.parse(island.getAttribute('opts') ?? '{}') as { value?: unknown }).value);
      if (!Object.hasOwn(KINDS, kind)) throw new Error(`unknown client:live value "${kind}"`);
      const props = islandProps(island);
      const key = KINDS[kind].key(props);
      const group = groups.get(key) ?? { islands: [], kind, props: [] };
      group.islands.push(island);
      group.props.push(props);
      groups.set(key, group);
    } catch (error) {
      // The island stays as built, as without JavaScript.
      console.warn(`[marcador] live island not watched: ${(error as Error).message}`);
    }
  }
  const stops = [...groups.values()].map(({ islands, kind, props }) => watchGroup(islands, KINDS[kind].watch(props[0]!, props)));
  return () => stops.forEach((stop) => stop());
}
