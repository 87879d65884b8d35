import { describe, expect, it } from 'vitest';
import { type TraceEvent, withTaskCpuTimes } from './cpu-time-tbt.ts';

// Shapes as Chromium writes them in a Lighthouse trace (µs): a renderer main thread whose first
// layout task ran 55 ms on the wall for 29.6 ms of CPU (a measured case), and the browser's.
const events: TraceEvent[] = [
  { ph: 'M', name: 'thread_name', pid: 10, tid: 1, args: { name: 'CrRendererMain' } },
  { ph: 'M', name: 'thread_name', pid: 20, tid: 1, args: { name: 'CrBrowserMain' } },
  { ph: 'X', name: 'RunTask', pid: 10, tid: 1, ts: 1_000, dur: 55_012, tdur: 29_600 },
  { ph: 'X', name: 'Layout', pid: 10, tid: 1, ts: 7_800, dur: 15_800, tdur: 9_100 },
  { ph: 'X', name: 'RunTask', pid: 10, tid: 1, ts: 60_000, dur: 900, tdur: 1_200 },
  { ph: 'X', name: 'RunTask', pid: 10, tid: 1, ts: 70_000, dur: 4_000 },
  { ph: 'X', name: 'RunTask', pid: 20, tid: 1, ts: 1_000, dur: 12_000, tdur: 9_000 },
  { ph: 'I', name: 'ResourceSendRequest', pid: 10, tid: 1, ts: 40_000 },
];

describe('withTaskCpuTimes', () => {
  const out = withTaskCpuTimes(events);

  it("shortens the renderer main thread's tasks to their CPU time", () => {
    expect(out[2].dur).toBe(29_600);
  });

  it('keeps the wall time where the CPU time is missing or longer (clock granularity)', () => {
    expect(out[4].dur).toBe(900);
    expect(out[5].dur).toBe(4_000);
  });

  it("leaves nested slices, other threads and instant events alone, and the input unchanged", () => {
    expect(out[3]).toBe(events[3]);
    expect(out[6]).toBe(events[6]);
    expect(out[7]).toBe(events[7]);
    expect(events[2].dur).toBe(55_012);
  });
});
