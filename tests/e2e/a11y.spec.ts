import { expect, test } from '@playwright/test';
import { axeOn, axeTestsFor, expectNoAxeViolations } from './support/axe.ts';
import { UNKNOWN_PATH } from './support/shell.ts';

/**
 * axe on the pages of issue 3 and the shell's open states, in both themes (support/axe.ts). The home
 * page is scanned once its island has hydrated, in home.spec.ts.
 */

// axe is injected as an inline script, which the site's CSP rightly refuses (only the build's own
// inline scripts are hashed); tests/e2e/csp.spec.ts checks the policy itself.
test.use({ bypassCSP: true });

axeTestsFor(['/informacion', '/nosotros', UNKNOWN_PATH]);

test('the open mobile menu has no axe violations', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/nosotros');
  await page.getByRole('button', { name: 'Menú', exact: true }).click();
  await page.locator('#mobile-menu').getByRole('button', { name: 'Submenú de Serie A' }).click();
  await expectNoAxeViolations(page, '#mobile-menu');
});

test('an open desktop submenu and the search bar have no axe violations', async ({ page }) => {
  // Two scans, each in both themes.
  test.setTimeout(90_000);
  await page.goto('/nosotros');
  await page.getByRole('button', { name: 'Submenú de Torneos' }).click();
  await expectNoAxeViolations(page, 'header');
  await page.getByRole('button', { name: 'Buscar noticias' }).click();
  await page.getByRole('searchbox', { name: 'Buscar noticias' }).fill('zzqxwv');
  await expect(page.locator('#header-search-results')).toContainText('No se encontraron resultados');
  await expectNoAxeViolations(page, 'header');
});

test('the newsletter error state has no axe violations', async ({ page }) => {
  await page.goto('/informacion');
  const box = page.getByRole('region', { name: 'Boletín de Marcador' });
  await box.getByRole('textbox', { name: 'Correo electrónico' }).fill('no-es-un-correo');
  await box.getByRole('button', { name: 'Suscribirse' }).click();
  await expect(box.getByRole('status')).not.toBeEmpty();
  await expectNoAxeViolations(page, '#newsletter');
});

/**
 * Lighthouse (mobile) runs axe without scrolling: sections below the fold are then unrendered
 * (content-visibility: auto) and only their placeholder height stands between their links and the
 * next section's. target-size must hold there too, on a phone and on a desktop.
 */
for (const [width, height] of [
  [390, 844],
  [412, 823], // Lighthouse's mobile emulation
  [1280, 800],
] as const) {
  test(`home links keep their target size before anything is scrolled into view (${width}×${height})`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height });
    await page.goto('/');
    await expect(page.locator('[data-today-matches]')).toBeVisible();
    const results = await axeOn(page).withRules(['target-size']).analyze();
    const summary = results.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ')}`));
    expect(summary).toEqual([]);
  });
}
