import type { ZoneKind } from '../../lib/football/standings.ts';

/**
 * One colour per zone kind on every table and legend (Tailwind classes, both themes). The colour is
 * never alone: each row says its zone in text for screen readers and the legend names it.
 */
export const ZONE_BAR: Record<ZoneKind, string> = {
  title: 'bg-amber-500',
  libertadores: 'bg-blue-700 dark:bg-blue-400',
  sudamericana: 'bg-teal-600 dark:bg-teal-400',
  next: 'bg-emerald-600 dark:bg-emerald-400',
  promotion: 'bg-green-600 dark:bg-green-400',
  playoff: 'bg-orange-500',
  relegation: 'bg-red-600 dark:bg-red-400',
  other: 'bg-slate-400',
};

/** The same colours as a bar drawn by the rank cell itself (a pseudo-element: one element less per row). */
export const ZONE_BAR_BEFORE: Record<ZoneKind, string> = {
  title: 'before:bg-amber-500',
  libertadores: 'before:bg-blue-700 dark:before:bg-blue-400',
  sudamericana: 'before:bg-teal-600 dark:before:bg-teal-400',
  next: 'before:bg-emerald-600 dark:before:bg-emerald-400',
  promotion: 'before:bg-green-600 dark:before:bg-green-400',
  playoff: 'before:bg-orange-500',
  relegation: 'before:bg-red-600 dark:before:bg-red-400',
  other: 'before:bg-slate-400',
};
