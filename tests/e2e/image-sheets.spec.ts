import { expect, test, type Locator } from '@playwright/test';
import sharp from 'sharp';

/**
 * A page with many small pictures gets them as one image sheet (integrations/finish/image-sheets.ts).
 * What a reader must see is unchanged: each club's own crest beside its name. Checked by looks: every
 * crest drawn from /fichajes's sheet is compared with each club's own picture drawn at the same size,
 * and must be nearest to its own club's.
 */

async function pixels(element: Locator): Promise<Float64Array> {
  const { data } = await sharp(await element.screenshot())
    .resize(20, 20, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Float64Array.from(data);
}

const distance = (a: Float64Array, b: Float64Array) => a.reduce((sum, value, i) => sum + Math.abs(value - b[i]!), 0) / a.length;

test('/fichajes loads its crests as one image, and each crest is its own club’s', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const crestRequests: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'image' && /\/(?:media\/teams|_astro\/sheets)\//.test(request.url())) crestRequests.push(new URL(request.url()).pathname);
  });
  await page.goto('/fichajes');
  const sheetCrests = page.locator('span.img-sheet.crest');
  expect(await sheetCrests.count()).toBeGreaterThan(40);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
  // Every crest on the page, including the ones scrolled past: one request, the sheet's.
  expect(crestRequests).toHaveLength(1);
  expect(crestRequests[0]).toMatch(/^\/_astro\/sheets\/[\w-]{16}\.webp$/);

  // The clubs of the latest moves, each crest beside the link to its club's page.
  const pairs = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('span.img-sheet.crest')]
      .map((span, index) => ({ index, team: /^\/equipos\/(\d+)$/.exec(span.nextElementSibling?.getAttribute('href') ?? '')?.[1] }))
      .filter((pair): pair is { index: number; team: string } => pair.team !== undefined),
  );
  const teams = [...new Set(pairs.map((pair) => pair.team))].slice(0, 8);
  expect(teams.length).toBeGreaterThanOrEqual(5);

  // Each club's own picture, as a page without a sheet shows it, on the same card background.
  await page.evaluate((ids) => {
    const card = document.querySelector('span.img-sheet.crest')!.closest('li') ?? document.body;
    const holder = document.createElement('div');
    holder.id = 'e2e-crests';
    holder.style.cssText = `position:fixed;top:80px;left:0;z-index:99;display:flex;gap:8px;padding:8px;background:${getComputedStyle(card).backgroundColor}`;
    for (const id of ids) {
      const img = document.createElement('img');
      img.src = `/media/teams/${id}.png`;
      img.alt = '';
      img.width = img.height = 20;
      img.className = 'size-5 object-contain';
      img.dataset.team = id;
      holder.append(img);
    }
    document.body.append(holder);
    return Promise.all([...holder.querySelectorAll('img')].map((img) => img.decode()));
  }, teams);
  const references = new Map<string, Float64Array>();
  for (const team of teams) references.set(team, await pixels(page.locator(`#e2e-crests img[data-team="${team}"]`)));
  await page.evaluate(() => document.getElementById('e2e-crests')!.remove());

  for (const team of teams) {
    const { index } = pairs.find((pair) => pair.team === team)!;
    const crest = sheetCrests.nth(index);
    await crest.scrollIntoViewIfNeeded();
    const seen = await pixels(crest);
    const nearest = [...references].sort(([, a], [, b]) => distance(seen, a) - distance(seen, b))[0]![0];
    expect(nearest, `the crest beside club ${team}'s link`).toBe(team);
  }
});
