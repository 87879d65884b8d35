/** Joins class names, skipping falsy ones (shadcn's `cn`, without a merge step we do not need). */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
