import { FOLLOWED_TEAMS_KEY, readFollowed, toggledIn } from '../lib/team/followed-storage.ts';
import { showToast } from './toast.ts';

/**
 * The "Seguir" buttons of team pages: `button[data-follow-team]` carrying the club's id, name and
 * logo. Hidden without JS (it does nothing then), kept in sync with the stored list here, in this
 * tab and in others. It reads and writes localStorage itself: a team page has no "Mis equipos"
 * strip, and the strip in another tab hears the change as a `storage` event. Part of the shell
 * script: in a file of its own it was one request more on every team page.
 */
function sync(buttons: HTMLButtonElement[]) {
  const ids = new Set(readFollowed().map((t) => t.id));
  for (const button of buttons) {
    const followed = ids.has(Number(button.dataset.teamId));
    button.setAttribute('aria-pressed', String(followed));
    const label = button.querySelector('[data-follow-label]');
    if (label) label.textContent = followed ? 'Siguiendo' : 'Seguir';
  }
}

/** Run by the shell script (shell-client.ts) on every page; does nothing where no button is. */
export function initFollowButtons(): void {
  const buttons = [...document.querySelectorAll<HTMLButtonElement>('button[data-follow-team]')];
  if (!buttons.length) return;
  for (const button of buttons) {
    button.addEventListener('click', () => {
      const id = Number(button.dataset.teamId);
      if (!Number.isInteger(id) || id <= 0) return;
      const name = button.dataset.teamName ?? '';
      const wasFollowed = readFollowed().some((t) => t.id === id);
      try {
        localStorage.setItem(FOLLOWED_TEAMS_KEY, JSON.stringify(toggledIn(readFollowed(), { id, name, logo: button.dataset.teamLogo ?? '' })));
      } catch {
        // Storage full or blocked (private mode): the button keeps showing what is stored.
      }
      sync(buttons);
      // Said in words too: the button's colour change alone went unnoticed, and a screen reader hears
      // the toast (role="status"). What is stored decides the words: a write the browser refused
      // never reads as done.
      const followed = readFollowed().some((t) => t.id === id);
      if (followed === wasFollowed) showToast('No se pudo guardar tu elección en este navegador.', 'error');
      else showToast(followed ? `Ahora sigues a ${name}` : `Dejaste de seguir a ${name}`, followed ? 'success' : 'info');
    });
  }
  window.addEventListener('storage', (event) => {
    if (event.key === FOLLOWED_TEAMS_KEY || event.key === null) sync(buttons);
  });
  sync(buttons);
}
