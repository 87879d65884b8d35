import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { externalizedScripts, ISLAND_RUNTIME_FILE, islandRuntimeIn, writeIslandRuntime } from './island-runtime.ts';
import { codeWords, facadeTargets, optimizePage, pageClasses, pruneStyles, requiredPart, scriptWordsOf, type PageContext } from './optimize-pages.ts';

// As Tailwind 4 writes it (minified by the build): layers, variants in @media, escaped names.
const CSS =
  '@layer properties{@supports (-moz-orient:inline){*,:before{--tw-shadow:0 0 #0000;--tw-blur:initial}}}' +
  '@layer theme{:root{--font-sans:system-ui;--default-font-family:var(--font-sans);--color-brand:#0b4aa2;--color-live:#c81e1e}}' +
  '@layer base{*{margin:0}html{font-family:var(--default-font-family)}}' +
  '@layer components{.prose-info{max-width:70ch}html:not(.js) .needs-js,html.js .no-js-only{display:none!important}}' +
  '@layer utilities{' +
  '.sr-only{position:absolute}' +
  '.flex{display:flex}' +
  '.grid{display:grid}' +
  '.w-1\\/2{width:50%}' +
  ':where(.space-y-2>:not(:last-child)){margin-block-end:.5rem}' +
  '.group-hover\\:underline:is(:where(.group):hover *){text-decoration-line:underline}' +
  '.dark\\:bg-surface:where(.dark,.dark *){background:#000}' +
  '.text-success{color:green}' +
  '.text-brand{color:var(--color-brand)}' +
  '.text-live{color:var(--color-live)}' +
  '.shadow{--tw-shadow:0 1px #000;box-shadow:var(--tw-shadow)}' +
  '.blur{filter:blur(var(--tw-blur))}' +
  '@media (width>=40rem){.sm\\:p-4{padding:1rem}.sm\\:p-6{padding:1.5rem}}' +
  '@media (width>=96rem){.\\32 xl\\:grid-cols-4{grid-template-columns:repeat(4,1fr)}}' +
  '}' +
  'html.dark img.crest{background:#fff}' +
  '.theme-icon[data-astro-cid-x]{display:none}' +
  '@property --tw-shadow{syntax:"*";inherits:false}@property --tw-blur{syntax:"*";inherits:false}';

const none = new Set<string>();
const only = (...sets: ReadonlySet<string>[]) => (name: string) => sets.some((set) => set.has(name));

describe('pruneStyles', () => {
  it("keeps the utilities on the page's elements and drops the rest", () => {
    const out = pruneStyles(CSS, only(new Set(['flex', 'w-1/2', 'sm:p-4'])));
    expect(out).toContain('.flex{display:flex}');
    expect(out).toContain('.w-1\\/2{width:50%}');
    expect(out).toContain('@media (width>=40rem){.sm\\:p-4{padding:1rem}}');
    expect(out).not.toContain('.grid{');
    expect(out).not.toContain('sm\\:p-6');
    expect(out).not.toContain('.sr-only');
  });

  it('drops a media block left empty, and keeps the base and rules outside the layers whole', () => {
    const out = pruneStyles(CSS, only(new Set(['flex'])));
    expect(out).not.toContain('@media');
    expect(out).toContain('@layer base{*{margin:0}html{font-family:var(--default-font-family)}}@layer components{');
    expect(out).toContain('html.dark img.crest{background:#fff}.theme-icon[data-astro-cid-x]{display:none}');
    expect(out).toMatch(/@layer utilities\{\.flex\{display:flex\}\}html\.dark/);
  });

  it('keeps the custom properties the rules left use, and defines no other', () => {
    const plain = pruneStyles(CSS, only(new Set(['flex'])));
    // The base uses the font through another theme variable.
    expect(plain).toContain('@layer theme{:root{--font-sans:system-ui;--default-font-family:var(--font-sans)}}');
    expect(plain).toContain('*,:before{}');
    expect(plain).not.toContain('@property');
    const styled = pruneStyles(CSS, only(new Set(['text-brand', 'shadow'])));
    expect(styled).toContain('--default-font-family:var(--font-sans);--color-brand:#0b4aa2}');
    expect(styled).not.toContain('--color-live');
    expect(styled).toContain('*,:before{--tw-shadow:0 0 #0000}');
    expect(styled).toMatch(/@property --tw-shadow\{syntax:"\*";inherits:false\}$/);
    expect(styled).not.toContain('--tw-blur');
  });

  it("prunes our components too, by the classes their selectors need: not those in a negation", () => {
    const out = pruneStyles(CSS, only(new Set(['flex', 'needs-js'])));
    expect(out).not.toContain('.prose-info');
    // `html:not(.js)` matches exactly when no element has the class `js`: kept although `js` is nowhere.
    expect(out).toContain('html:not(.js) .needs-js,html.js .no-js-only{display:none!important}');
    expect(pruneStyles(CSS, only(new Set(['prose-info'])))).toContain('.prose-info{max-width:70ch}');
  });

  it('reads the utility of variant selectors: :where(), group-hover, dark, an escaped leading digit', () => {
    const out = pruneStyles(CSS, only(new Set(['space-y-2', 'group-hover:underline', 'dark:bg-surface', '2xl:grid-cols-4'])));
    expect(out).toContain(':where(.space-y-2>:not(:last-child))');
    expect(out).toContain('.group-hover\\:underline:is(');
    expect(out).toContain('.dark\\:bg-surface:where(');
    expect(out).toContain('.\\32 xl\\:grid-cols-4{');
    expect(out).not.toContain('.flex{');
  });

  it('keeps what a script may add at run time', () => {
    const runtime = codeWords(["e.classList.toggle(`text-success`,t);n.className='sr-only '+r"]);
    const out = pruneStyles(CSS, only(runtime));
    expect(out).toContain('.text-success{color:green}');
    expect(out).toContain('.sr-only{position:absolute}');
  });

  it('gives back a stylesheet without a utilities layer as it was', () => {
    const css = '.a{color:red}@layer base{*{margin:0}}';
    expect(pruneStyles(css, only(none))).toBe(css);
  });

  it('keeps everything when everything is used: the output is then the input', () => {
    const all = new Set(['prose-info', 'needs-js', 'text-brand', 'text-live', 'shadow', 'blur', 'sr-only', 'flex', 'grid', 'w-1/2', 'space-y-2', 'group-hover:underline', 'dark:bg-surface', 'text-success', 'sm:p-4', 'sm:p-6', '2xl:grid-cols-4']);
    expect(pruneStyles(CSS, only(all))).toBe(CSS);
  });
});

