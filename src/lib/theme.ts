/**
 * Theme preference rules (ARCHITECTURE.md): 'light' | 'dark' | 'system', stored under 'vite-ui-theme',
 * default system. Pure, so the prebuilt toggle (ThemeToggle.astro) and the browser code
 * (src/client/theme.ts) share them. The first paint is handled by the inline script in
 * ThemeScript.astro; both must agree on the rules below.
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

export const DARK_QUERY = '(prefers-color-scheme: dark)';

/** Accessible name of the toggle: the current preference and what a press does. */
export function themeToggleLabel(preference: ThemePreference): string {
  return `Tema ${THEME_LABELS[preference]}. Cambiar a tema ${THEME_LABELS[nextThemePreference(preference)]}`;
}
