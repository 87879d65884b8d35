import { existsSync } from 'node:fs';

/**
 * Finds a Chromium for Playwright and Lighthouse: CHROME_PATH, then Debian's package, then Playwright's
 * own download if one exists. Returns null when there is none (the caller says what to install).
 */
export async function findChromium(): Promise<string | null> {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
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
  'No Chromium found. Install Debian\'s package (as root): apt-get update && apt-get install -y chromium\n' +
  'or point CHROME_PATH at an existing Chrome/Chromium binary, then run the tests again.';