describe('requiredPart', () => {
  it('leaves out negations, pseudo-class arguments and lists of alternatives', () => {
    expect(requiredPart('html:not(.js) .needs-js')).toBe('html .needs-js');
    expect(requiredPart(':where(.space-y-2>:not(:last-child))').trim()).toBe('.space-y-2>');
    expect(requiredPart('.dark\\:x:where(.dark,.dark *)')).toBe('.dark\\:x');
    expect(requiredPart(':is(.a,.b) .c')).toBe(' .c');
    expect(requiredPart('.w-\\[calc\\(100\\%-1rem\\)\\]:nth-child(2n+1)')).toBe('.w-\\[calc\\(100\\%-1rem\\)\\]');
  });
});

describe('pageClasses', () => {
  it('reads every class attribute, once per distinct list, with entities decoded', () => {
    const html = '<div class="flex  gap-2"><p class="flex gap-2"></p><a class="[&amp;_svg]:size-4 text-sm"></a><span data-class="nope"></span></div>';
    expect([...pageClasses(html)].sort()).toEqual(['[&_svg]:size-4', 'flex', 'gap-2', 'text-sm']);
  });
});

describe('optimizePage', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const assets = () => {
    const dir = mkdtempSync(join(tmpdir(), 'marcador-assets-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'BaseLayout.abc.js'), '//# allFunctionsCalledOnLoad\nimport"./shell.def.js";');
    writeFileSync(join(dir, 'shell.def.js'), '//# allFunctionsCalledOnLoad\nlet a=1;s.classList.add(`grid`);let m=()=>import(`./menu.jkl.js`);export{a}');
    writeFileSync(join(dir, 'menu.jkl.js'), 'e.className="sm:p-6"');
    writeFileSync(join(dir, 'Island.ghi.js'), 'import{a}from"./shell.def.js";export default ()=>h("p",{className:"text-success"})');
    // The search page's script: the markup the server also writes into /search at request time.
    writeFileSync(join(dir, 'search.mno.js'), 'export const row=(t)=>`<li class="w-1/2">${t}</li>`');
    return dir;
  };

  it('finds the chunks whose whole text imports one other chunk', () => {
    expect(facadeTargets(assets())).toEqual(new Map([['/_astro/BaseLayout.abc.js', '/_astro/shell.def.js']]));
  });

  it("reads the words of the scripts a page names and of all they import, on demand too, and no other's", () => {
    const words = scriptWordsOf(assets());
    const shellOnly = words('<script type="module" src="/_astro/BaseLayout.abc.js"></script>');
    expect(shellOnly.has('grid')).toBe(true);
    expect(shellOnly.has('sm:p-6')).toBe(true);
    expect(shellOnly.has('text-success')).toBe(false);
    expect(words('<astro-island component-url="/_astro/Island.ghi.js"></astro-island>').has('text-success')).toBe(true);
  });

  it('prunes the inlined stylesheet by the page and its scripts, and loads a facade script as its chunk', () => {
    const dir = assets();
    const context: PageContext = { scriptWords: scriptWordsOf(dir), facades: facadeTargets(dir) };
    const html =
      `<html><head><style>${CSS}</style></head><body><div class="flex">x</div>` +
      '<astro-island component-url="/_astro/Island.ghi.js"></astro-island>' +
      '<script type="module" src="/_astro/BaseLayout.abc.js"></script></body></html>';
    const out = optimizePage(html, context);
    expect(out).toContain('<script type="module" src="/_astro/shell.def.js"></script>');
    expect(out).toContain('component-url="/_astro/Island.ghi.js"');
    for (const kept of ['.flex{', '.grid{', '.sm\\:p-6{', '.text-success{']) expect(out).toContain(kept);
    for (const dropped of ['.sr-only{', 'sm\\:p-4', '.group-hover', '.w-1\\/2{']) expect(out).not.toContain(dropped);
    // A page whose script writes markup keeps the rules of that markup's classes.
    const search = optimizePage(`<html><head><style>${CSS}</style></head><body><script type="module" src="/_astro/search.mno.js"></script></body></html>`, context);
    expect(search).toContain('.w-1\\/2{');
    expect(search).not.toContain('.text-success{');
  });
});

describe("the islands' runtime as a file (island-runtime.ts)", () => {
  // Astro's inline runtime, shortened: what matters is that it defines <astro-island>.
  const RUNTIME = '(()=>{class f extends HTMLElement{};customElements.get("astro-island")||customElements.define("astro-island",f)})();';
  const DIRECTIVE = '(()=>{(self.Astro||(self.Astro={})).visible=()=>{};window.dispatchEvent(new Event("astro:visible"));})();';
  const islandPage = (runtime = RUNTIME) =>
    `<html><head><script>document.documentElement.classList.add('js')</script></head><body><h1>Hoy</h1>` +
    `<script>${DIRECTIVE}</script><script>${runtime}</script><astro-island component-url="/_astro/Island.ghi.js"></astro-island></body></html>`;

  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const site = (pages: Record<string, string>) => {
    const dir = mkdtempSync(join(tmpdir(), 'marcador-site-'));
    dirs.push(dir);
    mkdirSync(join(dir, '_astro'));
    for (const [name, html] of Object.entries(pages)) {
      mkdirSync(join(dir, name, '..'), { recursive: true });
      writeFileSync(join(dir, name), html);
    }
    return dir;
  };

  it("writes the runtime's exact text once (compiled eagerly), named by its hash, from a page that has an island", () => {
    const dir = site({ 'index.html': '<html><body>sin islas</body></html>', 'posiciones/index.html': islandPage() });
    const name = writeIslandRuntime(dir);
    expect(name).toMatch(ISLAND_RUNTIME_FILE);
    expect(readFileSync(join(dir, '_astro', name!), 'utf8')).toBe(`//# allFunctionsCalledOnLoad\n${RUNTIME}`);
    expect(islandRuntimeIn('<html><body><script>let a=1</script></body></html>')).toBeNull();
    expect(writeIslandRuntime(site({ 'index.html': '<p>sin islas</p>' }))).toBeNull();
  });

  it('loads it from that file, deferred, where a page had it inline; the directives and other inline scripts stay', () => {
    const dir = site({ 'index.html': islandPage() });
    const name = writeIslandRuntime(dir)!;
    const assets = join(dir, '_astro');
    const context: PageContext = { scriptWords: scriptWordsOf(assets), facades: facadeTargets(assets), externalScripts: externalizedScripts(assets) };
    const out = optimizePage(islandPage(), context);
    expect(out).toContain(`<script>${DIRECTIVE}</script><script src="/_astro/${name}" defer></script><astro-island`);
    expect(out).not.toContain('customElements.define');
    expect(out).toContain("<script>document.documentElement.classList.add('js')</script>");
    // Another build's runtime (another Astro version) is not this file: that page keeps its own copy.
    const other = islandPage(RUNTIME.replace('class f', 'class g'));
    expect(optimizePage(other, context)).toBe(other);
  });
});
