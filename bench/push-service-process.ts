import { fork, type ChildProcess } from 'node:child_process';
import { startLocalPushService, type LocalSubscription } from '../tests/helpers/push-service.ts';

/**
 * The local push service in a process of its own for the alerts bench: in the bench's process its
 * work would slow the bench's own clock readings (the cached API's latency) and the other way round.
 * Run as a child it answers the parent's questions over IPC.
 */

export interface DeliverySummary {
  subscriptionId: string;
  receivedAt: number;
  title: string;
  body: string;
}

type Request = { op: 'subscribe'; n: number } | { op: 'count' } | { op: 'deliveries' } | { op: 'decrypt' };

export interface PushServiceProcess {
  url: string;
  subscribe: (n: number) => Promise<LocalSubscription[]>;
  count: () => Promise<number>;
  deliveries: () => Promise<DeliverySummary[]>;
  /** Decrypts every body kept (as the browsers would); how many did not decrypt. */
  undecryptable: () => Promise<number>;
  close: () => void;
}

export async function startPushServiceProcess(options: { delayMs: number }): Promise<PushServiceProcess> {
  const child: ChildProcess = fork(new URL(import.meta.url).pathname, ['--child', String(options.delayMs)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let next = 0;
  const answers = new Map<number, (value: unknown) => void>();
  child.on('message', (message: { id: number; value: unknown }) => {
    answers.get(message.id)?.(message.value);
    answers.delete(message.id);
  });
  const ask = <T>(request: Request | { op: 'url' }): Promise<T> =>
    new Promise((resolve) => {
      const id = next++;
      answers.set(id, resolve as (value: unknown) => void);
      child.send({ id, request });
    });
  const url = await ask<string>({ op: 'url' });
  return {
    url,
    subscribe: (n) => ask({ op: 'subscribe', n }),
    count: () => ask({ op: 'count' }),
    deliveries: () => ask({ op: 'deliveries' }),
    undecryptable: () => ask({ op: 'decrypt' }),
    close: () => child.kill('SIGTERM'),
  };
}

if (process.argv[2] === '--child') {
  const service = await startLocalPushService({ delayMs: Number(process.argv[3]), decryptLater: true });
  process.on('message', ({ id, request }: { id: number; request: Request | { op: 'url' } }) => {
    const reply = (value: unknown) => process.send!({ id, value });
    if (request.op === 'url') reply(service.url);
    else if (request.op === 'subscribe') reply(Array.from({ length: request.n }, () => service.subscribe()));
    else if (request.op === 'count') reply(service.deliveries.length);
    else if (request.op === 'decrypt') reply(service.decryptPending().length);
    else {
      reply(
        service.deliveries.map((d) => {
          const payload = (d.payload ?? {}) as { title?: string; body?: string };
          return { subscriptionId: d.subscriptionId, receivedAt: d.receivedAt, title: payload.title ?? '', body: payload.body ?? '' };
        }),
      );
    }
  });
  process.on('SIGTERM', () => void service.close().then(() => process.exit(0)));
}
