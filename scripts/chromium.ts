import { existsSync } from 'node:fs';

const FULL_BROWSERS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
/** Debian's `chromium-headless-shell`: the binary itself (/usr/bin's is a wrapper script around it). */
export const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/**
 * Finds a Chromium for Lighthouse and the benchmarks: CHROME_PATH, then Debian's package, then
 * Playwright's own download if one exists. Returns null when there is none (the caller says what to
 * install).
 */
export async function findChromium(): Promise<string | null> {
  return firstExisting([process.env.CHROME_PATH, ...FULL_BROWSERS]);
}

/**
 * The browser of the end-to-end tests: CHROME_PATH, then Debian's old headless shell (what Playwright
 * itself runs headless tests in: the suite took half the time it takes in the full browser's headless
 * mode, 343 s against 712 s on this machine), then a full Chromium.
 */
export async function findTestBrowser(): Promise<string | null> {
  return firstExisting([process.env.CHROME_PATH, HEADLESS_SHELL, ...FULL_BROWSERS]);
}

async function firstExisting(candidates: ReadonlyArray<string | undefined>): Promise<string | null> {
  for (const path of candidates) if (path && existsSync(path)) return path;
  try {
    const { chromium } = await import('playwright-core');
    const path = chromium.executablePath();
    if (path && existsSync(path)) return path;
  } catch {
    // playwright-core not installed or has no browser of its own: fall through.
  }
  return null;
}

export const INSTALL_CHROMIUM_HINT =
  'No Chromium found. Install Debian\'s package (as root): apt-get update && apt-get install -y chromium-headless-shell chromium\n' +
  'or point CHROME_PATH at an existing Chrome/Chromium binary, then run the tests again.';
