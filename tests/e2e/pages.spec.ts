import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { scoreInEveryLiveMatch } from './support/live.ts';
import { INFORMATION_PAGES, UNKNOWN_PATH } from './support/shell.ts';

/** Information pages, not-found page, /news redirect, SEO tags and the static files of public/. */

const TITLES: Record<(typeof INFORMATION_PAGES)[number], string> = {
  nosotros: 'Nosotros',
  contacto: 'Contacto',
  privacidad: 'Política de privacidad',
  terminos: 'Términos de uso',
  publicidad: 'Publicidad',
};

test('/informacion lists every information page', async ({ page }) => {
  const response = await page.goto('/informacion');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Información');
  for (const id of INFORMATION_PAGES) {
    await expect(page.getByRole('main').getByRole('link', { name: new RegExp(TITLES[id]) })).toHaveAttribute('href', `/informacion/${id}`);
  }
});

for (const id of INFORMATION_PAGES) {
  test(`/${id} and /informacion/${id} show the same page, canonical /${id}`, async ({ page }) => {
    for (const path of [`/${id}`, `/informacion/${id}`]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLES[id]);
      await expect(page).toHaveTitle(`${TITLES[id]} · Marcador`);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/${id}$`));
      await expect(page.getByRole('article').locator('p').first()).not.toBeEmpty();
      await expect(page.getByText(/^Actualizado el \d{1,2} de [a-z]+ de \d{4}$/)).toBeVisible();
    }
  });
}

test('the privacy page states what the site really does with data', async ({ page }) => {
  await page.goto('/privacidad');
  const article = page.getByRole('article');
  await expect(article).toContainText('no instala cookies');
  await expect(article).toContainText('por página y por día');
  await expect(article).toContainText('únicamente para enviarte el boletín');
  await expect(article).toContainText('que la eliminemos');
});

test('head tags: lang, title, description, canonical, Open Graph and Twitter cards', async ({ page }) => {
  await page.goto('/nosotros');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Nosotros');
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', /\/nosotros$/);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^https?:\/\/.+\.png$/);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'index, follow');
  const ogImage = await page.locator('meta[property="og:image"]').getAttribute('content');
  const imageResponse = await page.request.get(new URL(ogImage!).pathname);
  expect(imageResponse.headers()['content-type']).toBe('image/png');
});

test.describe('on a phone (Lighthouse’s: 412 px, touch)', () => {
  test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });

  /**
   * Serves the site with one page sent in two parts, 700 ms apart, cut before `cutBefore`: on a slow
   * connection Chromium paints what it has parsed meanwhile, and a layout that depends on what comes
   * later moves when it comes (a layout shift). Where a real connection cuts varies; here it is chosen.
   */
  async function pageInTwoParts(baseURL: string, path: string, cutAt: (html: string) => number) {
    const html = await (await fetch(baseURL + path)).text();
    const cut = cutAt(html);
    expect(cut, 'the cut is inside the page').toBeGreaterThan(0);
    const server = createServer((req, res) => {
      if (req.url === path) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.write(html.slice(0, cut));
        setTimeout(() => res.end(html.slice(cut)), 700);
        return;
      }
      // Everything else from the site as it is; the page's writes (its view) are not the test's.
      if (req.method !== 'GET') return void res.writeHead(204).end();
      fetch(baseURL + req.url).then(
        async (upstream) => {
          res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream' });
          res.end(Buffer.from(await upstream.arrayBuffer()));
        },
        () => res.writeHead(502).end(),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
      close: () => {
        server.closeAllConnections();
        server.close();
      },
    };
  }

  test('a match’s scoreboard painted before its away club arrived does not move when it does', async ({ page, baseURL }) => {
    // A club's page: its featured match (live on the e2e day), cut before the away club's side.
    const served = await pageInTwoParts(baseURL!, '/equipos/10111', (html) => {
      const clock = html.indexOf('data-match-clock', html.indexOf('data-match-scoreboard'));
      return clock > 0 ? html.indexOf('<a href="/equipos/', clock) : -1;
    });
    try {
      // Where the score and the home club sit once the first part is parsed (the parser then waits for
      // the rest), and where they sit once the page is whole. Positions, not layout-shift entries: a slow
      // machine's parser may also pause inside the first part, where what is centred still grows.
      await page.addInitScript(() => {
        const places: Record<string, string> = {};
        (window as unknown as { places: typeof places }).places = places;
        const placeOf = (selector: string) => {
          const box = document.querySelector(selector)?.getBoundingClientRect();
          return box ? `${Math.round(box.left)},${Math.round(box.top)} ${Math.round(box.width)}×${Math.round(box.height)}` : 'absent';
        };
        const note = (when: string) => {
          places[when] = ['[data-score]', '[data-match-scoreboard] a[href^="/equipos/"] img'].map(placeOf).join(' | ');
        };
        new MutationObserver(() => {
          const board = document.querySelector('[data-match-scoreboard]');
          if (board?.querySelector('[data-match-clock]') && board.querySelectorAll('a[href^="/equipos/"]').length === 1) note('first part');
        }).observe(document, { childList: true, subtree: true });
        addEventListener('load', () => note('whole'));
      });
      await page.goto(served.url, { waitUntil: 'load' });
      await expect(page.locator('[data-match-scoreboard] a[href^="/equipos/"]')).toHaveCount(2);
      const places = await page.evaluate(() => (window as unknown as { places: Record<string, string> }).places);
      expect(places['first part'], 'the scoreboard was seen without its away club').toBeDefined();
      expect(places['whole']).toBe(places['first part']);
    } finally {
      served.close();
    }
  });
});

test('unknown paths get the not-found page with status 404', async ({ page }) => {
  const response = await page.goto(UNKNOWN_PATH);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('No encontramos esta página');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.getByRole('main').getByRole('link', { name: 'Portada' })).toHaveAttribute('href', '/');
  const search = page.getByRole('main').getByRole('searchbox', { name: 'Buscar en Marcador' });
  await search.fill('Liga Pro');
  await search.press('Enter');
  await page.waitForURL('**/search?q=Liga+Pro');
});

test('/news redirects permanently to /noticias, also as a static page', async ({ request }) => {
  for (const path of ['/news', '/news/']) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers()['location']).toBe('/noticias');
  }
  // What a plain static host would serve: a page that refreshes to /noticias at once.
  const staticPage = await request.get('/news/index.html');
  expect(staticPage.status()).toBe(200);
  const html = await staticPage.text();
  expect(html).toMatch(/<meta http-equiv="refresh" content="0;url=\/noticias">/);
  expect(html).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+\/noticias">/);
});

test('robots.txt, sitemap, manifest and icons are served', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap-index\.xml$/m);
  const sitemapIndex = await request.get('/sitemap-index.xml');
  expect(sitemapIndex.ok()).toBe(true);
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  expect(sitemap).toContain('/nosotros</loc>');
  expect(sitemap).not.toContain('/informacion/nosotros</loc>');
  expect(sitemap).not.toContain('/404');
  const manifest = (await (await request.get('/site.webmanifest')).json()) as { lang: string; name: string };
  expect(manifest.lang).toBe('es');
  for (const file of ['/favicon.svg', '/placeholder.svg']) {
    const response = await request.get(file);
    expect(response.ok()).toBe(true);
    expect(response.headers()['content-type']).toContain('image/svg+xml');
  }
});

test('an image that fails to load shows the placeholder', async ({ page }) => {
  await page.goto('/nosotros');
  await page.evaluate(() => {
    const img = document.createElement('img');
    img.id = 'broken-e2e';
    img.width = 40;
    img.height = 40;
    img.alt = '';
    img.src = '/media/teams/no-existe-e2e.png';
    document.querySelector('main')?.append(img);
  });
  await expect(page.locator('#broken-e2e')).toHaveAttribute('src', '/placeholder.svg');
  await expect.poll(() => page.locator('#broken-e2e').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});

test('the footer has the spec links, social links with names, contact details and the current year', async ({ page }) => {
  await page.goto('/nosotros');
  const footer = page.locator('#site-footer');
  for (const href of ['/', '/serie-a', '/serie-b', '/seleccion', '/libertadores', '/sudamericana', '/equipos', '/fichajes', '/noticias', '/posiciones', '/goleadores', '/privacidad', '/terminos']) {
    await expect(footer.locator(`a[href="${href}"]`).first()).toBeAttached();
  }
  for (const network of ['Facebook', 'Instagram', 'Twitter', 'YouTube']) {
    await expect(footer.getByRole('link', { name: `Marcador en ${network}` })).toHaveAttribute('href', /^https:\/\//);
  }
  await expect(footer.getByRole('link', { name: /@marcador\.ec$/ })).toHaveAttribute('href', /^mailto:/);
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Marcador`);
});

