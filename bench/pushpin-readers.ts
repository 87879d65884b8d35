import { connect, type Socket } from 'node:net';

/**
 * Readers for bench/pushpin.ts, one process of several (a process may hold only so many sockets, and
 * one would parse 20,000 streams on one core): opens `count` `/api/live` streams through one Pushpin
 * instance, 8 from each loopback address (the per-reader cap), records when each `event: fixture` id
 * arrives, and reports on request. Started with an IPC channel; its first message says what to open.
 * A stream that fails or ends is opened again as an EventSource would: after the `retry` the stream
 * asked for (3 s), with the last id it had as Last-Event-ID; after a refusal (503, a 502 of Pushpin's), 5 s.
 *
 * Plain sockets and a small HTTP/1.1 reader rather than node:http: the readers share the bench's two
 * cores with Pushpin and the API, and node:http costs twice the CPU per event received.
 */

export interface ReadersJob {
  url: string;
  count: number;
  /** Index of the first address: 127.1.x.y counted from it. */
  firstAddress: number;
  /** Query strings, taken in turn. */
  queries: string[];
  perAddress: number;
  /** Streams opening at once. */
  concurrency: number;
}

export interface ReadersReport {
  /** Status → answers, first opens and reconnections alike. */
  statuses: Record<string, number>;
  /** Streams open now. */
  open: number;
  /** Times a stream was opened again (it failed or ended). */
  reconnections: number;
  /** Fixture change id → arrival times (epoch ms), one per stream that got it. */
  arrivals: Record<string, number[]>;
  /** Arrivals of an id a stream already had, or out of order. */
  duplicates: number;
  /** Streams that ended (Pushpin closed them) since the last reset. */
  ended: number;
  /** Open streams that received no change since the last reset: address, query, bytes received (the first 20). */
  silent: string[];
  /** The newest change id any stream had at the last reset: later arrivals of it or older ones are not the fan-out's. */
  seenBeforeReset: number;
}

const address = (n: number) => `127.1.${Math.floor(n / 250)}.${1 + (n % 250)}`;

const RETRY_MS = 3_000;
const REFUSED_RETRY_MS = 5_000;
const FIXTURE_EVENT = /^id: (\d+)\nevent: fixture\n/;

/**
 * One response read from a socket: the status line, then the body, chunked or not. Calls `onBlock` with
 * each SSE block (the text before a blank line) as it completes.
 */
class StreamReader {
  status = 0;
  private head = '';
  private chunked = false;
  private raw = '';
  private chunkLeft = 0;
  private text = '';
  private readonly onBlock: (block: string) => void;

  constructor(onBlock: (block: string) => void) {
    this.onBlock = onBlock;
  }

  push(data: string): void {
    if (!this.status) {
      this.head += data;
      const end = this.head.indexOf('\r\n\r\n');
      if (end < 0) return;
      this.status = Number(/^HTTP\/1\.\d (\d{3})/.exec(this.head)?.[1] ?? 0);
      this.chunked = /\r\ntransfer-encoding:\s*chunked/i.test(this.head.slice(0, end));
      data = this.head.slice(end + 4);
      this.head = '';
    }
    if (this.chunked) this.dechunk(data);
    else this.body(data);
  }

  private dechunk(data: string): void {
    this.raw += data;
    for (;;) {
      if (this.chunkLeft > 0) {
        const take = Math.min(this.chunkLeft, this.raw.length);
        this.body(this.raw.slice(0, take));
        this.raw = this.raw.slice(take);
        this.chunkLeft -= take;
        if (this.chunkLeft > 0) return;
        this.chunkLeft = -2;
      }
      if (this.chunkLeft === -2) {
        if (this.raw.length < 2) return;
        this.raw = this.raw.slice(2);
        this.chunkLeft = 0;
      }
      const line = this.raw.indexOf('\r\n');
      if (line < 0) return;
      this.chunkLeft = parseInt(this.raw.slice(0, line), 16) || 0;
      this.raw = this.raw.slice(line + 2);
      if (this.chunkLeft === 0) return;
    }
  }

  private body(data: string): void {
    this.text += data;
    let cut: number;
    while ((cut = this.text.indexOf('\n\n')) >= 0) {
      this.onBlock(this.text.slice(0, cut + 1));
      this.text = this.text.slice(cut + 2);
    }
  }
}

