import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import webpush from 'web-push';
import type { EncryptRequest, EncryptResult } from './encryptor.ts';

/**
 * Encrypts pushes off the server's main thread (encryptor.ts): aes128gcm for each browser's keys is
 * most of a fan-out's CPU, and on the main thread it would hold readers' requests.
 */
// Readers first: on Linux a thread has its own nice value, so this lowers the encryption alone, and the
// main thread's answers to readers win the CPU whenever both want it. Where it cannot, alerts go as they are.
try {
  setPriority(10);
} catch {
  // Not allowed here: same priority as the server.
}

parentPort!.on('message', (batch: EncryptRequest[]) => {
  const results: EncryptResult[] = batch.map((r) => {
    try {
      const details = webpush.generateRequestDetails({ endpoint: r.endpoint, keys: { p256dh: r.p256dh, auth: r.auth } }, r.payload, {
        TTL: r.ttl,
        urgency: r.urgency,
        topic: r.topic,
        contentEncoding: 'aes128gcm',
        headers: { Authorization: r.authorization },
      });
      return { id: r.id, headers: details.headers as Record<string, string | number>, body: new Uint8Array(details.body as Buffer) };
    } catch (error) {
      return { id: r.id, error: (error as Error).message };
    }
  });
  parentPort!.postMessage(results);
});
