import { expect, test } from '@playwright/test';
import { UNKNOWN_PATH } from './support/shell.ts';

/** Reading never needs JavaScript: every page of the shell is complete HTML. */

test.use({ javaScriptEnabled: false });

test('an information page is fully readable', async ({ page }) => {
  await page.goto('/privacidad');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Política de privacidad');
  await expect(page.getByRole('article')).toContainText('no instala cookies');
  await expect(page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Serie A', exact: true })).toBeVisible();
  // Controls that need JS are hidden; their plain-link fallbacks show instead.
  await expect(page.locator('theme-toggle')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Buscar noticias' })).toBeHidden();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Buscar' })).toHaveAttribute('href', '/search');
  await expect(page.locator('html')).not.toHaveClass(/\bjs\b/);
});

test('desktop submenus are reachable by keyboard focus', async ({ page }) => {
  await page.goto('/nosotros');
  const nav = page.getByRole('navigation', { name: 'Principal' });
  await nav.getByRole('link', { name: 'Serie A', exact: true }).focus();
  await expect(nav.locator('#submenu-serie-a').getByRole('link', { name: 'Posiciones' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu link leads to the footer links', async ({ page }) => {
    await page.goto('/nosotros');
    await expect(page.getByRole('button', { name: 'Menú', exact: true })).toBeHidden();
    const menuLink = page.getByRole('banner').getByRole('link', { name: 'Menú' });
    await expect(menuLink).toHaveAttribute('href', '#site-footer');
    await menuLink.click();
    await expect(page.locator('#site-footer').getByRole('link', { name: 'Serie A' })).toBeInViewport();
  });
});

test('/informacion, the not-found page and /search render their content', async ({ page }) => {
  await page.goto('/informacion');
  await expect(page.getByRole('main').getByRole('link', { name: /Nosotros/ })).toBeVisible();

  const response = await page.goto(UNKNOWN_PATH);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('No encontramos esta página');

  // Without a query /search is the built page; with one, `npm start` writes the results into it
  // (tests/e2e/search.spec.ts, "without JavaScript").
  await page.goto('/search');
  await expect(page.getByRole('searchbox', { name: 'Buscar noticias, equipos o jugadores' })).toBeVisible();
  await expect(page.getByText('La búsqueda necesita JavaScript')).toBeVisible();
  await expect(page.getByRole('link', { name: 'todas las noticias' }).first()).toHaveAttribute('href', '/noticias');
});
