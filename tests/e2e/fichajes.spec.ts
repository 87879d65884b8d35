import { expect, test } from '@playwright/test';

/**
 * /fichajes on a phone (issue 25): the latest moves come first, then the clubs, Liga Pro's first;
 * every figure within the page's twelve months, in Spanish (singulars too) and es-EC money.
 */

test.use({ viewport: { width: 390, height: 844 } });

test('/fichajes on a phone: the first transfer within the first screens, then the clubs counted in Spanish', async ({ page }) => {
  await page.goto('/fichajes');
  const firstMove = page.locator('[data-transfer-latest] li').first();
  await expect(firstMove).toBeVisible();
  const top = await firstMove.evaluate((node) => node.getBoundingClientRect().top + window.scrollY);
  expect(top).toBeLessThan(2 * 844);
  // The moves before the clubs, and Liga Pro's clubs first.
  const order = await page.locator('[data-transfer-latest], [data-transfer-clubs]').evaluateAll((nodes) => nodes.map((n) => (n.hasAttribute('data-transfer-latest') ? 'moves' : 'clubs')));
  expect(order).toEqual(['moves', 'clubs']);
  await expect(page.locator('[data-transfer-group]').first()).toHaveAttribute('data-transfer-group', 'clubes-liga-pro');
  await expect(page.locator('[data-transfer-group="clubes-liga-pro"]').locator('summary')).toContainText('Liga Pro');

  const counts = await page.locator('[data-transfer-counts]').allTextContents();
  expect(counts.length).toBeGreaterThan(10);
  // The cups' other clubs have their own page, linked from here, counted the same way.
  await page.locator('[data-transfer-group-link]').click();
  await expect(page).toHaveURL(/\/fichajes\/otros-clubes$/);
  const otherCounts = await page.locator('[data-transfer-counts]').allTextContents();
  expect(otherCounts.length).toBeGreaterThan(10);
  for (const text of [...counts, ...otherCounts]) {
    const line = text.replace(/\s+/g, ' ').trim();
    expect(line).toMatch(/^\d+ (alta|altas) · \d+ (baja|bajas) · último: \d{1,2} de [a-z]+ de \d{4}$/);
    expect(line).not.toMatch(/^0 altas · 0 bajas/);
    // Spanish singular and plural.
    expect(line).not.toMatch(/\b1 altas|\b1 bajas|\b(0|[2-9]|\d\d+) (alta|baja) /);
  }
  expect([...counts, ...otherCounts].some((t) => /(^|\D)1 alta /.test(t) || /(^|\D)1 baja /.test(t))).toBe(true);
  await page.goBack();

  // Every club's latest move lies within the window the page states.
  const since = await page.locator('[data-transfer-window]').getAttribute('data-transfer-window');
  const latest = await page.locator('[data-transfer-club][data-latest]').evaluateAll((nodes) => nodes.map((n) => (n as HTMLElement).dataset.latest!));
  expect(latest.length).toBe(counts.length);
  for (const day of latest) expect(day >= since!, day).toBe(true);

  // Fees as readers in Ecuador write money: never the provider's "€ 1.5M".
  const body = await page.locator('main').innerText();
  expect(body).not.toMatch(/€ ?\d+\.\d+ ?M|€ \d+[MK]\b/);
});
