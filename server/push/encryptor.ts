import { Worker } from 'node:worker_threads';
import type { Urgency } from './store.ts';

/**
 * Pushes encrypted by a worker thread (encrypt-worker.ts, web-push), in batches: the main thread keeps
 * answering readers while a fan-out of thousands is encrypted on the other core.
 */

export interface EncryptRequest {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  payload: string;
  ttl: number;
  urgency: Urgency;
  topic: string;
  authorization: string;
}

export type EncryptResult = { id: number; headers: Record<string, string | number>; body: Uint8Array } | { id: number; error: string };

const BATCH = 32;

/** The worker stopped (it failed, ran out of memory, or the server is stopping): nothing was wrong with the job, which is tried again. */
export class EncryptorUnavailableError extends Error {}

export interface Encryptor {
  encrypt: (request: Omit<EncryptRequest, 'id'>) => Promise<{ headers: Record<string, string | number>; body: Uint8Array }>;
  stop: () => void;
}

export function createEncryptor(log: (m: string) => void = (m) => console.error(m)): Encryptor {
  let worker: Worker | null = null;
  let nextId = 0;
  const queue: EncryptRequest[] = [];
  let flushing: NodeJS.Immediate | null = null;
  const waiting = new Map<number, { resolve: (r: { headers: Record<string, string | number>; body: Uint8Array }) => void; reject: (e: Error) => void }>();

  const failAll = (error: EncryptorUnavailableError) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };

  const started = (): Worker => {
    if (worker) return worker;
    // A small young generation: the encryptions' garbage is collected often instead of growing the heap by tens of MB.
    const made = new Worker(new URL('./encrypt-worker.ts', import.meta.url), { resourceLimits: { maxYoungGenerationSizeMb: 2, maxOldGenerationSizeMb: 32 } });
    made.unref();
    made.on('message', (results: EncryptResult[]) => {
      for (const result of results) {
        const pending = waiting.get(result.id);
        waiting.delete(result.id);
        if ('error' in result) pending?.reject(new Error(result.error));
        else pending?.resolve(result);
      }
    });
    // A worker that dies takes its batch with it: those jobs fail here and are tried again (their lease).
    made.on('error', (error) => {
      log(`[push] the encryption worker failed: ${error.message}`);
      if (worker === made) worker = null;
      failAll(new EncryptorUnavailableError(`the encryption worker failed: ${error.message}`));
    });
    made.on('exit', () => {
      if (worker === made) worker = null;
      failAll(new EncryptorUnavailableError('the encryption worker stopped'));
    });
    worker = made;
    return made;
  };

  let stopped = false;
  const flush = () => {
    flushing = null;
    if (stopped) {
      for (const { id } of queue.splice(0)) {
        waiting.get(id)?.reject(new EncryptorUnavailableError('the encryption worker stopped'));
        waiting.delete(id);
      }
      return;
    }
    const target = started();
    while (queue.length) target.postMessage(queue.splice(0, BATCH));
  };

  return {
    encrypt: (request) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, { resolve, reject });
        queue.push({ ...request, id });
        flushing ??= setImmediate(flush);
      }),
    stop: () => {
      stopped = true;
      const stopping = worker;
      worker = null;
      void stopping?.terminate();
    },
  };
}
