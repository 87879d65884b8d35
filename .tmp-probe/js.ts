import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const path of process.argv.slice(2)) {
  const p = await b.newPage();
  const sizes: Array<[string, number]> = [];
  p.on('response', async (r) => {
    if (r.request().resourceType() === 'script') {
      const body = await r.body().catch(() => Buffer.alloc(0));
      const len = Number(r.headers()['content-length'] ?? 0);
      sizes.push([r.url().replace(/^.*\/_astro\//, ''), len || body.length]);
    }
  });
  await p.goto('http://127.0.0.1:4705' + path, { waitUntil: 'networkidle' });
  await p.waitForTimeout(3000);
  console.log(path, sizes.reduce((n, [, s]) => n + s, 0));
  for (const [u, s] of sizes.sort((a, b) => b[1] - a[1])) console.log('   ', s, u);
  await p.close();
}
await b.close();
