import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The import rules of ARCHITECTURE.md ("One contract"), checked over the source text:
 * - src/ never imports server/ or scripts/ (the site reaches data only through the HTTP API);
 * - server/ never imports src/ or scripts/;
 * - integrations/ (the build's finishing) never imports src/ or server/: it works on the built output,
 *   and shares configuration with the server through contract/;
 * - contract/ imports nothing outside contract/, and no package but valibot (its schemas: the wire
 *   shapes written once; islands import their types only);
 * - markup/ (HTML that both the server and the browser write) imports only contract/ and markup/;
 * - src/components/ is presentational: no fetching (src/lib/http/, an entity's `api.ts` or `*-api.ts`), no
 *   stores (src/lib/live/, an entity's `*-store.ts`), no src/client/, no fetch().
 * Unit tests (`*.test.ts`, beside the code they check) may reach across: a test of a page's loader
 * runs it against the real API app. A regex over the source is enough: every import in this
 * repository is a static string.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SCANNED = ['src', 'server', 'contract', 'markup', 'scripts', 'integrations'];
const EXTENSIONS = /\.(ts|tsx|astro|mjs)$/;

/** `from '…'`, `import '…'`, `import('…')`, `export … from '…'`. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])([^'"\n]+)\1/g;

/** Drops comments so a sentence about fetch() or an example import in a JSDoc does not count. */
export function stripComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

export function importSpecifiers(source: string): string[] {
  return [...stripComments(source).matchAll(SPECIFIER)].map((m) => m[2]!);
}

const isUnder = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`);

/** The rules for one file; `file` is repository-relative with forward slashes. */
/** What src/components/ may not import: the code that fetches or holds live state. */
function fetchesOrHoldsState(target: string): string | null {
  for (const folder of ['src/lib/http', 'src/lib/live', 'src/client']) if (isUnder(target, folder)) return `${folder}/`;
  if (isUnder(target, 'src/lib') && /(^|[/-])api\.ts$/.test(target)) return 'an api.ts (fetching)';
  if (isUnder(target, 'src/lib') && /-store\.ts$/.test(target)) return 'a store';
  return null;
}

export function violationsOf(file: string, source: string): string[] {
  const found: string[] = [];
  if (file.endsWith('.test.ts')) return found;
  const problem = (target: string, why: string) => found.push(`${file} -> ${target}  (${why})`);
  for (const specifier of importSpecifiers(source)) {
    const relativeImport = specifier.startsWith('.');
    const target = relativeImport ? join(dirname(file), specifier).replaceAll('\\', '/') : specifier;
    if (isUnder(file, 'contract')) {
      if (!relativeImport) {
        if (target !== 'valibot') problem(target, 'contract/ imports no package but valibot: pure TypeScript and its schemas');
      }
      else if (!isUnder(target, 'contract')) problem(target, 'contract/ imports nothing outside contract/');
      continue;
    }
    if (isUnder(file, 'markup')) {
      if (!relativeImport || !(isUnder(target, 'contract') || isUnder(target, 'markup'))) problem(target, 'markup/ is HTML written from contract/ types: it imports nothing else');
      continue;
    }
    if (!relativeImport) continue;
    if (isUnder(file, 'src') && (isUnder(target, 'server') || isUnder(target, 'scripts'))) {
      problem(target, 'src/ reaches data only through the HTTP API (src/lib/http), never server/ or scripts/');
    }
    if (isUnder(file, 'server') && (isUnder(target, 'src') || isUnder(target, 'scripts'))) {
      problem(target, 'server/ never imports src/ or scripts/; share through contract/');
    }
    if (isUnder(file, 'integrations') && (isUnder(target, 'src') || isUnder(target, 'server'))) {
      problem(target, 'integrations/ finish the built output; they never import src/ or server/ (share through contract/)');
    }
    if (isUnder(file, 'src') && isUnder(target, 'integrations')) problem(target, 'src/ never imports the build\'s integrations');
    if (isUnder(file, 'src/components')) {
      const banned = fetchesOrHoldsState(target);
      if (banned) problem(target, `src/components/ is presentational: no ${banned} (islands and src/client do that)`);
    }
  }
  // The schemas run on the server; a page that imported them for more than their types would ship valibot.
  if (isUnder(file, 'src') && /\b(?:import|export)\s+(?!type\b)[^;]*?from\s*['"][^'"]*contract\/api-football\.ts['"]/.test(stripComments(source))) {
    problem('contract/api-football.ts', 'src/ imports the schemas\' types only (import type): the islands do not ship valibot');
  }
  if (isUnder(file, 'src/components') && /(?<![\w$.])fetch\s*\(|\.fetch\s*\(/.test(stripComments(source))) {
    problem('fetch()', 'src/components/ never fetches: islands and src/lib/http do');
  }
  return found;
}

/** Repository-relative paths of the source files under a folder (node_modules and dot folders left out). */
function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && EXTENSIONS.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).replaceAll('\\', '/'))
    .filter((path) => !/(^|\/)(node_modules|\.[^/]+)\//.test(path));
}

describe('import rules (ARCHITECTURE.md "One contract")', () => {
  const files = SCANNED.flatMap(sourceFiles);
  const all = files.flatMap((file) => violationsOf(file, readFileSync(join(ROOT, file), 'utf8')));

  it('scans the whole code base', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain('src/pages/index.astro');
    expect(files).toContain('contract/status.ts');
  });

  it('holds for every file under src/, server/, contract/, markup/, scripts/ and integrations/', () => {
    expect(all, `Import rules broken (file -> import):\n  ${all.join('\n  ')}\n`).toEqual([]);
  });
});

describe('the import-rule checker itself', () => {
  it('reads static, side-effect, dynamic and re-export specifiers, not comments', () => {
    const source = `import a from './a.ts';\nimport './b.css';\nexport { c } from "../c.ts";\nconst d = await import('./d.ts');\n// import e from './e.ts'\n/* from './f.ts' */\nimport type { G } from 'g';`;
    expect(importSpecifiers(source)).toEqual(['./a.ts', './b.css', '../c.ts', './d.ts', 'g']);
  });

  it('catches each kind of violation', () => {
    expect(violationsOf('src/pages/x.astro', `import { y } from '../../server/store/read.ts';`)).toHaveLength(1);
    expect(violationsOf('src/lib/x.ts', `import('../../scripts/build.ts')`)).toHaveLength(1);
    expect(violationsOf('server/app.ts', `import { parseMatch } from '../src/lib/match/parse.ts';`)).toHaveLength(1);
    expect(violationsOf('integrations/finish/index.ts', `import { SITE } from '../../src/lib/config.ts';`)).toHaveLength(1);
    expect(violationsOf('integrations/finish/headers.ts', `import { originOf } from '../../server/http/cors.ts';`)).toHaveLength(1);
    expect(violationsOf('contract/x.ts', `import { z } from 'zod';`)).toHaveLength(1);
    expect(violationsOf('src/lib/match/x.ts', `import { FixtureSchema } from '../../../contract/api-football.ts';`)).toHaveLength(1);
    expect(violationsOf('contract/x.ts', `import type { Match } from '../src/lib/match/types.ts';`)).toHaveLength(1);
    expect(violationsOf('markup/x.ts', `import { formatTime } from '../src/lib/format/date.ts';`)).toHaveLength(1);
    expect(violationsOf('markup/x.ts', `import { html } from 'lit';`)).toHaveLength(1);
    expect(violationsOf('src/components/football/A.tsx', `import { showToast } from '../../client/toast.ts';`)).toHaveLength(1);
    expect(violationsOf('src/components/football/A.tsx', `import { getFixtures } from '../../lib/match/api.ts';`)).toHaveLength(1);
    expect(violationsOf('src/components/football/A.tsx', `import { getStandings } from '../../lib/competition/standings-api.ts';`)).toHaveLength(1);
    expect(violationsOf('src/components/football/A.tsx', `import { apiGet } from '../../lib/http/client.ts';`)).toHaveLength(1);
    expect(violationsOf('src/components/football/A.tsx', `import { createMatchdayStore } from '../../lib/live/matchday-store.ts';`)).toHaveLength(1);
    expect(violationsOf('src/components/football/A.tsx', `import { createLiveMatchStore } from '../../lib/match/live-store.ts';`)).toHaveLength(1);
    expect(violationsOf('src/components/football/A.astro', `const r = await fetch('/api/x');`)).toHaveLength(1);
  });

  it('lets the allowed imports through', () => {
    expect(violationsOf('src/lib/match/parse.ts', `import { isLiveStatus } from '../../../contract/status.ts';`)).toEqual([]);
    expect(violationsOf('server/app.ts', `import { LIVE_STATUSES } from '../contract/status.ts'; import { Hono } from 'hono';`)).toEqual([]);
    expect(violationsOf('contract/index.ts', `export * from './status.ts';`)).toEqual([]);
    expect(violationsOf('markup/search.ts', `import { escapeHtml } from '../contract/format.ts';`)).toEqual([]);
    expect(violationsOf('server/site/search-page.ts', `import { searchResultsHtml } from '../../markup/search.ts';`)).toEqual([]);
    expect(violationsOf('contract/api-football.ts', `import * as v from 'valibot';`)).toEqual([]);
    expect(violationsOf('src/lib/match/x.ts', `import type { ApiFixtureFull } from '../../../contract/api-football.ts';`)).toEqual([]);
    expect(violationsOf('src/components/football/A.astro', `import { cn } from '../ui/cn.ts'; const img = { fetchpriority: 'high' }; // fetch() is the island's job`)).toEqual([]);
    expect(violationsOf('src/components/football/A.tsx', `import type { Match } from '../../lib/match/types.ts'; import { scoreText } from '../../lib/match/scoreboard.ts';`)).toEqual([]);
    // A unit test beside src/lib code may run the server's app (a loader against the real API).
    expect(violationsOf('src/lib/loaders/x.test.ts', `import { createApp } from '../../../server/app.ts';`)).toEqual([]);
  });
});
