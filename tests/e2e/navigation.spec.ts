import { expect, test } from '@playwright/test';
import { buildNavigation } from '../../src/components/shell/nav-items.ts';
import { parseTournament } from '../../src/lib/competition/parse.ts';

/** Header, desktop navigation and the mobile menu (issue 3: menu and submenus, desktop and mobile, keyboard too). */

// The spec's top level, pinned in src/components/shell/nav.test.ts: here, that the page draws it.
const TOP_LEVEL = buildNavigation([]).map((item) => [item.label, item.href] as const);

test.describe('desktop navigation', () => {
  test('shows the spec structure with Spanish labels and a logo linking home', async ({ page }) => {
    await page.goto('/nosotros');
    const nav = page.getByRole('navigation', { name: 'Principal' });
    await expect(nav).toBeVisible();
    for (const [label, href] of TOP_LEVEL) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
    }
    await expect(page.getByRole('link', { name: 'Marcador, ir a la portada' }).first()).toHaveAttribute('href', '/');
    await expect(page.getByRole('button', { name: 'Menú', exact: true })).toBeHidden();
  });

  test('the header fits without overflow from lg upwards', async ({ page }) => {
    await page.goto('/nosotros');
    for (const width of [1024, 1180, 1280, 1536]) {
      await page.setViewportSize({ width, height: 800 });
      const fit = await page.evaluate(() => {
        const row = document.querySelector('[data-site-header] > div') as HTMLElement;
        const toggle = document.querySelector('theme-toggle') as HTMLElement;
        return { overflow: row.scrollWidth - row.clientWidth, toggleRight: toggle.getBoundingClientRect().right };
      });
      expect(fit.overflow, `header overflow at ${width}px`).toBeLessThanOrEqual(0);
      expect(fit.toggleRight, `theme toggle visible at ${width}px`).toBeLessThanOrEqual(width);
    }
    // The rightmost submenu stays on screen at the narrowest desktop width.
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.getByRole('button', { name: 'Submenú de Torneos' }).click();
    const submenu = await page.locator('#submenu-torneos').boundingBox();
    expect(submenu!.x).toBeGreaterThanOrEqual(0);
    expect(submenu!.x + submenu!.width).toBeLessThanOrEqual(1024);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
  });

  test('a submenu opens on hover', async ({ page }) => {
    await page.goto('/nosotros');
    const nav = page.getByRole('navigation', { name: 'Principal' });
    const calendario = nav.locator('#submenu-serie-a').getByRole('link', { name: 'Calendario' });
    await expect(calendario).toBeHidden();
    await nav.getByRole('link', { name: 'Serie A', exact: true }).hover();
    await expect(calendario).toBeVisible();
    await expect(calendario).toHaveAttribute('href', '/torneos/242/calendario');
    const serieB = nav.locator('#submenu-serie-b');
    await nav.getByRole('link', { name: 'Serie B', exact: true }).hover();
    await expect(serieB.getByRole('link', { name: 'Goleadores' })).toHaveAttribute('href', '/torneos/243/goleadores');
  });

  test('submenus open, move and close with the keyboard', async ({ page }) => {
    await page.goto('/nosotros');
    const toggle = page.getByRole('button', { name: 'Submenú de Serie A' });
    await expect(toggle).toHaveAttribute('aria-controls', 'submenu-serie-a');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const submenu = page.locator('#submenu-serie-a');
    await expect(submenu).toBeVisible();

    await page.keyboard.press('ArrowDown');
    await expect(submenu.getByRole('link', { name: 'Portada' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(submenu.getByRole('link', { name: 'Calendario' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    // Space works too, and Tab walks through the open submenu's links.
    await page.keyboard.press('Space');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(submenu.getByRole('link', { name: 'Portada' })).toBeFocused();
    await expect(submenu).toBeVisible();
  });

  test('only one submenu is open at a time and a click outside closes it', async ({ page }) => {
    await page.goto('/nosotros');
    const serieA = page.getByRole('button', { name: 'Submenú de Serie A' });
    const torneos = page.getByRole('button', { name: 'Submenú de Torneos' });
    await serieA.click();
    await torneos.click();
    await expect(serieA).toHaveAttribute('aria-expanded', 'false');
    await expect(torneos).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('heading', { level: 1 }).click();
    await expect(torneos).toHaveAttribute('aria-expanded', 'false');
  });

  test('Torneos lists the tournaments from the API, each linking to /torneos/{id}', async ({ page, request }) => {
    const api = await request.get('/api/football/tournaments');
    expect(api.ok()).toBe(true);
    // The menu shows the site's (Spanish) names, parsed from the API as every page does.
    const tournaments = ((await api.json()) as { response: unknown[] }).response
      .map(parseTournament)
      .filter((t): t is NonNullable<typeof t> => t !== null);
    expect(tournaments.length).toBeGreaterThan(0);
    await page.goto('/nosotros');
    await page.getByRole('button', { name: 'Submenú de Torneos' }).click();
    const submenu = page.locator('#submenu-torneos');
    for (const tournament of tournaments.slice(0, 8)) {
      await expect(submenu.getByRole('link', { name: tournament.name, exact: true })).toHaveAttribute('href', `/torneos/${tournament.id}`);
    }
    await expect(submenu.getByRole('link', { name: 'Todos los torneos' })).toHaveAttribute('href', '/torneos');
  });

  test('the header turns translucent after 10 px of scroll', async ({ page }) => {
    await page.goto('/privacidad');
    const header = page.locator('[data-site-header]');
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    // Two frames after the scroll its handler has run (no wall-clock wait).
    await page.evaluate(() => new Promise((done) => { window.scrollTo(0, 8); requestAnimationFrame(() => requestAnimationFrame(done)); }));
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.evaluate(() => window.scrollTo(0, 40));
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    const background = await header.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).toMatch(/rgba|color\(|oklab|color-mix/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute('data-scrolled', 'false');
  });

  test('the progress bar shows only while a navigation is loading', async ({ page }) => {
    await page.goto('/nosotros');
    const bar = page.locator('[data-nav-progress]');
    await expect(bar).not.toHaveAttribute('data-loading');
    // The old document cannot be queried while the next one is pending, so it records what the bar
    // did into sessionStorage (kept across same-tab navigations), stamped with time since the click.
    await page.evaluate(() => {
      const target = document.querySelector('[data-nav-progress]') as HTMLElement;
      const events: string[] = [];
      let clickedAt = 0;
      window.addEventListener('click', () => (clickedAt = performance.now()), { capture: true });
      new MutationObserver(() => {
        events.push(`${target.hasAttribute('data-loading') ? 'shown' : 'hidden'}@${Math.round(performance.now() - clickedAt)}`);
        sessionStorage.setItem('e2e-progress', JSON.stringify(events));
      }).observe(target, { attributes: true, attributeFilter: ['data-loading'] });
    });
    await page.route('**/terminos', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.locator('#site-footer').getByRole('link', { name: 'Términos de uso' }).click();
    await page.waitForURL('**/terminos');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Términos de uso');
    const events = JSON.parse((await page.evaluate(() => sessionStorage.getItem('e2e-progress'))) ?? '[]') as string[];
    expect(events.length).toBeGreaterThan(0);
    const [first] = events;
    expect(first).toMatch(/^shown@\d+$/);
    // Shown right away on the click: no artificial delay.
    expect(Number(first!.split('@')[1])).toBeLessThan(200);
    // It stays until the old page goes away (pagehide), i.e. for the whole 1.5 s the server took.
    const hiddenAt = events.filter((event) => event.startsWith('hidden')).map((event) => Number(event.split('@')[1]));
    for (const time of hiddenAt) expect(time).toBeGreaterThanOrEqual(1_400);
    await expect(page.locator('[data-nav-progress]')).not.toHaveAttribute('data-loading');
  });

  test('the progress bar does not react to new-tab clicks or in-page anchors', async ({ page }) => {
    await page.goto('/nosotros');
    const bar = page.locator('[data-nav-progress]');
    await page.evaluate(() => {
      const anchor = document.createElement('a');
      anchor.href = '#contenido';
      anchor.id = 'e2e-anchor';
      anchor.textContent = 'ancla';
      document.querySelector('main')?.prepend(anchor);
    });
    await page.locator('#e2e-anchor').click();
    await expect(bar).not.toHaveAttribute('data-loading');
    const socialLink = page.getByRole('link', { name: 'Marcador en Facebook' });
    await socialLink.evaluate((a) => a.addEventListener('click', (event) => event.preventDefault()));
    await socialLink.click();
    await expect(bar).not.toHaveAttribute('data-loading');
  });

  test('every page view is reported to the API with its path', async ({ page }) => {
    const firstView = page.waitForRequest((req) => req.url().endsWith('/api/pageviews') && req.method() === 'POST');
    await page.goto('/contacto');
    expect((await firstView).postDataJSON()).toEqual({ path: '/contacto' });
    const secondView = page.waitForRequest((req) => req.url().endsWith('/api/pageviews') && req.method() === 'POST');
    await page.locator('#site-footer').getByRole('link', { name: 'Privacidad' }).click();
    expect((await secondView).postDataJSON()).toEqual({ path: '/privacidad' });
    const response = await (await secondView).response();
    expect(response?.status()).toBe(204);
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('opens from a real button, locks body scroll, and Escape closes it', async ({ page }) => {
    await page.goto('/nosotros');
    await expect(page.getByRole('navigation', { name: 'Principal' })).toBeHidden();
    const button = page.getByRole('button', { name: 'Menú', exact: true });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toHaveAttribute('aria-controls', 'mobile-menu');
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeHidden();

    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    for (const [label, href] of TOP_LEVEL) {
      await expect(menu.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
    }
    for (const [label, href] of [
      ['Nosotros', '/nosotros'],
      ['Contacto', '/contacto'],
      ['Privacidad', '/privacidad'],
      ['Términos de uso', '/terminos'],
      ['Publicidad', '/publicidad'],
      ['Información', '/informacion'],
    ]) {
      await expect(menu.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
    }

    // Escape works with focus still on the button…
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    // …and from inside the menu.
    await button.click();
    await menu.getByRole('link', { name: 'Serie A', exact: true }).focus();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
  });

  test('submenus expand with the keyboard', async ({ page }) => {
    await page.goto('/nosotros');
    await page.getByRole('button', { name: 'Menú', exact: true }).click();
    const toggle = page.locator('#mobile-menu').getByRole('button', { name: 'Submenú de Serie B' });
    const submenu = page.locator('#mobile-submenu-serie-b');
    await expect(toggle).toHaveAttribute('aria-controls', 'mobile-submenu-serie-b');
    await expect(submenu).toBeHidden();
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(submenu.getByRole('link', { name: 'Posiciones' })).toHaveAttribute('href', '/torneos/243/posiciones');
    await page.keyboard.press('Tab');
    await expect(submenu.getByRole('link', { name: 'Portada' })).toBeFocused();
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(submenu).toBeHidden();
  });

  test('closes on navigation', async ({ page }) => {
    await page.goto('/nosotros');
    await page.getByRole('button', { name: 'Menú', exact: true }).click();
    await page.locator('#mobile-menu').getByRole('link', { name: 'Contacto', exact: true }).click();
    await page.waitForURL('**/contacto');
    await expect(page.locator('#mobile-menu')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Menú', exact: true })).toHaveAttribute('aria-expanded', 'false');
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    // Coming back through the back/forward cache must not show a stale open menu either.
    await page.goBack();
    await page.waitForURL('**/nosotros');
    await expect(page.locator('#mobile-menu')).toBeHidden();
  });

  test("the menu's own search form goes to /search?q=", async ({ page }) => {
    await page.goto('/nosotros');
    await page.getByRole('button', { name: 'Menú', exact: true }).click();
    const menu = page.locator('#mobile-menu');
    const input = menu.getByRole('searchbox', { name: 'Buscar en Marcador' });
    await input.fill('   ');
    await input.press('Enter');
    await expect(page).toHaveURL(/\/nosotros$/);
    await input.fill('  Emelec ');
    await input.press('Enter');
    await page.waitForURL('**/search?q=Emelec');
  });

  test('the menu switches at the lg width', async ({ page }) => {
    await page.setViewportSize({ width: 1023, height: 800 });
    await page.goto('/nosotros');
    await expect(page.getByRole('button', { name: 'Menú', exact: true })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Principal' })).toBeHidden();
    await page.getByRole('button', { name: 'Menú', exact: true }).click();
    await page.setViewportSize({ width: 1024, height: 800 });
    await expect(page.getByRole('navigation', { name: 'Principal' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menú', exact: true })).toBeHidden();
    // Growing past lg closes the menu so the page does not stay scroll-locked.
    await expect(page.locator('#mobile-menu')).toBeHidden();
    await expect(page.locator('[data-menu-toggle]')).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('body')).not.toHaveClass(/scroll-locked/);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
  });
});

test("the header's JS-only search form joins the page after DOMContentLoaded, outside its task", async ({ page }) => {
  // Chromium's autofill inspects every form present when DOMContentLoaded is dispatched.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { formsAtDcl: string[] }).formsAtDcl = [...document.forms].map((f) => f.querySelector('input:not([type=hidden])')?.id ?? '');
    });
  });
  await page.goto('/nosotros');
  expect(await page.evaluate(() => (window as unknown as { formsAtDcl: string[] }).formsAtDcl)).toEqual(['newsletter-email']);
  await expect(page.locator('#header-search-input')).toHaveCount(1);
  await expect(page.locator('template[data-deferred-form]')).toHaveCount(0);
  // The phone menu's form comes with the rest of the menu, on its first opening (issue 32).
  await expect(page.locator('#mobile-menu-search')).toHaveCount(0);
});
