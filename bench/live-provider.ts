import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDemoProvider } from '../server/providers/demo/provider.ts';

/**
 * The live bench's provider, in a process of its own (generating a season's tables blocks for a second
 * or two; in the bench's process that would delay the arrivals it timestamps): the demo season served
 * as API-Football on 127.0.0.1, its clock at `anchor + offset`. `POST /__offset?ms=` moves the replay;
 * `GET /__answers` lists when the first live answer carrying each offset went out, and every answer's time.
 * Args: seed, anchor. Prints the port.
 */
const [seed, anchor] = process.argv.slice(2);
let offsetMs = 0;
const answeredAt: Record<string, number> = {};
/** Every answer's time: a change is written right after the answer that brought it, whatever it asked for. */
const sentAt: number[] = [];
const demo = createDemoProvider({ season: () => ({ seed: Number(seed), anchor }), now: () => new Date(Date.parse(anchor) + offsetMs) });
const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  if (url.pathname === '/__offset') {
    offsetMs = Number(url.searchParams.get('ms'));
    res.end('ok');
    return;
  }
  if (url.pathname === '/__answers') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ live: answeredAt, all: sentAt }));
    return;
  }
  const at = offsetMs;
  const answer = await demo.fetch(`http://provider.invalid${req.url}`);
  const body = await answer.text();
  res.writeHead(answer.status, Object.fromEntries(answer.headers));
  res.end(body);
  if (url.searchParams.has('live') && answeredAt[at] === undefined) answeredAt[at] = Date.now();
  sentAt.push(Date.now());
});
// Longer than the bench's pauses: a reused keep-alive socket must not be closed under a request.
server.keepAliveTimeout = 120_000;
server.listen(0, '127.0.0.1', () => console.log(`port ${(server.address() as AddressInfo).port}`));
