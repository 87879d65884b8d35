import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { externalizedScripts } from './island-runtime.ts';
import postcss, { type ChildNode, type Container, type Declaration } from 'postcss';

/**
 * Post-processing of the built pages, each rewritten just before it is compressed (finish-files.ts):
 *
 * - Each page's inlined stylesheet keeps only the rules of Tailwind utilities and of our components
 *   that the page can use: those whose class is on one of its elements or named by a script it can
 *   run, both read from the build's output (the page, and the chunks in _astro/ it loads at once or
 *   later). Tailwind writes one stylesheet for the whole site; a phone reads it before anything else,
 *   and the ARCHITECTURE.md budget gives the first round trip 14 KB for it, the header and the first screen.
 *   The one page the server writes into at request time, /search (server/site/search-page.ts), is filled
 *   by markup/search.ts's searchResultsHtml, which the page's own script runs too (it fills
 *   the page on a static host: src/client/search-page.ts): its classes are in that script's chunk.
 * - A script tag that loads a chunk whose whole text is `import"./other.js"` (the bundler's entry
 *   for the shell, whose modules went into a shared chunk) loads the other chunk directly: one
 *   request less on every page, the same module graph.
 */

interface Piece {
  /** The rule's text, or null for a block (@media, @supports) with its own pieces. */
  text: string | null;
  /** A class each selector needs on the page (requiredPart); null keeps the rule always. */
  classes: string[] | null;
  open?: string;
  children?: Piece[];
}

/** A custom property's definition: a theme variable, a fallback value, an `@property` registration. */
interface VariableDefinition {
  name: string;
  text: string;
  /** Theme variables are needed when used; a utility's own variables wherever they appear. */
  theme: boolean;
}

/**
 * A stylesheet as its fixed text (strings), the insides of its pruned layers (rules) and the
 * definitions of its custom properties, which go when no rule left on the page uses them.
 */
interface StylePlan {
  parts: Array<string | { rules: Piece[] } | { definitions: VariableDefinition[]; separator: string }>;
  /** The custom properties the fixed text names, read once. */
  fixedVariables: Set<string>;
}

/** The layers pruned: Tailwind's utilities and our own components (global.css). */
const PRUNED_LAYERS = new Set(['utilities', 'components']);

const CSS_ESCAPE = /\\(?:([0-9a-fA-F]{1,6})\s?|(.))/g;
const unescapeCss = (text: string) => text.replace(CSS_ESCAPE, (_, hex: string | undefined, char: string | undefined) => (hex ? String.fromCodePoint(parseInt(hex, 16)) : char!));
const FIRST_CLASS = /\.((?:\\[0-9a-fA-F]{1,6}\s?|\\.|[\w-])+)/;

/** The index of the parenthesis closing the one just before `from`, skipping escaped characters. */
function closingParen(selector: string, from: number): number {
  let depth = 1;
  for (let i = from; i < selector.length; i++) {
    const char = selector[i];
    if (char === '\\') i += 1;
    else if (char === '(') depth += 1;
    else if (char === ')' && --depth === 0) return i;
  }
  return selector.length;
}

function hasTopLevelComma(text: string): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '\\') i += 1;
    else if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    else if (char === ',' && depth === 0) return true;
  }
  return false;
}

/**
 * The part of a selector whose classes an element of the page must have for it to match: without
 * negations (`html:not(.js) …` matches when no element has the class), pseudo-class arguments, and
 * lists of alternatives (`:is(.a, .b)` needs only one of them); a single `:is()`/`:where()` argument counts.
 */
