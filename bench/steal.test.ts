import { describe, expect, it } from 'vitest';
import { parseProcStat, stealShare } from './steal.ts';

// Two readings of this project's VM, 5 s apart while it was idle (the real /proc/stat layout).
const BEFORE = `cpu  1358560 110851 262051 2105801 10068 0 17174 680088 0 0
cpu0 678704 56219 131826 1051632 6346 0 8103 339346 0 0
cpu1 679856 54632 130224 1054168 3721 0 9070 340741 0 0
intr 123 0 0`;
const AFTER = `cpu  1358560 110851 262053 2106776 10068 0 17174 680215 0 0
cpu0 678704 56219 131828 1052120 6346 0 8103 339419 0 0`;

describe('hypervisor steal from /proc/stat', () => {
  it('reads the aggregate cpu line, not a per-core one', () => {
    expect(parseProcStat(BEFORE)).toEqual({ total: 1358560 + 110851 + 262051 + 2105801 + 10068 + 0 + 17174 + 680088, steal: 680088 });
  });

  it('gives the share of CPU time stolen between two readings', () => {
    const share = stealShare(parseProcStat(BEFORE), parseProcStat(AFTER));
    // 127 stolen jiffies of 1,104 elapsed (2 idle cores' worth of 5 s plus the 2 system ones)
    expect(share).toBeCloseTo(127 / (2 + 975 + 127), 6);
  });

  it('is unknown rather than wrong when a reading is missing or time did not move', () => {
    expect(parseProcStat('intr 1 2 3')).toBeNull();
    expect(parseProcStat('cpu  1 2 3')).toBeNull();
    expect(parseProcStat('cpu  1 2 x 4 5 6 7 8')).toBeNull();
    expect(stealShare(null, parseProcStat(AFTER))).toBeNull();
    expect(stealShare(parseProcStat(AFTER), parseProcStat(AFTER))).toBeNull();
  });
});
