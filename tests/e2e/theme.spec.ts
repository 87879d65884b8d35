import { expect, test } from '@playwright/test';
import { themeClass } from './support/shell.ts';

/** Theme light/dark/system under 'vite-ui-theme', set before first paint, following the OS under system. */

const toggle = (page: import('@playwright/test').Page) => page.locator('theme-toggle').getByRole('button');

test('defaults to system and follows the OS live', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/nosotros');
  expect(await themeClass(page)).toBe('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'system');
  expect(await page.evaluate(() => localStorage.getItem('vite-ui-theme'))).toBeNull();
  await expect(toggle(page)).toHaveAccessibleName('Tema del sistema. Cambiar a tema claro');

  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => themeClass(page)).toBe('light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => themeClass(page)).toBe('dark');
});

test('the toggle cycles light → dark → system and the choice survives reloads', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/informacion');

  await toggle(page).click();
  expect(await themeClass(page)).toBe('light');
  expect(await page.evaluate(() => localStorage.getItem('vite-ui-theme'))).toBe('light');
  await expect(toggle(page)).toHaveAccessibleName('Tema claro. Cambiar a tema oscuro');
  await page.reload();
  expect(await themeClass(page)).toBe('light');
  // An explicit choice ignores the OS.
  await page.emulateMedia({ colorScheme: 'dark' });
  // Two frames later the media query's change event has been handled (no wall-clock wait).
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  expect(await themeClass(page)).toBe('light');

  await toggle(page).click();
  expect(await themeClass(page)).toBe('dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();
  expect(await themeClass(page)).toBe('dark');
  expect(await page.evaluate(() => localStorage.getItem('vite-ui-theme'))).toBe('dark');

  await toggle(page).click();
  expect(await page.evaluate(() => localStorage.getItem('vite-ui-theme'))).toBe('system');
  expect(await themeClass(page)).toBe('light');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'system');
  expect(await themeClass(page)).toBe('light');
});

test('the stored theme applies on other pages, and the class is set before first paint', async ({ page, request }) => {
  await page.addInitScript(() => localStorage.setItem('vite-ui-theme', 'dark'));
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/privacidad');
  expect(await themeClass(page)).toBe('dark');
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe('rgb(11, 17, 32)');

  // The theme script is inline in <head>, before any stylesheet and before <body>: it runs before paint.
  const html = await (await request.get('/privacidad')).text();
  const scriptAt = html.indexOf("localStorage.getItem(\"vite-ui-theme\")");
  expect(scriptAt).toBeGreaterThan(0);
  expect(scriptAt).toBeLessThan(html.indexOf('<style'));
  expect(scriptAt).toBeLessThan(html.indexOf('<body'));
  expect(html.slice(0, scriptAt)).not.toMatch(/<script[^>]+src=/);
});

test('a broken stored value falls back to system', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('vite-ui-theme', 'purple'));
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/nosotros');
  expect(await themeClass(page)).toBe('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'system');
});

test('a choice made in another tab applies to this one too', async ({ context }) => {
  const first = await context.newPage();
  const second = await context.newPage();
  await first.emulateMedia({ colorScheme: 'light' });
  await second.emulateMedia({ colorScheme: 'light' });
  await first.goto('/nosotros');
  await second.goto('/informacion');
  expect(await themeClass(second)).toBe('light');

  await toggle(first).click(); // system → light
  await toggle(first).click(); // light → dark
  await expect.poll(() => themeClass(second)).toBe('dark');
  await expect(second.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(toggle(second)).toHaveAccessibleName('Tema oscuro. Cambiar a tema del sistema');
});
