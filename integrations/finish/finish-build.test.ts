import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import finish, { finishBuild } from './index.ts';
import { hostFiles, inlineScriptHashes, pagePolicyFacts, sitePolicy, writeSecurityFiles } from './headers.ts';
import { readSecurityFile } from './headers.ts';
import { tempDirs } from '../../tests/helpers/temp-dirs.ts';

/**
 * The build's finishing (integrations/finish), run by `astro build` on `astro:build:done`: here its
 * hook over a small built site, then the policy and host files on their own. A real build's output
 * is checked by tests/api/rebuild.test.ts and the e2e CSP specs.
 */
const tempDir = tempDirs('marcador-finish-');

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const THEME_SCRIPT = "document.documentElement.classList.add('js')";
const CSS = '@layer theme{:root{--color-brand:#0a5}}@layer utilities{.flex{display:flex}.sr-only{position:absolute}.text-brand{color:var(--color-brand)}.grid{display:grid}}';
/** Text enough to pass the 512-byte floor under which nothing is compressed. */
const FILLER = '<p>Relleno para que la página se comprima.</p>'.repeat(20);

const page = `<!doctype html><html><head><style>${CSS}</style><script>${THEME_SCRIPT}</script>
<script type="application/ld+json">{"@type":"WebSite"}</script><script type="module" src="/_astro/BaseLayout.abc.js"></script></head>
<body><div class="flex">x</div><img src="https://media.api-sports.io/teams/1.png" alt="">${FILLER}</body></html>`;

/** A site as `astro build` leaves it: pages, chunks, the sitemap, a note the server writes later. */
function builtSite(): string {
  const dir = tempDir();
  writeFileSync(join(dir, 'index.html'), page);
  mkdirSync(join(dir, 'nosotros'));
  writeFileSync(join(dir, 'nosotros', 'index.html'), '<!doctype html><p>Nosotros</p>');
  mkdirSync(join(dir, 'informacion', 'nosotros'), { recursive: true });
  writeFileSync(join(dir, 'informacion', 'nosotros', 'index.html'), '<!doctype html><p>Nosotros</p>');
  mkdirSync(join(dir, '_astro'));
  writeFileSync(join(dir, '_astro', 'BaseLayout.abc.js'), 'import"./shell.def.js";');
  writeFileSync(join(dir, '_astro', 'shell.def.js'), `document.body.classList.add("grid");${'console.log(1);'.repeat(60)}`);
  writeFileSync(join(dir, 'sw.js'), `self.addEventListener('fetch', () => {});${'//'.repeat(400)}`);
  writeFileSync(join(dir, 'sitemap-0.xml'), `<?xml version="1.0"?><urlset>${'<url><loc>https://marcador.ec/</loc></url>'.repeat(20)}</urlset>`);
  writeFileSync(join(dir, '.build-info.json'), JSON.stringify({ note: 'x'.repeat(600) }));
  return dir;
}

async function runHook(dir: string): Promise<string[]> {
  const logged: string[] = [];
  const hook = finish().hooks['astro:build:done']!;
  await (hook as (options: unknown) => Promise<void>)({ dir: pathToFileURL(`${dir}/`), logger: { info: (m: string) => logged.push(m) } });
  return logged;
}

describe('the finish integration on astro:build:done', () => {
  it('writes _headers with the CSP hashing the inline scripts, the same policy for npm start, and _redirects', async () => {
    const dir = builtSite();
    const before = process.env.PUBLIC_API_URL;
    process.env.PUBLIC_API_URL = 'https://api.marcador.ec/';
    try {
      await runHook(dir);
    } finally {
      if (before === undefined) delete process.env.PUBLIC_API_URL;
      else process.env.PUBLIC_API_URL = before;
    }
    const headers = readFileSync(join(dir, '_headers'), 'utf8');
    const csp =
      `default-src 'self'; script-src 'self' ${sha(THEME_SCRIPT)}; style-src 'self' 'unsafe-inline'; ` +
      "img-src 'self' data: https://api.marcador.ec https://media.api-sports.io; font-src 'self'; connect-src 'self' https://api.marcador.ec; " +
      "form-action 'self' https://api.marcador.ec; frame-ancestors 'none'; base-uri 'self'; object-src 'none'";
    expect(headers).toContain(`/*\n  X-Content-Type-Options: nosniff\n`);
    expect(headers).toContain(`  Content-Security-Policy: ${csp}\n`);
    expect(headers).toContain('/_astro/*\n  Cache-Control: max-age=31536000, immutable');
    // The service worker is asked again on every check: a CDN must not keep the previous build's.
    expect(headers).toContain('/sw.js\n  Cache-Control: no-cache');
    expect(readSecurityFile(dir)).toEqual({ csp, scriptHashes: [sha(THEME_SCRIPT)], redirects: [{ from: '/news', to: '/noticias', status: 301 }, { from: '/informacion/nosotros', to: '/nosotros', status: 301 }] });
    expect(readFileSync(join(dir, '_redirects'), 'utf8')).toBe(
      '/news /noticias 301\n/informacion/nosotros /nosotros 301\n/media/* https://api.marcador.ec/media/:splat 302\n/api/* https://api.marcador.ec/api/:splat 307\n',
    );
  });

  it('trims each page’s styles to the classes of the page and its scripts, loads a facade as its chunk, and precompresses the result', async () => {
    const dir = builtSite();
    const logged = await runHook(dir);
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    // .flex is on the page, .grid is added by its script, .text-brand by nothing: its theme colour goes with it.
    expect(html).toContain('<style>@layer theme{:root{}}@layer utilities{.flex{display:flex}.grid{display:grid}}</style>');
    expect(html).toContain('<script type="module" src="/_astro/shell.def.js"></script>');
    expect(brotliDecompressSync(readFileSync(join(dir, 'index.html.br'))).toString('utf8')).toBe(html);
    expect(gunzipSync(readFileSync(join(dir, 'index.html.gz'))).toString('utf8')).toBe(html);
    expect(brotliDecompressSync(readFileSync(join(dir, 'sitemap-0.xml.br'))).toString('utf8')).toContain('<urlset>');
    expect(existsSync(join(dir, '_astro', 'shell.def.js.br'))).toBe(true);
    expect(existsSync(join(dir, 'sw.js.br'))).toBe(true);
    // Under 512 bytes a compressed copy saves nothing; the server's notes are not served at all.
    for (const skipped of ['nosotros/index.html.br', '_astro/BaseLayout.abc.js.br', '.build-info.json.br', '.build-info.json.gz']) expect(existsSync(join(dir, skipped)), skipped).toBe(false);
    expect(logged).toEqual([expect.stringMatching(/^3 pages finished \(0 files as an earlier build finished them\) and 4 files precompressed in [\d.]+ s; 1 inline script hashes in the CSP$/)]);
  });
});

