import { Agent, get } from 'node:http';

/**
 * A small closed-loop HTTP load generator on loopback: `connections` keep-alive clients, each sending the
 * next request as soon as the previous answer arrives, for `durationMs`. Bounded in time and target.
 */
export async function loadTest(target: string | ((n: number) => string), options: { connections: number; durationMs: number }) {
  // A function gives every request its own URL (e.g. distinct searches, so no answer comes from a cache).
  const urlFor = typeof target === 'string' ? () => target : target;
  const first = urlFor(0);
  if (!/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//.test(first)) throw new Error(`load tests only target loopback, not ${first}`);
  const origin = new URL(first).origin;
  let sent = 0;
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  let errors = 0;
  const once = () =>
    new Promise<number>((resolve) => {
      const url = urlFor(sent++);
      if (!url.startsWith(`${origin}/`)) throw new Error(`load tests stay on ${origin}, not ${url}`);
      const req = get(url, { agent, headers: { 'accept-encoding': 'gzip' } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      });
      req.on('error', () => resolve(0));
    });
  const end = performance.now() + options.durationMs;
  const worker = async () => {
    while (performance.now() < end) {
      const started = performance.now();
      const status = await once();
      latencies.push(performance.now() - started);
      if (status !== 200) errors += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: options.connections }, worker));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return { requests: latencies.length, rps: latencies.length / elapsed, p50: pct(0.5), p99: pct(0.99), errors };
}
