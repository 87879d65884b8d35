import { expect, test, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

/**
 * Toasts (src/client/toast.ts) in a real browser: the module is bundled as-is and loaded
 * into a real page of the site, since islands import it rather than the shell exposing a global.
 */

let toastModule = '';

// The bundled module is injected as an inline script, which the site's CSP rightly refuses (only the
// build's own inline scripts are hashed); tests/e2e/csp.spec.ts checks the policy itself.
test.use({ bypassCSP: true });

test.beforeAll(async () => {
  const entry = fileURLToPath(new URL('../../src/client/toast.ts', import.meta.url));
  const result = await build({ entryPoints: [entry], bundle: true, format: 'iife', globalName: 'MarcadorToast', write: false, target: 'es2022' });
  toastModule = result.outputFiles[0]!.text;
});

async function pageWithToasts(page: Page) {
  await page.clock.install();
  await page.goto('/nosotros');
  await page.addScriptTag({ content: toastModule });
  // Stop the fake clock so only runFor() moves time: durations are then exact.
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1_000);
}

const show = (page: Page, message: string, kind: 'error' | 'success' | 'info' = 'error') =>
  page.evaluate(([text, type]) => (window as unknown as { MarcadorToast: typeof import('../../src/client/toast.ts') }).MarcadorToast.showToast(text!, type as 'error'), [message, kind]);

test('one toast at a time, closing itself after 5 s', async ({ page }) => {
  await pageWithToasts(page);
  const region = page.getByRole('region', { name: 'Notificaciones (F8)' });
  await show(page, 'No se pudo actualizar el marcador.');
  await show(page, 'No se pudo actualizar la tabla.');
  const toasts = region.locator('[data-toast]');
  await expect(toasts).toHaveCount(1);
  await expect(region.getByRole('alert')).toHaveText(/No se pudo actualizar la tabla\./);
  await page.clock.runFor(4_900);
  await expect(toasts).toHaveCount(1);
  await page.clock.runFor(400);
  await expect(toasts).toHaveCount(0);
});

test('the region is at most 420 px wide and the close button dismisses', async ({ page }) => {
  await pageWithToasts(page);
  await show(page, 'Conexión perdida.', 'info');
  const region = page.getByRole('region', { name: 'Notificaciones (F8)' });
  const box = await region.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(420);
  await region.getByRole('button', { name: 'Cerrar notificación' }).click();
  // The click handled before the clock moves (see the swipe test below).
  await expect(region.locator('[data-toast]')).toHaveAttribute('data-leaving', 'true');
  await page.clock.runFor(500);
  await expect(region.locator('[data-toast]')).toHaveCount(0);
});

test('swiping right 50 px dismisses; a shorter swipe snaps back', async ({ page }) => {
  await pageWithToasts(page);
  await show(page, 'No se pudo actualizar el marcador.');
  const toast = page.locator('[data-toast]');
  const box = (await toast.boundingBox())!;
  const y = box.y + box.height / 2;
  const x = box.x + 20;

  // The page may handle a pointer event after a later clock step (input and script reach it by two
  // ways): each swipe's outcome is awaited before the clock moves, or a removal timer set after the
  // step would wait on a paused clock.
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 30, y, { steps: 5 });
  // The toast follows the finger before it is let go: the gesture is handled, not passed over.
  await expect.poll(() => toast.evaluate((el) => el.style.transform)).toBe('translateX(30px)');
  await page.mouse.up();
  // Snapped back: no offset left, and not leaving.
  await expect.poll(() => toast.evaluate((el) => el.style.transform)).toBe('');
  await expect(toast).not.toHaveAttribute('data-leaving');
  await page.clock.runFor(300);
  await expect(toast).toHaveCount(1);

  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 60, y, { steps: 6 });
  await expect.poll(() => toast.evaluate((el) => el.style.transform)).toBe('translateX(60px)');
  await page.mouse.up();
  await expect(toast).toHaveAttribute('data-leaving', 'true');
  await page.clock.runFor(300);
  await expect(toast).toHaveCount(0);
});

test('F8 moves focus to the notifications region', async ({ page }) => {
  await pageWithToasts(page);
  await show(page, 'No se pudo actualizar el marcador.');
  await page.keyboard.press('F8');
  await expect(page.getByRole('region', { name: 'Notificaciones (F8)' })).toBeFocused();
});

test('blank messages are ignored', async ({ page }) => {
  await pageWithToasts(page);
  await show(page, '   ');
  await expect(page.locator('[data-toast]')).toHaveCount(0);
});
