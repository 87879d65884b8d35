import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { UNKNOWN_PATH } from './support/shell.ts';

/** axe (all rules, WCAG 2.x A/AA and best practices) on the pages of issue 3, in light and dark. */

// axe is injected as an inline script, which the site's CSP rightly refuses (only the build's own
// inline scripts are hashed); tests/e2e/csp.spec.ts checks the policy itself.
test.use({ bypassCSP: true });

const PAGES = [
  ['home', '/'],
  ['información', '/informacion'],
  ['nosotros', '/nosotros'],
  ['no encontrada', UNKNOWN_PATH],
] as const;

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(' | ')}`);
  expect(summary).toEqual([]);
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme });

    for (const [name, path] of PAGES) {
      test(`${name} (${path}) has no axe violations`, async ({ page }) => {
        // Axe walks the whole long home page; on two busy cores that can take longer than 30 s.
        if (path === '/') test.setTimeout(90_000);
        await page.goto(path);
        await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${scheme}\\b`));
        await expectNoViolations(page);
      });
    }

    test('the open mobile menu has no axe violations', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/nosotros');
      await page.getByRole('button', { name: 'Menú', exact: true }).click();
      await page.locator('#mobile-menu').getByRole('button', { name: 'Submenú de Serie A' }).click();
      await expectNoViolations(page);
    });

    test('an open desktop submenu and the search bar have no axe violations', async ({ page }) => {
      await page.goto('/nosotros');
      await page.getByRole('button', { name: 'Submenú de Torneos' }).click();
      await expectNoViolations(page);
      await page.getByRole('button', { name: 'Buscar noticias' }).click();
      await page.getByRole('searchbox', { name: 'Buscar noticias' }).fill('zzqxwv');
      await expect(page.locator('#header-search-results')).toContainText('No se encontraron resultados');
      await expectNoViolations(page);
    });

    test('the newsletter error state has no axe violations', async ({ page }) => {
      await page.goto('/informacion');
      const box = page.getByRole('region', { name: 'Boletín de Marcador' });
      await box.getByRole('textbox', { name: 'Correo electrónico' }).fill('no-es-un-correo');
      await box.getByRole('button', { name: 'Suscribirse' }).click();
      await expect(box.getByRole('status')).not.toBeEmpty();
      await expectNoViolations(page);
    });
  });
}

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
    const results = await new AxeBuilder({ page }).withRules(['target-size']).analyze();
    const summary = results.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ')}`));
    expect(summary).toEqual([]);
  });
}
