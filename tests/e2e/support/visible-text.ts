import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * What a reader sees or hears on a built page: its text without scripts (JSON-LD included: it is
 * for search engines, not readers), styles, templates, tags or comments, plus the alt, title and
 * aria-label texts a screen reader speaks. Entities are decoded and white space collapsed.
 */
export function visibleText(html: string): string {
  const spoken: string[] = [];
  const withoutHidden = html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style|template|noscript)\b[^>]*>[\s\S]*?<\/\1>/gi, ' ');
  const text = withoutHidden.replace(/<[^>]*>/g, (tag) => {
    for (const m of tag.matchAll(/\s(?:alt|title|aria-label)\s*=\s*("([^"]*)"|'([^']*)')/gi)) spoken.push(m[2] ?? m[3] ?? '');
    return ' ';
  });
  return decodeEntities(`${text} ${spoken.join(' ')}`).replace(/\s+/g, ' ').trim();
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const n = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : Number(code.slice(1));
      return Number.isFinite(n) ? String.fromCodePoint(n) : whole;
    }
    return NAMED[code.toLowerCase()] ?? whole;
  });
}

/** Every .html file under `dir`, as paths relative to it. */
export function htmlPages(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.html')) out.push(relative(dir, path));
    }
  };
  walk(dir);
  return out.sort();
}

/** A term found on a page, with a little of the text around it. */
export interface Finding {
  page: string;
  term: string;
  context: string;
}

/** A whole-word, case-sensitive matcher of the terms (letters include accented ones: "Perú" is not "Peru"). */
export function termPattern(terms: readonly string[]): RegExp {
  const escaped = [...terms].sort((a, b) => b.length - a.length).map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${escaped.join('|')})(?![\\p{L}\\p{N}])`, 'gu');
}

/** The terms found in one text, each with a little of the text around it. */
export function termsIn(text: string, pattern: RegExp, page = ''): Finding[] {
  return [...text.matchAll(pattern)].map((m) => ({ page, term: m[0], context: text.slice(Math.max(0, m.index - 50), m.index + m[0].length + 50) }));
}

/**
 * Where the terms appear in the visible text of every page under `dir`. Terms are matched
 * case-sensitively as whole words ("Mexico" but not "México"), so Spanish spellings never match.
 */
export function findTerms(dir: string, terms: readonly string[]): Finding[] {
  const pattern = termPattern(terms);
  return htmlPages(dir).flatMap((page) => termsIn(visibleText(readFileSync(join(dir, page), 'utf8')), pattern, page));
}
