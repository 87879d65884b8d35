import { describe, expect, it } from 'vitest';
import { cpuTbtRow, perfRow, runScope } from './report.ts';

describe('cpuTbtRow: the TBT gate never drops out of the table', () => {
  it('gates on the median of the runs re-audited on CPU time', () => {
    expect(cpuTbtRow('/', [31, 183, 20], 50)).toEqual({ check: '/ TBT on task CPU time (31/183/20)', value: '31 ms', budget: '≤ 50 ms', ok: true });
    expect(cpuTbtRow('/posiciones', [60, 70, 20], 50)).toMatchObject({ value: '60 ms', ok: false });
  });

  it('fails a page none of whose runs could be re-audited, as not measured', () => {
    expect(cpuTbtRow('/', [null, null, null], 50)).toEqual({ check: '/ TBT on task CPU time', value: 'not measured', budget: '≤ 50 ms', ok: false });
    expect(cpuTbtRow('/', [], 50)).toMatchObject({ value: 'not measured', ok: false });
  });

  it('fails a page with a run missing its re-audit, however low the others', () => {
    expect(cpuTbtRow('/', [10, null, 12], 50)).toEqual({ check: '/ TBT on task CPU time (10/12)', value: '11 ms, 2 of 3 runs re-audited', budget: '≤ 50 ms', ok: false });
  });
});

describe('runScope: only a complete run stands as latest.json', () => {
  it('writes latest.json for a complete run', () => {
    expect(runScope([], { built: true })).toEqual({ partial: null, resultsFile: 'bench/results/latest.json' });
    expect(runScope(['--runs=5'], { built: true })).toEqual({ partial: null, resultsFile: 'bench/results/latest.json' });
  });

  it('marks a --pages= run partial and keeps it out of latest.json', () => {
    expect(runScope(['--pages=/,/posiciones'], { built: true })).toEqual({ partial: 'only the pages /,/posiciones', resultsFile: 'bench/results/latest-partial.json' });
  });

  it('marks runs without Lighthouse or without a build partial, naming everything left out', () => {
    expect(runScope(['--no-build', '--no-lighthouse', '--pages=/'], { built: false })).toEqual({
      partial: 'only the pages /; no Lighthouse rows; no build row (dist/ as it was)',
      resultsFile: 'bench/results/latest-partial.json',
    });
    expect(runScope(['--no-paint'], { built: true }).partial).toBe('no paint rows');
    expect(runScope(['--only=pages', '--no-paint'], { built: false }).partial).toBe('page rows only (bytes, DOM, Lighthouse)');
    // --no-build builds anyway when there is no dist/: then the build row is there.
    expect(runScope(['--no-build'], { built: true }).partial).toBeNull();
  });

  it('keeps the API-only and live-only runs in their own files', () => {
    expect(runScope(['--only=api'], { built: false })).toEqual({ partial: 'API rows only', resultsFile: 'bench/results/latest-api.json' });
    expect(runScope(['--only=live'], { built: false })).toEqual({ partial: 'live rows only', resultsFile: 'bench/results/latest-live.json' });
    expect(runScope(['--only=pushpin'], { built: false })).toEqual({ partial: 'Pushpin rows only', resultsFile: 'bench/results/latest-pushpin.json' });
    expect(runScope(['--only=pages'], { built: false })).toEqual({ partial: 'page rows only (bytes, DOM, Lighthouse, paints)', resultsFile: 'bench/results/latest-pages.json' });
    expect(runScope(['--only=pages', '--pages=/,/nosotros'], { built: false }).partial).toBe('page rows only (bytes, DOM, Lighthouse, paints); only the pages /,/nosotros');
  });
});

describe('perfRow: the score judged is the one on task CPU time, beside the one as run', () => {
  it("passes a page whose runs score 98 or more once the host's waits are taken out", () => {
    expect(perfRow('/serie-a', 96, [99, 98, 100], 98)).toEqual({
      check: '/serie-a lighthouse perf, as run / on task CPU time (99/98/100)',
      value: '96 / 99',
      budget: '≥ 98 (on task CPU time)',
      ok: true,
    });
  });

  it('fails a page whose own work costs the score', () => {
    expect(perfRow('/posiciones', 95, [97, 96, 99], 98)).toMatchObject({ value: '95 / 97', ok: false });
  });

  it('fails when a run could not be re-audited, and says so', () => {
    expect(perfRow('/', 99, [100, null, 100], 98)).toMatchObject({ value: '99 / 100, 2 of 3 runs re-audited', ok: false });
    expect(perfRow('/', 99, [null, null], 98)).toEqual({
      check: '/ lighthouse perf, as run / on task CPU time',
      value: '99 / not measured',
      budget: '≥ 98 (on task CPU time)',
      ok: false,
    });
  });
});
