import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:4701';
const pages = (process.argv[2] || '/torneos/242/posiciones,/calendario,/libertadores,/football').split(',');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const path of pages) {
  for (const [w, h] of [[390, 844], [1280, 800]]) {
    for (const scheme of ['light', 'dark']) {
      const ctx = await browser.newContext({ viewport: { width: w, height: h }, colorScheme: scheme });
      const page = await ctx.newPage();
      await page.goto(base + path, { waitUntil: 'networkidle' });
      const name = `${path.replace(/\//g, '_') || 'home'}-${w}-${scheme}.png`;
      await page.screenshot({ path: `/tmp/shots-comp/${name}`, fullPage: process.env.FULL === '1' });
      await ctx.close();
    }
  }
}
await browser.close();
