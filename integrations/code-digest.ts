import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * A digest of everything that shapes the built pages besides their data: the site's sources, its
 * integrations, the shared contract, the public files, the config and the locked dependencies. Every
 * incremental-build key includes it (src/lib/loaders/page-keys.ts), so a change of code renders every
 * page again; a change of tests or docs does not.
 */
const FOLDERS = ['src', 'integrations', 'contract', 'public'];
const FILES = ['astro.config.mjs', 'package-lock.json', 'tsconfig.json'];
const IGNORED = /\.test\.tsx?$|(?:^|\/)\.|\.md$/;

export function codeDigest(root: string): string {
  const hash = createHash('sha256');
  const files = [
    ...FOLDERS.flatMap((folder) =>
      existsSync(join(root, folder))
        ? readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
            .filter((entry) => entry.isFile())
            .map((entry) => relative(root, join(entry.parentPath, entry.name)))
        : [],
    ),
    ...FILES.filter((file) => existsSync(join(root, file))),
  ]
    .filter((file) => !IGNORED.test(file))
    .sort();
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(root, file)))
      .update('\0');
  return hash.digest('base64url').slice(0, 32);
}
