/**
 * Top progress bar while a navigation is really loading (ARCHITECTURE.md replaces the spec's fixed 500 ms
 * overlay): shown from the click on a same-site link or a GET form submission until the page is
 * replaced. A cancelled navigation (download, 204) never replaces the page, so a safety timeout
 * equal to the HTTP timeout hides the bar again.
 */
const SAFETY_TIMEOUT_MS = 15_000;

function isPlainLeftClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** True when following `anchor` loads another document of this site in the same tab. */
export function isSameSiteNavigation(anchor: HTMLAnchorElement, location: Location): boolean {
  if (anchor.hasAttribute('download')) return false;
  const target = anchor.getAttribute('target');
  if (target && target !== '_self') return false;
  let url: URL;
  try {
    url = new URL(anchor.href, location.href);
  } catch {
    return false;
  }
  if (url.origin !== location.origin) return false;
  if (!/^https?:$/.test(url.protocol)) return false;
  // Same document with only a fragment change: no load happens.
  const samePage = url.pathname === location.pathname && url.search === location.search;
  return !(samePage && url.hash !== '');
}

export function initNavigationProgress(): void {
  const bar = document.querySelector<HTMLElement>('[data-nav-progress]');
  if (!bar) return;
  let safety: ReturnType<typeof setTimeout> | null = null;
  const hide = () => {
    delete bar.dataset.loading;
    if (safety !== null) clearTimeout(safety);
    safety = null;
  };
  const show = () => {
    hide();
    // Restart the CSS animation from the beginning.
    void bar.offsetWidth;
    bar.dataset.loading = '';
    safety = setTimeout(hide, SAFETY_TIMEOUT_MS);
  };

  // Bubble phase on window: handlers that cancel the click (islands, menus) have already run.
  window.addEventListener('click', (event) => {
    if (event.defaultPrevented || !isPlainLeftClick(event)) return;
    const anchor = (event.target as Element | null)?.closest?.('a[href]');
    if (anchor instanceof HTMLAnchorElement && isSameSiteNavigation(anchor, window.location)) show();
  });
  window.addEventListener('submit', (event) => {
    if (event.defaultPrevented) return;
    const form = event.target as HTMLFormElement;
    if (form.method.toLowerCase() === 'get') show();
  });
  window.addEventListener('pageshow', hide);
  window.addEventListener('pagehide', hide);
}
