import { writeFileSync } from 'node:fs';

/**
 * Loaded into a bench server (`node --expose-gc --import ./bench/heap-probe.ts`): on SIGUSR2 it collects
 * the garbage and writes the heap it keeps to HEAP_PROBE_FILE. The resident size says how far the heap
 * once grew (a burst of requests leaves it high); what a server keeps for its readers shows after a
 * collection.
 */
const file = process.env.HEAP_PROBE_FILE;
if (file) {
  process.on('SIGUSR2', () => {
    (globalThis as { gc?: () => void }).gc?.();
    const m = process.memoryUsage();
    writeFileSync(file, JSON.stringify({ at: Date.now(), heapUsedMb: m.heapUsed / 2 ** 20, rssMb: m.rss / 2 ** 20, externalMb: m.external / 2 ** 20 }));
  });
}