/** Opens stream `i`; resolves once it answered (or failed) the first time, then keeps it open until `closed()`. */
/** The newest change id any stream of this process received. */
const newest = { id: 0 };

function open(job: ReadersJob, i: number, report: ReadersReport, closed: () => boolean, sockets: Set<Socket>, seen: Map<number, string>, bytes: number[]): Promise<void> {
  const query = job.queries[i % job.queries.length]!;
  const localAddress = address(job.firstAddress + Math.floor(i / job.perAddress));
  const { hostname, port } = new URL(job.url);
  let last = 0;
  let answered: (() => void) | null = null;
  const first = new Promise<void>((done) => (answered = done));
  const connectAgain = () => {
    if (closed()) return;
    const socket = connect({ host: hostname, port: Number(port), localAddress });
    sockets.add(socket);
    let open = false;
    let retryMs = REFUSED_RETRY_MS;
    const reader = new StreamReader((block) => {
      const m = FIXTURE_EVENT.exec(block);
      if (!m) return;
      const id = Number(m[1]);
      newest.id = Math.max(newest.id, id);
      if (id <= last) report.duplicates += 1;
      else if (id > report.seenBeforeReset) (report.arrivals[m[1]!] ??= []).push(Date.now());
      last = Math.max(last, id);
      seen.set(i, `${localAddress} ${query}`);
    });
    // One character a byte: chunk sizes count bytes.
    socket.setEncoding('latin1');
    socket.on('connect', () => {
      socket.write(`GET /api/live${query} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept: text/event-stream\r\n${last ? `Last-Event-ID: ${last}\r\n` : ''}\r\n`);
    });
    socket.on('data', (data: string) => {
      bytes[i] = (bytes[i] ?? 0) + data.length;
      const before = reader.status;
      reader.push(data);
      if (before || !reader.status) return;
      report.statuses[reader.status] = (report.statuses[reader.status] ?? 0) + 1;
      answered?.();
      answered = null;
      if (reader.status !== 200) return void socket.destroy();
      open = true;
      retryMs = RETRY_MS;
      report.open += 1;
    });
    socket.on('error', () => {
      if (!closed() && !reader.status) report.statuses.error = (report.statuses.error ?? 0) + 1;
    });
    socket.on('close', () => {
      sockets.delete(socket);
      if (open) report.open -= 1;
      if (closed()) return;
      answered?.();
      answered = null;
      if (open) report.ended += 1;
      report.reconnections += 1;
      setTimeout(connectAgain, retryMs);
    });
  };
  connectAgain();
  return first;
}

async function run(job: ReadersJob) {
  const report: ReadersReport = { statuses: {}, open: 0, reconnections: 0, arrivals: {}, duplicates: 0, ended: 0, silent: [], seenBeforeReset: 0 };
  const sockets = new Set<Socket>();
  /** Stream index → its address and query, once it got a change since the last reset. */
  const seen = new Map<number, string>();
  /** Bytes each stream received since the last reset (a silent stream that still gets `: ping` is held, not stuck). */
  const bytes: number[] = [];
  let closing = false;
  let next = 0;
  const worker = async () => {
    while (next < job.count) await open(job, next++, report, () => closing, sockets, seen, bytes);
  };
  await Promise.all(Array.from({ length: job.concurrency }, worker));
  process.send!({ type: 'opened', statuses: report.statuses, open: report.open });
  process.on('message', (message: { type: string }) => {
    if (message.type === 'status') process.send!({ type: 'status', open: report.open, reconnections: report.reconnections });
    // What happened so far starts over: the bench reads the fan-out's figures alone.
    if (message.type === 'reset') {
      Object.assign(report, { arrivals: {}, duplicates: 0, ended: 0, reconnections: 0, seenBeforeReset: newest.id });
      seen.clear();
      bytes.fill(0);
    }
    if (message.type === 'report') {
      for (let i = 0; i < job.count && report.silent.length < 20; i++) {
        if (!seen.has(i)) report.silent.push(`${address(job.firstAddress + Math.floor(i / job.perAddress))} ${job.queries[i % job.queries.length]} (${bytes[i] ?? 0} bytes)`);
      }
      process.send!({ type: 'report', report });
    }
    if (message.type === 'close') {
      closing = true;
      for (const socket of sockets) socket.destroy();
      process.disconnect();
    }
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.once('message', (job: ReadersJob) => void run(job));
}
