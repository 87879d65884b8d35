/**
 * "Now" for building pages. `MARCADOR_NOW` (an ISO instant) freezes the data API's clock in tests
 * and screenshots; the build must ask for the same match day the API considers today, so it reads
 * the same variable. In the browser (and without the variable) it is the real clock.
 */
export function siteNow(): Date {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const fixed = env?.MARCADOR_NOW?.trim();
  if (fixed) {
    const date = new Date(fixed);
    if (!Number.isNaN(date.getTime())) return date;
  }
  return new Date();
}
