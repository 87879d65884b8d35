import { describe, expect, it } from 'vitest';
import { cpuTbtRow, runScope } from './report.ts';

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
    // --no-build builds anyway when there is no dist/: then the build row is there.
    expect(runScope(['--no-build'], { built: true }).partial).toBeNull();
  });

  it('keeps the API-only and live-only runs in their own files', () => {
    expect(runScope(['--only=api'], { built: false })).toEqual({ partial: 'API rows only', resultsFile: 'bench/results/latest-api.json' });
    expect(runScope(['--only=live'], { built: false })).toEqual({ partial: 'live rows only', resultsFile: 'bench/results/latest-live.json' });
    expect(runScope(['--only=pushpin'], { built: false })).toEqual({ partial: 'Pushpin rows only', resultsFile: 'bench/results/latest-pushpin.json' });
    expect(runScope(['--only=pages'], { built: false })).toEqual({ partial: 'page rows only (bytes, DOM, Lighthouse)', resultsFile: 'bench/results/latest-pages.json' });
    expect(runScope(['--only=pages', '--pages=/,/nosotros'], { built: false }).partial).toBe('page rows only (bytes, DOM, Lighthouse); only the pages /,/nosotros');
  });
});
