import { inject } from 'vitest';

/** Status, headers and the body as JSON (text when it is not JSON, null when empty). */
async function read(res: Response) {
  const text = await res.text();
  let body: any;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return { status: res.status, headers: res.headers, body };
}

/** GET against the test server; returns status, headers and parsed JSON (null when none). */
export async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${inject('apiUrl')}${path}`, { headers });
  return read(res);
}

export async function post(path: string, payload: unknown, headers: Record<string, string> = {}) {
  const isString = typeof payload === 'string';
  const res = await fetch(`${inject('apiUrl')}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': isString ? 'application/x-www-form-urlencoded' : 'application/json', ...headers },
    body: isString ? payload : JSON.stringify(payload),
  });
  return read(res);
}

export const LIVE = ['1H', 'HT', '2H', 'ET', 'BT', 'P', 'INT', 'LIVE'];
