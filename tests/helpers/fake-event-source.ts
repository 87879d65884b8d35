/**
 * The browser's EventSource, faked: a test opens it, sends it changes, drops it (the browser then
 * reconnects by itself, readyState CONNECTING) or has the server answer other than a stream (a 503:
 * readyState CLOSED, no reconnect), and sees every connection the page opened.
 */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  static reset() {
    FakeEventSource.instances = [];
  }
  static get last(): FakeEventSource {
    const last = FakeEventSource.instances.at(-1);
    if (!last) throw new Error('no EventSource was opened');
    return last;
  }
  /** The connections not closed. */
  static get open(): FakeEventSource[] {
    return FakeEventSource.instances.filter((es) => es.readyState !== 2);
  }

  readyState = 0;
  closed = false;
  private listeners = new Map<string, Set<(event: Event) => void>>();
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: Event) => void) {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }
  removeEventListener(type: string, listener: (event: Event) => void) {
    this.listeners.get(type)?.delete(listener);
  }
  close() {
    this.readyState = 2;
    this.closed = true;
  }
  private dispatch(type: string, event: Event) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  /** The server answered with a stream. */
  open() {
    this.readyState = 1;
    this.dispatch('open', new Event('open'));
  }
  /** One SSE event, as `event: <type>` and `data: <json>`. */
  send(type: string, data: unknown) {
    this.dispatch(type, new MessageEvent(type, { data: typeof data === 'string' ? data : JSON.stringify(data) }));
  }
  /** A drop the browser retries by itself (`closed` false) or an answer other than a stream (true). */
  fail(closed = false) {
    this.readyState = closed ? 2 : 0;
    this.dispatch('error', new Event('error'));
  }
  /** The URL's query, as sorted `key=value` pairs. */
  get query(): Record<string, string> {
    return Object.fromEntries(new URL(this.url, 'http://x').searchParams);
  }
}
