import type { ZoneKind } from '../../lib/competition/standings.ts';

/**
 * One colour per zone kind on every table and legend (Tailwind classes, both themes), drawn by the
 * rank cell itself and by each legend item (a pseudo-element: one element less a row). The colour is
 * never alone: each row says its zone in text for screen readers and the legend names it.
 */
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
