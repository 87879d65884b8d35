import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Lighthouse's TBT uses each task's wall time. On the bench's shared 2-core VM a renderer task's
 * wall time was often twice its CPU time: the main thread waits for the hypervisor (steal), for the
 * browser and GPU processes, the server and Lighthouse itself, and for synchronous font lookups
 * (Chromium on Linux asks the browser process about every font size and weight the page uses).
 * Re-auditing the same run with every renderer task shortened to its CPU time tells the page's own
 * work apart from that waiting: a diagnostic beside Lighthouse's figure, not a replacement for it.
 */

export type TraceEvent = {
  name?: string;
  ph?: string;
  pid?: number;
  tid?: number;
  ts?: number;
  dur?: number;
  tdur?: number;
  args?: Record<string, unknown>;
};

/** The top-level task events Lighthouse's simulation turns into CPU work. */
const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'ThreadControllerImpl::DoWork', 'TaskQueueManager::ProcessTaskFromWorkQueue']);

/** The trace with every renderer main-thread task lasting its CPU time (`tdur`) instead of its wall time. */
export function withTaskCpuTimes(events: TraceEvent[]): TraceEvent[] {
  const rendererMain = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  return events.map((e) =>
    e.ph === 'X' && TASK_NAMES.has(e.name ?? '') && rendererMain.has(`${e.pid}:${e.tid}`) && typeof e.tdur === 'number' && typeof e.dur === 'number'
      ? { ...e, dur: Math.min(e.dur, e.tdur) }
      : e,
  );
}

/**
 * A saved Lighthouse run (`-GA=<dir>`) re-audited on task CPU times: its TBT in ms and its performance
 * score (0-100, the same weights, every metric simulated again from the shortened tasks); null when
 * the artifacts are missing or the audit fails. `onlyCategories` must be the run's own (Lighthouse
 * refuses to audit with other settings than it gathered with).
 */
export function cpuTimeAudit(artifactsDir: string, lighthouseCli: string, onlyCategories: string): { tbt: number; perf: number } | null {
  const tracePath = join(artifactsDir, 'trace.json');
  if (!existsSync(tracePath)) return null;
  const work = mkdtempSync(join(tmpdir(), 'marcador-cpu-tbt-'));
  try {
    // Everything but the trace, which is tens of MB and rewritten below anyway.
    cpSync(artifactsDir, work, { recursive: true, filter: (source) => source !== tracePath });
    const trace = JSON.parse(readFileSync(tracePath, 'utf8'));
    const events: TraceEvent[] = Array.isArray(trace) ? trace : trace.traceEvents;
    const rewritten = withTaskCpuTimes(events);
    writeFileSync(join(work, 'trace.json'), JSON.stringify(Array.isArray(trace) ? rewritten : { ...trace, traceEvents: rewritten }));
    const out = join(work, 'report.json');
    const run = spawnSync(process.execPath, [lighthouseCli, `-A=${work}`, '--quiet', '--output=json', `--output-path=${out}`, `--only-categories=${onlyCategories}`], {
      stdio: ['ignore', 'ignore', 'inherit'],
      timeout: 120_000,
    });
    if (run.status !== 0 || !existsSync(out)) return null;
    const report = JSON.parse(readFileSync(out, 'utf8'));
    const tbt = report.audits?.['total-blocking-time']?.numericValue;
    const score = report.categories?.performance?.score;
    return typeof tbt === 'number' && typeof score === 'number' ? { tbt, perf: Math.round(score * 100) } : null;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