export function requiredPart(selector: string): string {
  let out = '';
  for (let i = 0; i < selector.length; i++) {
    const char = selector[i]!;
    if (char === '\\') {
      out += selector.slice(i, i + 2);
      i += 1;
      continue;
    }
    const pseudo = char === ':' ? /^:{1,2}([\w-]+)\(/.exec(selector.slice(i)) : null;
    if (!pseudo) {
      out += char;
      continue;
    }
    const open = i + pseudo[0].length;
    const close = closingParen(selector, open);
    const inner = selector.slice(open, close);
    if ((pseudo[1] === 'is' || pseudo[1] === 'where') && !hasTopLevelComma(inner)) out += ` ${requiredPart(inner)} `;
    i = close;
  }
  return out;
}

/** The class each selector of a rule needs on the page (Tailwind puts a utility's own first: `.sm\:p-4`). */
function ruleClasses(selectors: string[]): string[] | null {
  const classes: string[] = [];
  for (const selector of selectors) {
    const match = FIRST_CLASS.exec(requiredPart(selector));
    if (!match) return null;
    classes.push(unescapeCss(match[1]!));
  }
  return classes;
}

function piecesOf(container: Container, css: string): Piece[] {
  return (container.nodes ?? []).map((node: ChildNode): Piece => {
    const text = css.slice(node.source!.start!.offset, node.source!.end!.offset);
    if (node.type === 'rule') return { text, classes: ruleClasses(node.selectors) };
    if (node.type === 'atrule' && node.nodes && node.nodes.length > 0) {
      const inner = node.nodes[0]!.source!.start!.offset;
      return { text: null, classes: null, open: css.slice(node.source!.start!.offset, inner), children: piecesOf(node, css) };
    }
    return { text, classes: null };
  });
}

type Region = { start: number; end: number; part: Exclude<StylePlan['parts'][number], string> };

/** Splits a stylesheet into what is pruned per page and the rest, once per distinct stylesheet. */
function planFor(css: string): StylePlan | null {
  const regions: Region[] = [];
  const root = postcss.parse(css);
  const offset = (node: ChildNode | Declaration, edge: 'start' | 'end') => node.source![edge]!.offset;
  root.walkAtRules((rule) => {
    if (rule.name === 'layer' && rule.nodes?.length && PRUNED_LAYERS.has(rule.params)) {
      regions.push({ start: offset(rule.nodes[0]!, 'start'), end: offset(rule.nodes.at(-1)!, 'end'), part: { rules: piecesOf(rule, css) } });
    } else if (rule.name === 'property' && rule.parent === root) {
      const text = css.slice(offset(rule, 'start'), offset(rule, 'end'));
      regions.push({ start: offset(rule, 'start'), end: offset(rule, 'end'), part: { definitions: [{ name: rule.params.trim(), text, theme: false }], separator: '' } });
    } else if (rule.name === 'layer' && (rule.params === 'theme' || rule.params === 'properties')) {
      // The theme's variables (`:root,:host{…}`), and the fallback values of a utility's variables
      // for browsers without @property (`@supports (…){*,:before,…{…}}`).
      rule.walkRules((inner) => {
        const declarations = (inner.nodes ?? []).filter((node): node is Declaration => node.type === 'decl');
        if (!declarations.length || declarations.length !== inner.nodes.length) return;
        const definitions = declarations.map((d) => ({ name: d.prop, text: css.slice(offset(d, 'start'), offset(d, 'end')).replace(/;$/, ''), theme: rule.params === 'theme' }));
        regions.push({ start: offset(declarations[0]!, 'start'), end: offset(declarations.at(-1)!, 'end'), part: { definitions, separator: ';' } });
      });
    }
  });
  if (!regions.some((region) => 'rules' in region.part)) return null;
  const parts: StylePlan['parts'] = [];
  let at = 0;
  for (const region of regions.sort((a, b) => a.start - b.start)) {
    if (region.start < at) continue; // inside a region already planned
    parts.push(css.slice(at, region.start), region.part);
    at = region.end;
  }
  parts.push(css.slice(at));
  const fixedVariables = new Set<string>();
  for (const part of parts) if (typeof part === 'string') variablesIn(part, fixedVariables);
  return { parts, fixedVariables };
}

const VARIABLE = /--[\w-]+/g;

/** The custom properties a text names (uses or sets). */
function variablesIn(text: string, into = new Set<string>()): Set<string> {
  for (const [name] of text.matchAll(VARIABLE)) into.add(name);
  return into;
}

function render(pieces: Piece[], used: (name: string) => boolean): string {
  let out = '';
  for (const piece of pieces) {
    if (piece.children) {
      const inner = render(piece.children, used);
      if (inner) out += `${piece.open}${inner}}`;
    } else if (!piece.classes || piece.classes.some(used)) {
      out += piece.text;
    }
  }
  return out;
}

const plans = new Map<string, StylePlan | null>();

/**
 * The stylesheet without the utility and component rules that need a class `used` says no to, and
 * without the custom properties no rule left names (a theme colour, a shadow's variables).
 */
export function pruneStyles(css: string, used: (name: string) => boolean): string {
  if (!plans.has(css)) plans.set(css, planFor(css));
  const plan = plans.get(css);
  if (!plan) return css;
  const rendered = plan.parts.map((part) => (typeof part === 'string' ? part : 'rules' in part ? render(part.rules, used) : part));
  const named = new Set(plan.fixedVariables);
  for (const [index, part] of rendered.entries()) if (typeof part === 'string' && typeof plan.parts[index] !== 'string') variablesIn(part, named);
  // A theme variable kept may use others (--default-font-family: var(--font-sans)).
  const themeDefinitions = rendered.flatMap((part) => (typeof part === 'string' ? [] : part.definitions.filter((d) => d.theme)));
  for (let grew = true; grew; ) {
    grew = false;
    for (const definition of themeDefinitions) {
      if (!named.has(definition.name)) continue;
      const before = named.size;
      variablesIn(definition.text.slice(definition.name.length), named);
      grew ||= named.size > before;
    }
  }
  return rendered
    .map((part) =>
      typeof part === 'string'
        ? part
        : part.definitions
            .filter((d) => named.has(d.name))
            .map((d) => d.text)
            .join(part.separator),
    )
    .join('');
}

const ENTITY = /&(amp|quot|#39);/g;
const ENTITIES: Record<string, string> = { amp: '&', quot: '"', '#39': "'" };

/**
 * Every class on an element of the page (Astro writes the attribute double-quoted). Thousands of
 * pages per build, most elements sharing a few class lists: each distinct list is split once.
 */
export function pageClasses(html: string): Set<string> {
  const lists = new Set<string>();
  for (let at = html.indexOf(' class="'); at !== -1; at = html.indexOf(' class="', at)) {
    const start = at + 8;
    const end = html.indexOf('"', start);
    if (end === -1) break;
    lists.add(html.slice(start, end));
    at = end;
  }
  const classes = new Set<string>();
  for (const list of lists) {
    for (const name of list.split(/\s+/)) if (name) classes.add(name.includes('&') ? name.replace(ENTITY, (_, e: string) => ENTITIES[e]!) : name);
  }
  return classes;
}

/**
 * The words of code that can put classes on a page after it is built, split on spaces and quotes:
 * every class named in a string literal is among them (so are many other words, which only keep a
 * few rules more).
 */
export function codeWords(sources: string[]): Set<string> {
  const words = new Set<string>();
  for (const source of sources) for (const word of source.split(/[\s"'`]+/)) if (word) words.add(word);
  return words;
}

/** A chunk a page names: a script's src, an island's component or renderer URL. */
const PAGE_CHUNK = /\/_astro\/([\w.-]+\.js)/g;
/** A chunk a chunk imports, statically or on demand (`import("./x.js")`, as the bundler writes it). */
const CHUNK_IMPORT = /(?:from|import)\s*\(?\s*["'`]\.\/([\w.-]+\.js)["'`]/g;

/**
 * The words of every script a page can run: the chunks it names and all they import, at load or
 * later (a menu's suggestions, an island mounted on demand). Pages share a few sets of scripts, so
 * each set is read once.
 */
export function scriptWordsOf(assetsDir: string): (html: string) => ReadonlySet<string> {
  const chunks = new Map<string, { words: Set<string>; imports: string[] }>();
  for (const name of readdirSync(assetsDir)) {
    if (!name.endsWith('.js')) continue;
    const code = readFileSync(join(assetsDir, name), 'utf8');
    chunks.set(name, { words: codeWords([code]), imports: [...code.matchAll(CHUNK_IMPORT)].map((m) => m[1]!) });
  }
  const bySet = new Map<string, Set<string>>();
  return (html) => {
    const named = [...new Set([...html.matchAll(PAGE_CHUNK)].map((m) => m[1]!))].sort();
    const key = named.join(' ');
    let words = bySet.get(key);
    if (!words) {
      words = new Set();
      const reached = new Set(named);
      for (const name of reached) {
        const chunk = chunks.get(name);
        if (!chunk) continue;
        for (const word of chunk.words) words.add(word);
        for (const next of chunk.imports) reached.add(next);
      }
      bySet.set(key, words);
    }
    return words;
  };
}

const STYLE = /<style>([\s\S]*?)<\/style>/g;

/** The script whose whole text imports one other chunk, mapped to that chunk (both as /_astro/ paths). */
export function facadeTargets(assetsDir: string, urlPrefix = '/_astro/'): Map<string, string> {
  const targets = new Map<string, string>();
  for (const name of readdirSync(assetsDir)) {
    if (!name.endsWith('.js')) continue;
    const code = readFileSync(join(assetsDir, name), 'utf8')
      .replace(/^\/\/[^\n]*\n/gm, '')
      .trim();
    const match = /^import\s*"\.\/([^"/]+\.js)";?$/.exec(code);
    if (match) targets.set(urlPrefix + name, urlPrefix + match[1]);
  }
  return targets;
}

const INLINE_SCRIPT = /<script(?: type="module")?>([\s\S]*?)<\/script>/g;
const inlineWords = new Map<string, Set<string>>();

/** The words of a page's inline scripts (the head's theme script adds `dark`, `js`): the same few on every page. */
function inlineScriptWords(html: string): ReadonlySet<string> {
  const words = new Set<string>();
  for (const [, code = ''] of html.matchAll(INLINE_SCRIPT)) {
    let known = inlineWords.get(code);
    if (!known) inlineWords.set(code, (known = codeWords([code])));
    for (const word of known) words.add(word);
  }
  return words;
}

export interface PageContext {
  /** The words of the scripts a page runs (scriptWordsOf). */
  scriptWords: (html: string) => ReadonlySet<string>;
  facades: ReadonlyMap<string, string>;
  /** Inline scripts the build also wrote as files (island-runtime.ts): their text, and the file's URL. */
  externalScripts?: ReadonlyMap<string, string>;
}

/** One page: its stylesheet pruned, its facade scripts pointed at their chunks, its externalized inline scripts loaded from their files. */
export function optimizePage(html: string, context: PageContext): string {
  let out = html;
  for (const [facade, target] of context.facades) {
    if (out.includes(facade)) out = out.replaceAll(`src="${facade}"`, `src="${target}"`);
  }
  for (const [code, url] of context.externalScripts ?? []) out = out.replace(`<script>${code}</script>`, `<script src="${url}" defer></script>`);
  if (out.includes('<style>')) {
    const classes = pageClasses(out);
    const scripts = context.scriptWords(out);
    const inline = inlineScriptWords(out);
    const used = (name: string) => classes.has(name) || scripts.has(name) || inline.has(name);
    out = out.replace(STYLE, (_, css: string) => `<style>${pruneStyles(css, used)}</style>`);
  }
  return out;
}

/** The rewrite of every page of a build in `dir` (run on each page before it is compressed). */
export function pageOptimizer(dir: string): (html: string) => string {
  const assets = join(dir, '_astro');
  const context: PageContext = existsSync(assets)
    ? { scriptWords: scriptWordsOf(assets), facades: facadeTargets(assets), externalScripts: externalizedScripts(assets) }
    : { scriptWords: () => new Set(), facades: new Map() };
  return (html) => optimizePage(html, context);
}
