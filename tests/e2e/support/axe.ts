import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * axe on the page itself, in "legacy" mode: our pages have no frames, and the default mode gathers
 * each frame's partial results in a new blank page with axe injected again, which tripled a scan's
 * time (7.1 s against 2.2 s on /torneos/242/posiciones; the audit itself is 0.7 s) for the same
 * verdicts (checked with a missing alt and a low contrast added to a page: both found either way).
 */
export const axeOn = (page: Page) =>
  // Only violations are gathered in full (axe's `resultTypes`): writing a unique selector for every
  // node of every passed rule was half a scan's time (2.0-3.5 s against 1.0-1.1 s a page here), for
  // the same violations, each with all its nodes (checked with a missing alt and two low contrasts).
  new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });

/** The rules whose verdict depends on the theme's colours; every other rule reads the same markup in both. */
const THEME_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * One axe scan of the page as it stands (every rule: WCAG 2.x A/AA and best practices) in the light
 * theme, then the colour rules again in the dark theme, switched live (the site follows the system's
 * scheme without a reload): both themes are checked for one full scan's cost and a colour pass, where a
 * scan per theme cost two full scans and a second page load (axe takes 4–7 s a page on two busy cores).
 * `include` narrows both passes to a part of the page (an open menu, a block that changed).
 */
export async function expectNoAxeViolations(page: Page, include?: string): Promise<void> {
  // Each call adds its own time to the test's limit: on two busy cores a long page's two passes take
  // 20–40 s, which a test's default 30 s cannot also hold its page loads in.
  test.info().setTimeout(test.info().timeout + 60_000);
  const scan = async (rules?: string[]) => {
    const builder = axeOn(page);
    if (include) builder.include(include);
    if (rules) builder.withRules(rules);
    const { violations } = await builder.analyze();
    return violations.map((v) => `${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(' | ')}`);
  };
  for (const [scheme, rules] of [['light'], ['dark', THEME_RULES]] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${scheme}\\b`));
    // Colours that ease from one theme to the other would be read half-way (endless animations, a live
    // match's pulsing dot, are no transition to wait for).
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
    expect(await scan(rules), `${scheme} theme`).toEqual([]);
  }
}

/** One test per path: the page as served, scanned in both themes (a page whose state needs steps has its own test). */
export function axeTestsFor(paths: readonly string[]): void {
  for (const path of paths) {
    test(`${path} has no axe violations`, async ({ page }) => {
      await page.goto(path);
      await expectNoAxeViolations(page);
    });
  }
}
