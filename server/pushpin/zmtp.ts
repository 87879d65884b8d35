import { connect, type Socket } from 'node:net';

/**
 * The subscriber side of a ZeroMQ PUB socket, enough to read Pushpin's stats (deploy/pushpin/pushpin.conf
 * `stats_spec`): ZMTP 3.0 with NULL security over TCP (`tcp://host:port`) or a Unix socket
 * (`ipc:///path`), messages of any number of frames. The npm bindings of ZeroMQ are a native build;
 * this side of the protocol is a page. Greeting as 3.0 makes the publisher take subscriptions as
 * messages (3.1 would also accept them as commands). Reconnects while open.
 */

export interface ZmqSubscription {
  close: () => void;
}

export interface ZmqSubscribeOptions {
  /** Message prefixes to receive (ZeroMQ filters on the publisher's side); `['']` for everything. */
  prefixes: string[];
  onMessage: (message: Buffer) => void;
  /** Connected and subscribed, or the connection dropped (`up` false): what was learnt from it may be stale. */
  onState?: (up: boolean) => void;
  log?: (message: string) => void;
  retryMs?: number;
}

const GREETING_BYTES = 64;

function greeting(): Buffer {
  const g = Buffer.alloc(GREETING_BYTES);
  // Signature, with the 1.0-era length byte libzmq writes, then version 3.0 and the NULL mechanism.
  g[0] = 0xff;
  g[8] = 0x01;
  g[9] = 0x7f;
  g[10] = 3;
  g[11] = 0;
  g.write('NULL', 12, 'ascii');
  return g;
}

/** A frame: flags (more 0x01, long 0x02, command 0x04), its size, its body. */
export function zmtpFrame(body: Buffer, flags = 0): Buffer {
  if (body.length <= 255) return Buffer.concat([Buffer.from([flags, body.length]), body]);
  const head = Buffer.alloc(9);
  head[0] = flags | 0x02;
  head.writeBigUInt64BE(BigInt(body.length), 1);
  return Buffer.concat([head, body]);
}

function readyCommand(): Buffer {
  const name = Buffer.from('Socket-Type', 'ascii');
  const value = Buffer.from('SUB', 'ascii');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(value.length);
  const body = Buffer.concat([Buffer.from([5]), Buffer.from('READY', 'ascii'), Buffer.from([name.length]), name, length, value]);
  return zmtpFrame(body, 0x04);
}

/** Splits what arrived into frames; keeps a partial frame for the next chunk. */
export class ZmtpReader {
  private buffer: Buffer = Buffer.alloc(0);
  private greeted = false;
  private parts: Buffer[] = [];
  private readonly onMessage: (message: Buffer) => void;
  private readonly onGreeting: () => void;

  constructor(onMessage: (message: Buffer) => void, onGreeting: () => void = () => {}) {
    this.onMessage = onMessage;
    this.onGreeting = onGreeting;
  }

  /** Throws when the peer does not speak ZMTP 3. */
  push(chunk: Buffer): void {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    if (!this.greeted) {
      if (this.buffer.length < GREETING_BYTES) return;
      if (this.buffer[0] !== 0xff || this.buffer[9] !== 0x7f || this.buffer[10]! < 3) throw new Error('the peer does not speak ZMTP 3');
      this.greeted = true;
      this.buffer = this.buffer.subarray(GREETING_BYTES);
      this.onGreeting();
    }
    for (;;) {
      if (this.buffer.length < 2) return;
      const flags = this.buffer[0]!;
      const long = (flags & 0x02) !== 0;
      const head = long ? 9 : 2;
      if (this.buffer.length < head) return;
      const size = long ? Number(this.buffer.readBigUInt64BE(1)) : this.buffer[1]!;
      if (this.buffer.length < head + size) return;
      const body = this.buffer.subarray(head, head + size);
      this.buffer = this.buffer.subarray(head + size);
      // Commands (READY, and PING if the peer ever sent one) carry nothing for a subscriber.
      if (flags & 0x04) continue;
      this.parts.push(body);
      if (flags & 0x01) continue;
      const message = this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts);
      this.parts = [];
      this.onMessage(message);
    }
  }
}

/** Where `tcp://host:port` or `ipc:///path` points; throws on anything else. */
export function zmqEndpoint(spec: string): { host: string; port: number } | { path: string } {
  const tcp = /^tcp:\/\/(\[[^\]]+\]|[^:/]+):(\d{1,5})$/.exec(spec);
  if (tcp && Number(tcp[2]) > 0 && Number(tcp[2]) < 65_536) return { host: tcp[1]!.replace(/^\[|\]$/g, ''), port: Number(tcp[2]) };
  if (/^ipc:\/\/\/./.test(spec)) return { path: spec.slice('ipc://'.length) };
  throw new Error(`a ZeroMQ address is tcp://host:port or ipc:///path, got "${spec}"`);
}

/** Subscribes to `spec` until closed; a dropped connection is tried again every `retryMs`. */
export function subscribeZmq(spec: string, options: ZmqSubscribeOptions): ZmqSubscription {
  const endpoint = zmqEndpoint(spec);
  const log = options.log ?? ((m: string) => console.error(m));
  const retryMs = options.retryMs ?? 1_000;
  let socket: Socket | null = null;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  let up = false;
  let failures = 0;

  const open = () => {
    timer = null;
    const s: Socket = connect(endpoint);
    socket = s;
    // libzmq drops a peer whose handshake comes all at once: READY and the subscriptions wait for its greeting.
    const reader = new ZmtpReader(options.onMessage, () => {
      s.write(Buffer.concat([readyCommand(), ...options.prefixes.map((p) => zmtpFrame(Buffer.concat([Buffer.from([1]), Buffer.from(p)])))]));
      if (failures > 0) log(`[live] Pushpin's stats at ${spec} answer again`);
      failures = 0;
      up = true;
      options.onState?.(true);
    });
    s.setNoDelay(true);
    s.on('connect', () => s.write(greeting()));
    s.on('data', (chunk: Buffer) => {
      try {
        reader.push(chunk);
      } catch (error) {
        log(`[live] Pushpin's stats at ${spec}: ${(error as Error).message}; connecting again`);
        s.destroy();
      }
    });
    s.on('error', (error) => {
      // Said once per outage: a Pushpin that is down is retried quietly.
      if (failures === 0) log(`[live] Pushpin's stats at ${spec} are unreachable (${(error as NodeJS.ErrnoException).code ?? error.message}); retrying every ${retryMs / 1000} s`);
      failures += 1;
    });
    s.on('close', () => {
      if (up && !closed) {
        log(`[live] Pushpin's stats at ${spec} closed the connection; connecting again`);
        options.onState?.(false);
      }
      up = false;
      if (!closed) timer = setTimeout(open, retryMs).unref();
    });
  };
  open();
  return {
    close: () => {
      closed = true;
      if (timer) clearTimeout(timer);
      socket?.destroy();
    },
  };
}
