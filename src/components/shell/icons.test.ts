import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ICON_NAMES } from './icon-before.ts';

const sprite = readFileSync(new URL('./icons.svg', import.meta.url), 'utf8');
const iconCss = readFileSync(new URL('./Icon.astro', import.meta.url), 'utf8');

describe('the icon sprite', () => {
  it('holds every icon once, each in its own 24-unit square, in the order of ICON_NAMES', () => {
    const groups = [...sprite.matchAll(/<g id="([a-z]+)"(?: transform="translate\((\d+)\)")?>/g)].map((m) => ({ name: m[1], x: Number(m[2] ?? 0) }));
    expect(groups.map((g) => g.name)).toEqual([...ICON_NAMES]);
    expect(groups.map((g) => g.x)).toEqual(ICON_NAMES.map((_, index) => index * 24));
    expect(sprite).toContain(`viewBox="0 0 ${ICON_NAMES.length * 24} 24"`);
  });

  it('gives each icon class the index of its square in the sprite', () => {
    const indexes = Object.fromEntries([...iconCss.matchAll(/\.icon-([a-z]+) \{\s*--icon-index: (\d+);\s*\}/g)].map((m) => [m[1], Number(m[2])]));
    expect(indexes).toEqual(Object.fromEntries(ICON_NAMES.map((name, index) => [name, index])));
  });

  it('stays under the size at which the bundler inlines it (4 KB), so no page waits for a request to draw its icons', () => {
    expect(Buffer.byteLength(sprite)).toBeLessThan(4096);
  });
});
