/**
 * The bench's bookkeeping, apart from the measuring so it can be unit-tested: which rows a run could
 * not measure (they fail, never drop out of the table) and whether a run covered everything (only a
 * complete run may stand as bench/results/latest.json).
 */

export type Row = { check: string; value: string; budget: string; ok: boolean };

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Every run's value, as ' (31/183/20)' after a median's label; nothing for a single run. */
export function eachRun(values: number[]): string {
  return values.length > 1 ? ` (${values.map((v) => Math.round(v)).join('/')})` : '';
}

/**
 * The TBT gate of one page: the median of its runs re-audited on task CPU time (bench/cpu-time-tbt.ts),
 * `null` for a run whose re-audit gave nothing. A page none of whose runs could be re-audited fails
 * as "not measured"; one with some runs missing fails too, saying how many were measured: the median
 * of the others could hide the very run that failed (a trace too heavy to re-audit).
 */
export function cpuTbtRow(path: string, cpuTbts: ReadonlyArray<number | null>, budgetMs: number): Row {
  const measured = cpuTbts.filter((v): v is number => v !== null);
  const check = `${path} TBT on task CPU time`;
  const budget = `≤ ${budgetMs} ms`;
  if (measured.length === 0) return { check, value: 'not measured', budget, ok: false };
  const value = median(measured);
  if (measured.length < cpuTbts.length) {
    return { check: `${check}${eachRun(measured)}`, value: `${Math.round(value)} ms, ${measured.length} of ${cpuTbts.length} runs re-audited`, budget, ok: false };
  }
  return { check: `${check}${eachRun(measured)}`, value: `${Math.round(value)} ms`, budget, ok: value <= budgetMs };
}

/**
 * The Lighthouse performance gate of one page. DESIGN.md: wall-clock TBT on this shared VM measures
 * the host (it swings from 0 to hundreds of ms), and a page whose own work is small is done; so the
 * score judged is the median of the runs re-audited on task CPU time (bench/cpu-time-tbt.ts), beside
 * the median as run. A run whose re-audit gave nothing fails the row, as in cpuTbtRow.
 */
export function perfRow(path: string, asRun: number, cpuPerfs: ReadonlyArray<number | null>, budget: number): Row {
  const measured = cpuPerfs.filter((v): v is number => v !== null);
  const check = `${path} lighthouse perf, as run / on task CPU time`;
  const label = `≥ ${budget} (on task CPU time)`;
  if (measured.length === 0) return { check, value: `${asRun} / not measured`, budget: label, ok: false };
  const value = median(measured);
  const ok = measured.length === cpuPerfs.length && value >= budget;
  const partial = measured.length < cpuPerfs.length ? `, ${measured.length} of ${cpuPerfs.length} runs re-audited` : '';
  return { check: `${check}${eachRun(measured)}`, value: `${asRun} / ${Math.round(value)}${partial}`, budget: label, ok };
}

/**
 * What a run of `npm run bench` covers, from its arguments and whether it built the site (`--no-build`
 * builds anyway when there is no dist/): `partial` names what it left out (null for a
 * complete run) and `resultsFile` is where it writes. Only a complete run writes latest.json; a
 * partial one writes latest-partial.json (and the API-only and live-only runs their own files), so a
 * `--pages=` run never stands as the latest full results.
 */
export function runScope(argv: readonly string[], { built }: { built: boolean }): { partial: string | null; resultsFile: string } {
  const args = new Set(argv);
  if (args.has('--only=api')) return { partial: 'API rows only', resultsFile: 'bench/results/latest-api.json' };
  if (args.has('--only=live')) return { partial: 'live rows only', resultsFile: 'bench/results/latest-live.json' };
  if (args.has('--only=alerts')) return { partial: 'alert rows only', resultsFile: 'bench/results/latest-alerts.json' };
  if (args.has('--only=pushpin')) return { partial: 'Pushpin rows only', resultsFile: 'bench/results/latest-pushpin.json' };
  if (args.has('--only=pages')) {
    const pages = argv.find((a) => a.startsWith('--pages='));
    return {
      partial: `page rows only (bytes, DOM, Lighthouse${args.has('--no-paint') ? '' : ', paints'})${pages ? `; only the pages ${pages.slice('--pages='.length)}` : ''}`,
      resultsFile: 'bench/results/latest-pages.json',
    };
  }
  const left: string[] = [];
  const pages = argv.find((a) => a.startsWith('--pages='));
  if (pages) left.push(`only the pages ${pages.slice('--pages='.length)}`);
  if (args.has('--no-lighthouse')) left.push('no Lighthouse rows');
  if (args.has('--no-paint')) left.push('no paint rows');
  if (!built) left.push('no build row (dist/ as it was)');
  return left.length ? { partial: left.join('; '), resultsFile: 'bench/results/latest-partial.json' } : { partial: null, resultsFile: 'bench/results/latest.json' };
}
