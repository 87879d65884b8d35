import { $followedTeams, toggleFollowed } from '../lib/stores/followed-teams.ts';

/**
 * The "Seguir" buttons of team pages: `button[data-follow-team]` carrying the club's id, name and
 * logo. Hidden in the prebuilt HTML (it does nothing without JS), shown and kept in sync with the
 * stored list here, in this tab and in others.
 */
function sync(buttons: HTMLButtonElement[]) {
  const ids = new Set($followedTeams.get().map((t) => t.id));
  for (const button of buttons) {
    const followed = ids.has(Number(button.dataset.teamId));
    button.setAttribute('aria-pressed', String(followed));
    const label = button.querySelector('[data-follow-label]');
    if (label) label.textContent = followed ? 'Siguiendo' : 'Seguir';
  }
}

const buttons = [...document.querySelectorAll<HTMLButtonElement>('button[data-follow-team]')];
if (buttons.length) {
  for (const button of buttons) {
    button.hidden = false;
    button.addEventListener('click', () => {
      const id = Number(button.dataset.teamId);
      if (!Number.isInteger(id) || id <= 0) return;
      toggleFollowed({ id, name: button.dataset.teamName ?? '', logo: button.dataset.teamLogo ?? '' });
    });
  }
  $followedTeams.subscribe(() => sync(buttons));
}
