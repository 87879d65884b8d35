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

export const spoilersHidden = (): boolean => document.documentElement.classList.contains(HIDDEN);

function show(hidden: boolean): void {
  document.documentElement.classList.toggle(HIDDEN, hidden);
  for (const block of document.querySelectorAll('[data-revealed]')) block.removeAttribute('data-revealed');
  for (const button of document.querySelectorAll(TOGGLE)) button.setAttribute('aria-pressed', String(hidden));
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
      const block = event.target.closest('[data-spoiler]:not([data-revealed])');
      if (!block) return;
      event.preventDefault();
      event.stopPropagation();
      block.setAttribute('data-revealed', '');
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
