/** The shell's icons, in the order they stand in the sprite `icons.svg` (Icon.astro's `--icon-index`). */
export const ICON_NAMES = ['search', 'menu', 'close', 'chevron', 'sun', 'moon', 'monitor', 'facebook', 'instagram', 'twitter', 'youtube', 'mail', 'pin', 'eye', 'eyeslash', 'bell'] as const;
export type IconName = (typeof ICON_NAMES)[number];

/**
 * The classes and style that draw a shell icon as an element's ::before (Icon.astro's
 * `.icon-before`): for a control whose only picture it is, one element fewer on every page.
 */
export function iconBefore(name: IconName, size = 20): { class: string; style: string } {
  return { class: `icon-before icon-${name}`, style: `--icon-size:${size}px` };
}
