import { parentPort } from 'node:worker_threads';
import { createDemoProvider } from './provider.ts';
import type { DemoThreadAnswer, DemoThreadRequest } from './provider-thread.ts';

// The thread side of ./provider-thread.ts: each request carries the clock and the season it is
// answered at, so the thread reads nothing of the store.
let current: DemoThreadRequest | null = null;
const provider = createDemoProvider({ season: () => current?.season ?? null, now: () => new Date(current?.nowMs ?? Date.now()) });

parentPort!.on('message', async (request: DemoThreadRequest) => {
  let answer: DemoThreadAnswer;
  try {
    current = request;
    const response = await provider.fetch(request.url);
    answer = { id: request.id, status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
  } catch (error) {
    answer = { id: request.id, error: `the demo provider failed on ${request.url}: ${(error as Error).message}` };
  }
  parentPort!.postMessage(answer);
});