describe('finishBuild with image sheets', () => {
  it('draws the sheet of a page of many crests before compressing it, and leaves the other pages as they were', async () => {
    const dir = builtSite();
    const crests = Array.from({ length: 12 }, (_, i) => `<img src="/media/teams/${i + 1}.png" alt="" width="20" height="20" loading="lazy" class="size-5 object-contain">`).join('');
    mkdirSync(join(dir, 'posiciones'));
    writeFileSync(join(dir, 'posiciones', 'index.html'), page.replace('<div class="flex">x</div>', `<div class="flex">${crests}</div>`));
    const cacheBefore = process.env.SHEET_CACHE_DIR;
    process.env.SHEET_CACHE_DIR = join(dir, '.sheet-cache');
    let result;
    try {
      result = await finishBuild(dir, { pictures: async () => sharp({ create: { width: 72, height: 72, channels: 4, background: '#0a5' } }).png().toBuffer() });
    } finally {
      if (cacheBefore === undefined) delete process.env.SHEET_CACHE_DIR;
      else process.env.SHEET_CACHE_DIR = cacheBefore;
    }
    expect(result.sheets).toMatchObject({ pages: 1, sheets: 1, drawn: 1, pictures: 12 });
    const html = readFileSync(join(dir, 'posiciones', 'index.html'), 'utf8');
    expect(html.match(/<span class="size-5 crest img-sheet"/g)).toHaveLength(12);
    expect(html).toMatch(/<style>@layer components\{\.img-sheet\{[^<]*url\(\/_astro\/sheets\/[\w-]{16}\.webp\)/);
    // Trimmed like every page, then compressed with its sheet.
    expect(html).toContain('<style>@layer theme{:root{}}@layer utilities{.flex{display:flex}.grid{display:grid}}</style>');
    expect(brotliDecompressSync(readFileSync(join(dir, 'posiciones', 'index.html.br'))).toString('utf8')).toBe(html);
    expect(gunzipSync(readFileSync(join(dir, 'posiciones', 'index.html.gz'))).toString('utf8')).toBe(html);
    expect(result.compressed).toBe(5);
    expect(readFileSync(join(dir, 'index.html'), 'utf8')).not.toContain('img-sheet');
  });
});

describe('the site policy', () => {
  it('hashes every inline executable script and nothing else', () => {
    const html = `<script>${THEME_SCRIPT}</script><script type="application/ld+json">{}</script><script type="module" src="/_astro/a.js"></script><script type="module">import('/x.js')</script>`;
    expect(inlineScriptHashes(html)).toEqual([sha(THEME_SCRIPT), sha("import('/x.js')")]);
  });

  it('joins the pages’ facts into one policy, and writes _headers per top-level folder', () => {
    const dir = builtSite();
    const policy = sitePolicy([pagePolicyFacts(page), pagePolicyFacts('<img src="https://cdn.example.org/a.png">'), pagePolicyFacts(page)]);
    expect(policy.scriptHashes).toEqual([sha(THEME_SCRIPT)]);
    expect(policy.csp).toContain("img-src 'self' data: https://cdn.example.org https://media.api-sports.io;");
    expect(policy.csp).toContain("connect-src 'self';");
    expect(policy.csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    const files = hostFiles(dir, policy);
    expect(files.headers).toContain('Strict-Transport-Security: max-age=31536000');
    expect(files.headers).toContain('/nosotros/*\n  Cache-Control: public, max-age=60');
    expect(files.headers).not.toContain('/_astro\n');
    expect(files.redirects).toBe('/news /noticias 301\n/informacion/nosotros /nosotros 301\n');
    writeSecurityFiles(dir, policy);
    expect(readSecurityFile(dir)?.csp).toBe(policy.csp);
  });
});
