import type { Page } from '@playwright/test';

/**
 * The islands follow /api/live (Server-Sent Events) while a match is live and poll only without
 * it. Tests of the polling itself take EventSource away, as a browser without it (or whose stream
 * failed) would have it.
 */
export async function pollingOnly(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Reflect.deleteProperty(window, 'EventSource');
  });
}

/**
 * Answers every /api/live request with these SSE events (contract/live.ts), as the server would
 * after writes: `{ event: 'fixture', data: {...} }`. The answer then ends; the browser reconnects
 * by itself and gets them again, which changes nothing.
 */
export async function liveStream(page: Page, events: Array<{ event: string; data: unknown }>, requests: string[] = []): Promise<void> {
  let id = 100;
  const body = events.map((e) => `id: ${++id}\nevent: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`).join('');
  await page.route('**/api/live?*', (route) => {
    requests.push(route.request().url());
    return route.fulfill({ status: 200, headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store' }, body: `retry: 60000\n\n${body}` });
  });
}
