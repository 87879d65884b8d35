import { Worker } from 'node:worker_threads';
import type { DemoProviderOptions } from './provider.ts';

/** A request to the demo provider's thread and its answer (server/providers/demo/provider-worker.ts). */
export interface DemoThreadRequest {
  id: number;
  url: string;
  nowMs: number;
  season: { seed: number; anchor: string } | null;
}
export type DemoThreadAnswer = { id: number; status: number; headers: Record<string, string>; body: string } | { id: number; error: string };

/**
 * The embedded demo provider (./provider.ts) in a thread of its own, as the real provider runs on
 * its own machine: generating the season's tables takes one to two seconds, at start and at every
 * scripted whistle, and on the server's thread that stalled every page, API answer and live push
 * meanwhile. The thread starts with the first request and is let go by `close()`; it holds the
 * process open only while a request waits.
 */
export function createDemoProviderThread(options: DemoProviderOptions) {
  type Waiting = Map<number, { resolve: (answer: DemoThreadAnswer) => void; reject: (error: Error) => void }>;
  let worker: { thread: Worker; pending: Waiting } | null = null;
  let nextId = 1;

  function thread(): { thread: Worker; pending: Waiting } {
    if (worker) return worker;
    // Each thread its own waiting requests: one let go by close() fails only its own.
    const pending: Waiting = new Map();
    const started = new Worker(new URL('./provider-worker.ts', import.meta.url));
    started.unref();
    started.on('message', (answer: DemoThreadAnswer) => {
      pending.get(answer.id)?.resolve(answer);
      pending.delete(answer.id);
      if (pending.size === 0) started.unref();
    });
    const fail = (error: Error) => {
      if (worker?.thread === started) worker = null;
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    };
    started.on('error', (error) => fail(new Error(`the demo provider's thread failed: ${error.message}`)));
    started.on('exit', (code) => fail(new Error(`the demo provider's thread stopped (exit code ${code})`)));
    worker = { thread: started, pending };
    return worker;
  }

  async function demoFetch(input: string | URL | Request): Promise<Response> {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const request: DemoThreadRequest = { id: nextId++, url, nowMs: options.now().getTime(), season: options.season() };
    const target = thread();
    target.thread.ref();
    const answer = await new Promise<DemoThreadAnswer>((resolve, reject) => {
      target.pending.set(request.id, { resolve, reject });
      target.thread.postMessage(request);
    });
    if ('error' in answer) throw new Error(answer.error);
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  }

  return {
    fetch: demoFetch as typeof globalThis.fetch,
    /** The base URL the client is given; never resolved (the thread answers in process). */
    baseUrl: 'http://demo-provider.invalid',
    close: () => {
      const stopping = worker;
      worker = null;
      void stopping?.thread.terminate();
    },
  };
}
