import { THEME_STORAGE_KEY } from '../../lib/config.ts';

/**
 * Theme preference (DESIGN.md): 'light' | 'dark' | 'system', stored under 'vite-ui-theme', default
 * system. The first paint is handled by the inline script in ThemeScript.astro; this module is what
 * the toggle uses afterwards. Both must agree on the rules below.
 */

export type ThemePreference = 'light' | 'dark' | 'system';
export type ResolvedTheme = 'light' | 'dark';

export const THEME_PREFERENCES: readonly ThemePreference[] = ['light', 'dark', 'system'];

export const THEME_LABELS: Record<ThemePreference, string> = {
  light: 'claro',
  dark: 'oscuro',
  system: 'del sistema',
};

export function parseThemePreference(value: unknown): ThemePreference {
  return value === 'light' || value === 'dark' ? value : 'system';
}

/** The toggle cycles light → dark → system → light. */
export function nextThemePreference(current: ThemePreference): ThemePreference {
  const index = THEME_PREFERENCES.indexOf(current);
  return THEME_PREFERENCES[(index + 1) % THEME_PREFERENCES.length] ?? 'system';
}

export function resolveTheme(preference: ThemePreference, systemPrefersDark: boolean): ResolvedTheme {
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}

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

export const DARK_QUERY = '(prefers-color-scheme: dark)';

/** Puts exactly one of .light/.dark on <html>, plus data-theme with the preference for the toggle's icon. */
export function applyTheme(preference: ThemePreference, root: HTMLElement = document.documentElement): ResolvedTheme {
  const systemPrefersDark = typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches;
  const resolved = resolveTheme(preference, systemPrefersDark);
  root.classList.remove(resolved === 'dark' ? 'light' : 'dark');
  root.classList.add(resolved);
  root.dataset.theme = preference;
  return resolved;
}

/** Accessible name of the toggle: the current preference and what a press does. */
export function themeToggleLabel(preference: ThemePreference): string {
  return `Tema ${THEME_LABELS[preference]}. Cambiar a tema ${THEME_LABELS[nextThemePreference(preference)]}`;
}
