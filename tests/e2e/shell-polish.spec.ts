import { expect, test } from '@playwright/test';

test.describe('the header once the page is scrolled', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`stays legible over the text below it (${theme})`, async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem('vite-ui-theme', t), theme);
      await page.goto('/');
      const header = page.locator('[data-site-header]');
      await page.mouse.wheel(0, 600);
      await expect(header).toHaveAttribute('data-scrolled', 'true');
      const look = await header.evaluate((element) => {
        const style = getComputedStyle(element);
        return { background: style.backgroundColor, backdrop: style.backdropFilter };
      });
      // Translucent (spec §4) but nearly opaque, and whatever shows through is blurred.
      // rgb(…), rgba(…, a) or color(srgb r g b / a), as the engine writes a color-mix.
      const alpha = /(?:,|\/)\s*([\d.]+)\s*\)$/.exec(look.background)?.[1];
      const opacity = alpha === undefined || look.background.startsWith('rgb(') ? 1 : Number(alpha);
      expect(opacity, look.background).toBeGreaterThanOrEqual(0.9);
      expect(look.backdrop).toMatch(/blur\(\d/);
    });
  }
});

test('the footer names its columns after what they hold', async ({ page }) => {
  await page.goto('/nosotros');
  const footer = page.locator('#site-footer');
  await footer.scrollIntoViewIfNeeded();
  const column = (name: string) => footer.getByRole('navigation', { name, exact: true });
  await expect(column('Marcador').getByRole('link')).toHaveText(['Nosotros', 'Contacto', 'Publicidad', 'Información']);
  await expect(column('Legal').getByRole('link')).toHaveText(['Privacidad', 'Términos de uso']);
});

for (const [theme, plate] of [['dark', 'rgb(232, 236, 241)'], ['light', 'rgba(0, 0, 0, 0)']] as const) {
  test(`crests and logos ${theme === 'dark' ? 'get a light plate' : 'need no plate'} in ${theme} mode`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('vite-ui-theme', t), theme);
    // Pictures of their own (the crests and the league's logo of a club's next match), and crests drawn from the page's image sheet.
    for (const [path, selector] of [
      ['/equipos/10111', '[data-match-scoreboard] img[src*="/teams/"]'],
      ['/equipos/10111', '[data-match-scoreboard] img[src*="/leagues/"]'],
      ['/', 'span.img-sheet.crest'],
    ]) {
      await page.goto(path);
      const image = page.locator(selector).first();
      await expect(image).toBeVisible();
      expect(await image.evaluate((img) => getComputedStyle(img).backgroundColor)).toBe(plate);
    }
  });
}