test.describe('on a phone', () => {
  // isMobile: like a phone's browser, the page is zoomed out when anything is wider than the screen.
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  for (const path of ['/', '/nosotros', '/search']) {
    test(`${path} fits the screen's width, also once the sections below have rendered`, async ({ page }) => {
      await page.goto(path);
      const widths = () => page.evaluate(() => ({ viewport: window.innerWidth, content: document.documentElement.scrollWidth }));
      expect(await widths()).toEqual({ viewport: 390, content: 390 });
      await page.keyboard.press('End');
      await page.locator('#site-footer').scrollIntoViewIfNeeded();
      await expect(page.getByRole('heading', { name: 'Legal', exact: true })).toBeVisible();
      expect(await widths()).toEqual({ viewport: 390, content: 390 });
    });
  }
});

test('every script the home page loads asks V8 to compile it eagerly, off the main thread', async ({ page }) => {
  const scripts: Array<Promise<{ url: string; firstLine: string } | null>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && response.url().includes('/_astro/')) {
      // A chunk the page asks for later (the live stream's) may arrive as the test ends: its body is
      // then unreadable, which is no failure of the page.
      scripts.push(response.text().then((body) => ({ url: response.url(), firstLine: body.split('\n', 1)[0] }), () => null));
    }
  });
  // A goal in a live match: the scoreboard island hydrates, so React and its chunks are among the scripts.
  await scoreInEveryLiveMatch(page);
  await page.goto('/');
  await expect(page.locator('[data-today-matches]')).toHaveAttribute('data-hydrated', 'true');
  const loaded = (await Promise.all(scripts)).filter((script) => script !== null);
  expect(loaded.length).toBeGreaterThanOrEqual(3);
  for (const script of loaded) expect(script, script.url).toMatchObject({ firstLine: '//# allFunctionsCalledOnLoad' });
});
