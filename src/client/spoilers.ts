import { SPOILERS_STORAGE_KEY } from '../lib/config.ts';
import { showToast } from './toast.ts';

/**
 * "Sin spoilers" (issue 35): a reader hides every score and result until tapped, remembered in the
 * browser. The class on <html> is set before the first paint by the head's script
 * (ThemeScript.astro) and drawn by CSS (global.css: `[data-spoiler]` blurred, `[data-won]` unbolded),
 * so a score pushed live into a hidden block arrives hidden too. A tap on a hidden block shows that
 * block alone; switching the mode hides them all again.
 */

const HIDDEN = 'no-spoilers';
const TOGGLE = '[data-spoiler-toggle]';
const COVER = '[data-spoiler-cover]';

/**
 * A match's story under its cover (global.css) is inert while hidden: blurring hides nothing from a
 * screen reader or the keyboard, so they meet the cover's button instead of the events and the Relato.
 */
function coverStories(hidden: boolean): void {
  for (const cover of document.querySelectorAll(COVER)) {
    const story = cover.nextElementSibling;
    if (story instanceof HTMLElement) story.inert = hidden && !story.hasAttribute('data-revealed');
  }
}

/**
 * What a result's badges would say (a club's form, a match's G/E/P: each an image named by its result), or
 * a match report's title, is said hidden while it is: `data-unspoiled-label` stands in as the name until it
 * (or the block around it) is shown, and badges in a group are one image meanwhile; what is marked
 * `data-unspoiled-silent` (a report's summary) is not read meanwhile. The name as built waits in `data-spoiled-label` (empty when there
 * was no label), and a role given meanwhile is marked `data-spoiled-role`. Links say theirs by CSS
 * (`data-unsaid`, global.css).
 */
function relabel(element: Element, hidden: boolean): void {
  if (element.hasAttribute('data-unspoiled-silent')) {
    // A report's summary (it tells the score): not read at all meanwhile.
    if (hidden) element.setAttribute('aria-hidden', 'true');
    else element.removeAttribute('aria-hidden');
    return;
  }
  const asBuilt = element.getAttribute('data-spoiled-label');
  if (hidden) {
    if (asBuilt === null) element.setAttribute('data-spoiled-label', element.getAttribute('aria-label') ?? '');
    element.setAttribute('aria-label', element.getAttribute('data-unspoiled-label')!);
    // A club's form (badges, each an image named by its result) is read as one image: its badges are not. A link or a
    // heading (a report's title) keeps its role.
    if (element.tagName !== 'A' && !/^H[1-6]$/.test(element.tagName) && !element.hasAttribute('role')) {
      element.setAttribute('role', 'img');
      element.setAttribute('data-spoiled-role', '');
    }
  } else if (asBuilt !== null) {
    if (asBuilt) element.setAttribute('aria-label', asBuilt);
    else element.removeAttribute('aria-label');
    element.removeAttribute('data-spoiled-label');
    if (element.hasAttribute('data-spoiled-role')) {
      element.removeAttribute('role');
      element.removeAttribute('data-spoiled-role');
    }
  }
}

const UNSPOILED = '[data-unspoiled-label], [data-unspoiled-silent]';

function relabelAll(hidden: boolean): void {
  for (const element of document.querySelectorAll(UNSPOILED)) relabel(element, hidden && !element.closest('[data-revealed]'));
}

export const spoilersHidden = (): boolean => document.documentElement.classList.contains(HIDDEN);

function show(hidden: boolean): void {
  document.documentElement.classList.toggle(HIDDEN, hidden);
  for (const block of document.querySelectorAll('[data-revealed]')) block.removeAttribute('data-revealed');
  for (const button of document.querySelectorAll(TOGGLE)) button.setAttribute('aria-pressed', String(hidden));
  coverStories(hidden);
  relabelAll(hidden);
}

/** Switches the mode and remembers it (a browser that keeps nothing still switches for the page). */
export function setSpoilersHidden(hidden: boolean): void {
  show(hidden);
  try {
    if (hidden) localStorage.setItem(SPOILERS_STORAGE_KEY, '1');
    else localStorage.removeItem(SPOILERS_STORAGE_KEY);
  } catch {
    // Private mode or storage off: the choice lasts as long as the page.
  }
}

/** The header's switch and the taps that show one hidden block (listened to on their way down, before a link inside navigates). */
export function initSpoilers(): void {
  coverStories(spoilersHidden());
  relabelAll(spoilersHidden());
  for (const button of document.querySelectorAll(TOGGLE)) {
    button.setAttribute('aria-pressed', String(spoilersHidden()));
    button.addEventListener('click', () => {
      const hidden = !spoilersHidden();
      setSpoilersHidden(hidden);
      showToast(hidden ? 'Sin spoilers: marcadores y resultados ocultos. Toca uno para verlo.' : 'Marcadores y resultados visibles.', 'info');
    });
  }
  document.addEventListener(
    'click',
    (event) => {
      if (!spoilersHidden() || !(event.target instanceof Element)) return;
      const cover = event.target.closest(COVER);
      const block = cover ? cover.nextElementSibling : event.target.closest('[data-spoiler]:not([data-revealed])');
      if (!block) return;
      event.preventDefault();
      event.stopPropagation();
      // A story shows the hidden parts that belong to it too (a report's title, above its cover): `data-reveals`, their ids.
      const shown = [block, ...(block.getAttribute('data-reveals')?.split(' ') ?? []).map((id) => document.getElementById(id))];
      for (const part of shown) {
        if (!part) continue;
        part.setAttribute('data-revealed', '');
        for (const element of [part, ...part.querySelectorAll(UNSPOILED)]) if (element.matches(UNSPOILED)) relabel(element, false);
        // Its links say their results again (a report's card: global.css swaps what a `data-unspoiled` link says by its own mark).
        for (const link of part.querySelectorAll('[data-unspoiled]')) link.setAttribute('data-revealed', '');
      }
      if (cover && block instanceof HTMLElement) {
        // The cover goes, and with it the focus: it moves to the story it showed.
        block.inert = false;
        block.focus({ preventScroll: true });
      }
    },
    true,
  );
}

/** The choice made in another tab. */
export function followSpoilersElsewhere(): void {
  window.addEventListener('storage', (event) => {
    if (event.key === SPOILERS_STORAGE_KEY) show(event.newValue === '1');
  });
}
