import { applyTheme, appliedThemePreference, readThemePreference, storeThemePreference } from './theme.ts';
import { DARK_QUERY, nextThemePreference, themeToggleLabel } from '../lib/theme.ts';
import { THEME_STORAGE_KEY } from '../lib/config.ts';

/** <theme-toggle>: cycles light → dark → system and keeps <html> in step with the OS under system. */
class ThemeToggleElement extends HTMLElement {
  connectedCallback() {
    const button = this.querySelector<HTMLButtonElement>('[data-theme-button]');
    if (!button) return;
    button.setAttribute('aria-label', themeToggleLabel(appliedThemePreference()));
    button.addEventListener('click', () => {
      const next = nextThemePreference(appliedThemePreference());
      storeThemePreference(next);
      applyTheme(next);
      button.setAttribute('aria-label', themeToggleLabel(next));
    });
  }
}

function refreshToggles(): void {
  const preference = readThemePreference();
  applyTheme(preference);
  for (const button of document.querySelectorAll('theme-toggle [data-theme-button]')) {
    button.setAttribute('aria-label', themeToggleLabel(preference));
  }
}

export function initThemeToggle(): void {
  if (!customElements.get('theme-toggle')) customElements.define('theme-toggle', ThemeToggleElement);
}

/**
 * Under 'system' the page follows the OS live; a choice made in another tab applies here too.
 * Not needed in the page's first instant, and registering the 'storage' listener took about 1 ms
 * here (it opens the page's storage area), so the shell calls this after DOMContentLoaded.
 */
export function followThemeChangesElsewhere(): void {
  matchMedia(DARK_QUERY).addEventListener('change', () => {
    if (appliedThemePreference() === 'system') refreshToggles();
  });
  window.addEventListener('storage', (event) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) refreshToggles();
  });
}
