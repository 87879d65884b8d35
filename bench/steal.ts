import { readFileSync } from 'node:fs';

/**
 * Hypervisor "steal": CPU time this virtual machine wanted but the host gave to someone else.
 * Lighthouse's simulated throttling multiplies every observed main-thread task by 4, so a run
 * during which the host took the CPU away reports blocking time that no reader will see: on the
 * shared 2-core VM this project is measured on, the same build's home TBT ranged from 48 to 662 ms
 * within minutes, and 12-22 s in runs at 70% steal. The bench measures steal around each run to
 * tell a slow page from a busy host.
 */
export type CpuTimes = { total: number; steal: number };

/** The aggregate `cpu` line of /proc/stat (jiffies): user nice system idle iowait irq softirq steal … */
export function parseProcStat(text: string): CpuTimes | null {
  const line = text.split('\n').find((l) => /^cpu\s/.test(l));
  if (!line) return null;
  const fields = line.trim().split(/\s+/).slice(1, 9).map(Number);
  if (fields.length < 8 || fields.some((n) => !Number.isFinite(n) || n < 0)) return null;
  return { total: fields.reduce((a, b) => a + b, 0), steal: fields[7] };
}

/** null where /proc/stat does not exist (not Linux): steal is then simply not reported. */
export function readCpuTimes(): CpuTimes | null {
  try {
    return parseProcStat(readFileSync('/proc/stat', 'utf8'));
  } catch {
    return null;
  }
}

/** Share of the CPU time between two readings that the host stole, 0-1; null when unknown. */
export function stealShare(before: CpuTimes | null, after: CpuTimes | null): number | null {
  if (!before || !after) return null;
  const total = after.total - before.total;
  if (total <= 0) return null;
  return Math.min(1, Math.max(0, (after.steal - before.steal) / total));
}

/**
 * Waits (bounded) until a `windowMs` sample shows steal at or under `maxShare`, so a run starts on
 * a quiet machine rather than in the middle of a noisy spell. Returns the last share measured.
 */
export async function waitForQuietCpu(maxShare: number, options: { windowMs?: number; timeoutMs?: number } = {}) {
  const windowMs = options.windowMs ?? 2000;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    const before = readCpuTimes();
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const share = stealShare(before, readCpuTimes());
    if (share === null || share <= maxShare || Date.now() >= deadline) return share;
  }
}
