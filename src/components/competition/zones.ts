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
