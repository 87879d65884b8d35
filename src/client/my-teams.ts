import { FOLLOWED_TEAMS_KEY, readFollowed } from '../lib/team/followed-storage.ts';

/**
 * Loads the "Mis equipos" strip (React) only for a reader who follows a club: everyone else gets
 * no extra JavaScript and an unchanged first view. A club followed later in another tab mounts it
 * then (storage event). Run by the shell on every page; it does something only where there is a
 * "Mis equipos" slot (MyTeamsSlot.astro).
 */
export function initMyTeams(): void {
  const host = document.querySelector<HTMLElement>('[data-my-teams]');
  if (!host) return;
  let mounted = false;
  const mount = async () => {
    if (mounted || readFollowed().length === 0) return;
    mounted = true;
    const { mountMyTeams } = await import('../islands/MyTeams.tsx');
    mountMyTeams(host, host.dataset.headingLevel === '3' ? 3 : 2);
  };
  void mount();
  window.addEventListener('storage', (event) => {
    if (event.key === FOLLOWED_TEAMS_KEY) void mount();
  });
}
