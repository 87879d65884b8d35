import { THEME_STORAGE_KEY } from '../lib/config.ts';
import { DARK_QUERY, parseThemePreference, resolveTheme, type ResolvedTheme, type ThemePreference } from '../lib/theme.ts';

/**
 * The theme in the browser: the stored preference and the classes on <html>. The rules themselves
 * (parse, cycle, resolve, labels) are pure and live in src/lib/theme.ts.
 */

/** Storage can throw (privacy modes, disabled storage): the preference then falls back to system. */
export function readThemePreference(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): ThemePreference {
  try {
    return parseThemePreference(storage?.getItem(THEME_STORAGE_KEY));
  } catch {
    return 'system';
  }
}

/**
 * The preference now on the page: the inline head script put it on <html> (data-theme) and
 * applyTheme keeps it there. Reading it instead of storage spares the first script task a
 * blocking round trip to the browser process (storage access is checked there).
 */
export function appliedThemePreference(root: HTMLElement = document.documentElement): ThemePreference {
  return parseThemePreference(root.dataset.theme);
}

export function storeThemePreference(preference: ThemePreference, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // The choice still applies to this page; it just will not survive a reload.
  }
}

/** Puts exactly one of .light/.dark on <html>, plus data-theme with the preference for the toggle's icon. */
export function applyTheme(preference: ThemePreference, root: HTMLElement = document.documentElement): ResolvedTheme {
  const systemPrefersDark = typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches;
  const resolved = resolveTheme(preference, systemPrefersDark);
  root.classList.remove(resolved === 'dark' ? 'light' : 'dark');
  root.classList.add(resolved);
  root.dataset.theme = preference;
  return resolved;
}
