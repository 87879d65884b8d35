/**
 * Numbers and money as readers in Ecuador write them (es-EC): "36.007", "1.234", "7,30", "€1,5 M".
 * Apart from the dates' locale (contract/format.ts), which only changes month and weekday names:
 * es-ES would leave four-digit numbers ungrouped ("1234") and put the euro sign after the amount.
 */
export const NUMBER_LOCALE = 'es-EC';

// Made at first use, never as the module loads: a page's first Intl object of any kind starts ICU,
// about 30 ms of a phone's main thread that the shell script (which imports this) paid on every page
// for a formatter its load never calls.
let integerFormat: Intl.NumberFormat | undefined;

/** "12.345", "1.234": thousands grouped with a point. */
export function formatInteger(value: number): string {
  return Number.isFinite(value) ? (integerFormat ??= new Intl.NumberFormat(NUMBER_LOCALE, { maximumFractionDigits: 0 })).format(value) : '';
}

/**
 * "86%": a share as the provider's match statistics write it ("79%") and es-EC does, without the
 * space es-ES puts before the sign, so a page never shows "86 %" beside "79%".
 */
export function formatPercent(value: number | string): string {
  const n = typeof value === 'number' ? value : Number.parseFloat(value.replace('%', ''));
  return Number.isFinite(n) ? `${formatInteger(n)}%` : '';
}

const decimalFormats = new Map<number, Intl.NumberFormat>();

/** "7,30" with `digits` decimals (a decimal comma): ratings, averages. */
export function formatDecimal(value: number, digits: number): string {
  if (!Number.isFinite(value)) return '';
  let format = decimalFormats.get(digits);
  if (!format) {
    format = new Intl.NumberFormat(NUMBER_LOCALE, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    decimalFormats.set(digits, format);
  }
  return format.format(value);
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * A fee or a market value, short: "€1,5 M", "€250 k", "$3 M" (es-EC: the sign before the amount,
 * a decimal comma, "M" for millions, "k" for thousands). The narrow sign, since es-EC would
 * otherwise write euros as "EUR".
 */
export function formatMoney(amount: number, currency: string): string {
  if (!Number.isFinite(amount) || amount < 0) return '';
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat(NUMBER_LOCALE, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      notation: 'compact',
      maximumFractionDigits: 1,
    });
    moneyFormats.set(currency, format);
  }
  return format.format(amount);
}

/** Goal difference as tables print it: "+5", "0", "-3". */
export function formatGoalDifference(value: number): string {
  if (!Number.isFinite(value)) return '';
  return value > 0 ? `+${value}` : String(value);
}

/** "1 gol" / "3 goles": Spanish plural for counts shown in prose and accessible labels. */
export function pluralize(count: number, singular: string, plural: string): string {
  return `${formatInteger(count)} ${count === 1 ? singular : plural}`;
}
