import { describe, expect, it } from 'vitest';
import { appliedThemePreference, readThemePreference, storeThemePreference } from './theme.ts';
import { nextThemePreference, parseThemePreference, resolveTheme, themeToggleLabel } from '../lib/theme.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  };
}

describe('theme preference', () => {
  it('accepts light and dark, anything else means system', () => {
    expect(parseThemePreference('light')).toBe('light');
    expect(parseThemePreference('dark')).toBe('dark');
    for (const value of ['system', null, undefined, '', 'DARK', 42, {}]) expect(parseThemePreference(value)).toBe('system');
  });

  it("reads the preference the page already applied from <html data-theme>, never from storage", () => {
    const root = (theme?: string) => ({ dataset: theme === undefined ? {} : { theme } }) as unknown as HTMLElement;
    expect(appliedThemePreference(root('dark'))).toBe('dark');
    expect(appliedThemePreference(root('light'))).toBe('light');
    expect(appliedThemePreference(root('system'))).toBe('system');
    expect(appliedThemePreference(root('bogus'))).toBe('system');
    expect(appliedThemePreference(root())).toBe('system');
  });

  it('cycles light → dark → system → light', () => {
    expect(nextThemePreference('light')).toBe('dark');
    expect(nextThemePreference('dark')).toBe('system');
    expect(nextThemePreference('system')).toBe('light');
  });

  it('resolves system from the OS and keeps explicit choices', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it("reads and writes under 'vite-ui-theme'", () => {
    const storage = memoryStorage({ 'vite-ui-theme': 'dark' });
    expect(readThemePreference(storage)).toBe('dark');
    storeThemePreference('light', storage);
    expect(storage.data.get('vite-ui-theme')).toBe('light');
    expect(readThemePreference(memoryStorage())).toBe('system');
  });

  it('survives storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(readThemePreference(broken)).toBe('system');
    expect(() => storeThemePreference('dark', broken)).not.toThrow();
  });

  it('names the toggle in Spanish with the current state and the next one', () => {
    expect(themeToggleLabel('system')).toBe('Tema del sistema. Cambiar a tema claro');
    expect(themeToggleLabel('light')).toBe('Tema claro. Cambiar a tema oscuro');
  });
});
