import { TIMINGS } from '../lib/config.ts';

/**
 * Header behaviour: translucent after 10 px of scroll, the mobile menu (body scroll locked while
 * open, closes on navigation, Escape and when the viewport grows to lg), and the disclosure
 * submenus of the desktop and mobile navigation (mouse, touch and keyboard).
 */

const LG_QUERY = '(min-width: 64rem)';

function setExpanded(button: HTMLElement, expanded: boolean): void {
  button.setAttribute('aria-expanded', String(expanded));
}

function controlled(button: HTMLElement): HTMLElement | null {
  const id = button.getAttribute('aria-controls');
  return id ? document.getElementById(id) : null;
}

function initScrollState(header: HTMLElement): void {
  let ticking = false;
  const update = () => {
    ticking = false;
    const scrolled = String(window.scrollY > TIMINGS.headerScrollThresholdPx);
    // Writing the same value still invalidates the header's style in the middle of a frame.
    if (header.dataset.scrolled !== scrolled) header.dataset.scrolled = scrolled;
  };
  window.addEventListener(
    'scroll',
    () => {
      if (ticking) return;
      ticking = true;
      requestAnimationFrame(update);
    },
    { passive: true },
  );
  // Reading scrollY forces a layout; in the next frame it is the layout the browser does anyway,
  // instead of a whole-page layout inside this script's task at startup.
  requestAnimationFrame(update);
}

/**
 * The menu's content arrives in a <template> (MobileMenu.astro) and joins the page on the first
 * opening only, so the navigation is not in the page a third time for readers who never open it.
 */
function mountMenuContent(menu: HTMLElement): void {
  const template = menu.querySelector<HTMLTemplateElement>('template[data-mobile-menu-content]');
  if (!template) return;
  // As shell-client.ts does for the forms already in the page: the Spanish check, not the browser's bubble.
  for (const form of template.content.querySelectorAll<HTMLFormElement>('form[data-search-form]')) form.noValidate = true;
  template.replaceWith(template.content);
}

export interface MobileMenuControl {
  close(options?: { restoreFocus?: boolean }): void;
}

function initMobileMenu(onOpen: () => void): MobileMenuControl | null {
  const toggle = document.querySelector<HTMLButtonElement>('[data-menu-toggle]');
  const menu = toggle ? controlled(toggle) : null;
  if (!toggle || !menu) return null;

  const isOpen = () => toggle.getAttribute('aria-expanded') === 'true';
  const open = () => {
    mountMenuContent(menu);
    onOpen();
    menu.hidden = false;
    setExpanded(toggle, true);
    document.body.classList.add('scroll-locked');
  };
  const close = ({ restoreFocus = false } = {}) => {
    if (!isOpen()) return;
    menu.hidden = true;
    setExpanded(toggle, false);
    document.body.classList.remove('scroll-locked');
    if (restoreFocus) toggle.focus();
  };

  toggle.addEventListener('click', () => (isOpen() ? close() : open()));
  // Escape closes it wherever focus is (inside the menu or still on the button).
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && isOpen()) close({ restoreFocus: true });
  });
  // Navigation closes the menu: a followed link, or a page restored from the back/forward cache.
  menu.addEventListener('click', (event) => {
    if ((event.target as Element | null)?.closest('a[href]')) close();
  });
  menu.addEventListener('submit', (event) => !event.defaultPrevented && close());
  window.addEventListener('pageshow', () => close());
  matchMedia(LG_QUERY).addEventListener('change', (event) => event.matches && close());
  // The submenus' buttons join the page with the menu's content: one listener on the menu serves them.
  menu.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('[data-mobile-submenu-toggle]');
    const submenu = button ? controlled(button) : null;
    if (!button || !submenu) return;
    const expand = button.getAttribute('aria-expanded') !== 'true';
    setExpanded(button, expand);
    submenu.hidden = !expand;
  });
  return { close };
}

function initDesktopSubmenus(): void {
  const items = [...document.querySelectorAll<HTMLElement>('[data-desktop-nav] [data-nav-item]')];
  const toggles = items
    .map((item) => item.querySelector<HTMLButtonElement>('[data-submenu-toggle]'))
    .filter((button): button is HTMLButtonElement => button !== null);
  const closeAll = (except?: HTMLElement) => {
    for (const button of toggles) if (button !== except) setExpanded(button, false);
  };
  const submenuLinks = (button: HTMLElement) => [...(controlled(button)?.querySelectorAll<HTMLAnchorElement>('a[href]') ?? [])];

  for (const button of toggles) {
    const item = button.closest<HTMLElement>('[data-nav-item]');
    if (!item) continue;
    button.addEventListener('click', () => {
      const expand = button.getAttribute('aria-expanded') !== 'true';
      closeAll(button);
      setExpanded(button, expand);
    });
    button.addEventListener('keydown', (event) => {
      if (event.key !== 'ArrowDown') return;
      event.preventDefault();
      closeAll(button);
      setExpanded(button, true);
      submenuLinks(button)[0]?.focus();
    });
    item.addEventListener('keydown', (event) => {
      // The toggle's own ArrowDown already moved focus into the submenu.
      if (event.defaultPrevented) return;
      if (event.key === 'Escape' && button.getAttribute('aria-expanded') === 'true') {
        setExpanded(button, false);
        button.focus();
        return;
      }
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      const links = submenuLinks(button);
      const index = links.indexOf(document.activeElement as HTMLAnchorElement);
      if (index === -1) return;
      event.preventDefault();
      const next = event.key === 'ArrowDown' ? index + 1 : index - 1;
      if (next < 0) button.focus();
      else links[Math.min(next, links.length - 1)]?.focus();
    });
    // Leaving the item with the keyboard closes its submenu.
    item.addEventListener('focusout', (event) => {
      const next = event.relatedTarget as Node | null;
      if (!next || !item.contains(next)) setExpanded(button, false);
    });
  }
  document.addEventListener('click', (event) => {
    const target = event.target as Element | null;
    if (!target?.closest('[data-desktop-nav]') || target.closest('a[href]')) closeAll();
  });
  window.addEventListener('pageshow', () => closeAll());
}

export function initHeader(options: { onMenuOpen: () => void }): MobileMenuControl | null {
  const header = document.querySelector<HTMLElement>('[data-site-header]');
  if (!header) return null;
  initScrollState(header);
  initDesktopSubmenus();
  return initMobileMenu(options.onMenuOpen);
}
