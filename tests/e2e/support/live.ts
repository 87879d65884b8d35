import { expect, type Locator, type Page } from '@playwright/test';

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

/**
 * The island's live code runs: the page's live watcher while nothing has changed, React once
 * something has (src/client/live-islands.ts). `inner` is an element of the island.
 */
export async function expectLiveCode(inner: Locator): Promise<void> {
  await expect(inner.locator('xpath=ancestor::astro-island[1]')).toHaveAttribute('data-live', /^(watching|hydrating|hydrated)$/);
}

/**
 * One goal more for the home side of every match in play in each answer about fixtures (the
 * server's clock is frozen, so nothing moves by itself): the page's live islands have a change to
 * show, and React hydrates them. `onAnswer` sees each changed answer as sent (plain JSON) and how
 * many matches in it were in play (the bench counts its bytes).
 */
export async function scoreInEveryLiveMatch(page: Page, onAnswer?: (body: string, inPlay: number) => void): Promise<void> {
  await page.route(/\/api\/football\/fixtures\?/, async (route) => {
    const response = await route.fetch();
    const json = (await response.json()) as { response?: Array<{ fixture: { status: { short: string } }; goals: { home: number | null } }> };
    let inPlay = 0;
    for (const fixture of json.response ?? []) {
      if (!['1H', 'HT', '2H'].includes(fixture.fixture.status.short)) continue;
      inPlay++;
      fixture.goals.home = (fixture.goals.home ?? 0) + 1;
    }
    const body = JSON.stringify(json);
    onAnswer?.(body, inPlay);
    await route.fulfill({ response, body, contentType: 'application/json' });
  });
}
