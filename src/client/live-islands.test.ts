// @vitest-environment happy-dom
import { serializeProps } from 'astro/runtime/server/serialize.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { capture } from '../../tests/helpers/captures.ts';
import { parseMatch } from '../lib/match/parse.ts';
import { parseDetailedMatchList } from '../lib/match/parse-detail.ts';
import { toScoreboardMatch } from '../lib/match/scoreboard.ts';
import type { Match } from '../lib/match/types.ts';
import { islandProps, watchLiveIslands } from './live-islands.ts';

/**
 * The live watcher runs an island's store without React and hands the island over at the first
 * change of what it shows: against islands serialized by Astro's own code, a live match of the
 * real captures (Universidad Católica 1-0 Aucas, 49th minute), and answers served by a stubbed fetch.
 */

const raw = capture('liga-pro-fixture-items.json').segundoTempo as { goals: { home: number; away: number }; fixture: { status: { elapsed: number } } };

function match(value: unknown): Match {
  const parsed = parseMatch(value);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

/** The match as a match page hands it to its islands (src/pages/partidos/[id].astro): with the details it draws. */
function pageMatch(value: unknown): Match {
  const parsed = parseDetailedMatchList({ response: [value] });
  if (!parsed.ok) throw new Error(parsed.error);
  const [detailed] = parsed.value;
  const details = detailed!.details!;
  return { ...detailed!, details: { events: details.events, lineups: details.lineups, statistics: details.statistics } };
}

/** An island as Astro writes it into a page, with the markup the watcher touches. */
function island(kind: string, props: Record<string, unknown>): HTMLElement {
  const element = document.createElement('astro-island');
  element.setAttribute('client', 'live');
  element.setAttribute('opts', JSON.stringify({ name: 'TodayMatches', value: kind }));
  element.setAttribute('props', serializeProps(props));
  element.innerHTML = '<div aria-busy="false"><p data-freshness>Datos de las 14:49</p></div>';
  document.body.append(element);
  return element;
}

/** The data API's answer for /api/football/fixtures, with this match in it. */
function answerWith(fixture: unknown) {
  return vi.fn(
    async () =>
      new Response(JSON.stringify({ get: 'fixtures', parameters: {}, errors: [], results: 1, paging: { current: 1, total: 1 }, response: [fixture] }), {
        headers: { 'content-type': 'application/json' },
      }),
  );
}

const minuteLater = { ...raw, fixture: { ...raw.fixture, status: { ...raw.fixture.status, elapsed: 50 } } };
const goal = { ...raw, goals: { home: 2, away: 0 } };

beforeEach(() => {
  // No stream in this page: the store polls, as it does after the stream failed.
  vi.stubGlobal('EventSource', undefined);
});

let stopWatching = () => {};

afterEach(() => {
  stopWatching();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('islandProps', () => {
  it('reads back what Astro serialized: nested objects, arrays and numbers as the component gets them', () => {
    const live = match(raw);
    const props = { date: '2026-09-03', matches: [toScoreboardMatch(live)], builtAt: 1_756_925_000_000, clockOffsetMs: -250, builtAtTime: '14:49' };
    expect(islandProps(island('scoreboard', props))).toEqual(JSON.parse(JSON.stringify(props)));
  });
});

describe('watchLiveIslands', () => {
  const builtAt = () => Date.now() - 60_000;

  it('keeps the freshness line current and hydrates nothing while the answers show what the page shows', async () => {
    const fetch = answerWith(raw);
    vi.stubGlobal('fetch', fetch);
    const changed = vi.fn();
    // A match page's header, the day's scoreboard.
    const elements = [
      island('match', { part: 'scoreboard', match: pageMatch(raw), kickoffText: '14:00', builtAt: builtAt(), builtAtTime: '14:49', clockOffsetMs: 0 }),
      island('scoreboard', { date: '2026-09-03', matches: [toScoreboardMatch(match(raw))], builtAt: builtAt(), clockOffsetMs: 0 }),
    ];
    for (const element of elements) element.addEventListener('marcador:live-changed', changed);

    stopWatching = watchLiveIslands();
    // The page is a minute old and the match is live: each store asks at once.
    for (const element of elements) {
      expect(element.dataset.live).toBe('watching');
      await vi.waitFor(() => expect(element.querySelector('[data-freshness]')?.textContent).toBe('Actualizado ahora mismo'));
    }
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(changed).not.toHaveBeenCalled();
    expect(elements.map((element) => element.dataset.live)).toEqual(['watching', 'watching']);
  });

  it("sees no change in the details a club's page never drew (its header is built without them)", async () => {
    vi.stubGlobal('fetch', answerWith(raw));
    const changed = vi.fn();
    const element = island('match', { part: 'scoreboard', match: match(raw), kickoffText: '14:00', builtAt: builtAt(), builtAtTime: '14:49', clockOffsetMs: 0 });
    element.addEventListener('marcador:live-changed', changed);
    stopWatching = watchLiveIslands();
    await vi.waitFor(() => expect(element.querySelector('[data-freshness]')?.textContent).toBe('Actualizado ahora mismo'));
    expect(changed).not.toHaveBeenCalled();
  });

  it('hands the island to React when the match moved on, with its markup as built', async () => {
    vi.stubGlobal('fetch', answerWith(minuteLater));
    const changed = vi.fn();
    const element = island('match', { part: 'scoreboard', match: pageMatch(raw), kickoffText: '14:00', builtAt: builtAt(), builtAtTime: '14:49', clockOffsetMs: 0 });
    element.addEventListener('marcador:live-changed', () => changed(element.querySelector('[data-freshness]')?.textContent, element.firstElementChild?.getAttribute('aria-busy')));

    stopWatching = watchLiveIslands();
    await vi.waitFor(() => expect(changed).toHaveBeenCalledTimes(1));
    // React hydrates what the build wrote: the line says when the data was fetched, nothing is busy.
    expect(changed).toHaveBeenCalledWith('Datos de las 14:49', 'false');
    expect(element.dataset.live).toBe('hydrating');
    element.dispatchEvent(new CustomEvent('astro:hydrate'));
    expect(element.dataset.live).toBe('hydrated');
  });

  it('puts back the pictures drawn from the image sheet before React hydrates, still drawn from their cells: no crest is downloaded again', async () => {
    vi.stubGlobal('fetch', answerWith(minuteLater));
    const built = '<img src="/media/teams/1148.png" alt="" width="64" height="64" loading="lazy" decoding="async" class="shrink-0 object-contain size-12">';
    const element = island('match', { part: 'scoreboard', match: pageMatch(raw), kickoffText: '14:00', builtAt: builtAt(), builtAtTime: '14:49', clockOffsetMs: 0 });
    const cell = document.createElement('span');
    cell.className = 'shrink-0 size-12 crest img-sheet';
    cell.setAttribute('style', '--sheet-x:2;--sheet-y:1');
    cell.dataset.img = '1';
    element.firstElementChild!.append(cell);
    // The page's pictures as built, at its end (integrations/finish/image-sheets.ts); this island's is the second.
    document.body.insertAdjacentHTML('beforeend', `<template data-sheet-pictures><img src="/media/teams/1.png" alt="">${built}</template>`);
    let atHandover = '';
    element.addEventListener('marcador:live-changed', () => (atHandover = element.firstElementChild!.lastElementChild!.outerHTML));

    stopWatching = watchLiveIslands();
    await vi.waitFor(() => expect(atHandover).not.toBe(''));
    const picture = element.querySelector('img')!;
    expect(element.querySelector('[data-img]')).toBeNull();
    expect(atHandover).toBe(picture.outerHTML);
    // The element React hydrates (an <img>, its size and text as built), drawn by the cell's rule.
    expect([picture.getAttribute('width'), picture.getAttribute('alt'), picture.className, picture.getAttribute('style')]).toEqual(['64', '', 'shrink-0 size-12 crest img-sheet', '--sheet-x: 2; --sheet-y: 1;']);
    expect(picture.getAttribute('src')).toMatch(/^data:image\/gif;base64,/);
    expect(picture.getAttribute('src')).not.toContain('/media/teams/');
  });

  it("watches a day's scoreboard by its matches and all of a match's islands with one store", async () => {
    const fetch = answerWith(goal);
    vi.stubGlobal('fetch', fetch);
    const live = pageMatch(raw);
    const scoreboard = island('scoreboard', { date: '2026-09-03', matches: [toScoreboardMatch(match(raw))], builtAt: builtAt(), clockOffsetMs: 0 });
    const header = island('match', { part: 'scoreboard', match: live, kickoffText: '14:00', builtAt: builtAt(), builtAtTime: '14:49', clockOffsetMs: 0 });
    const events = island('match', { part: 'events', match: live, kickoffText: '14:00', builtAt: builtAt(), builtAtTime: '14:49', clockOffsetMs: 0 });
    const changed = vi.fn();
    for (const element of [scoreboard, header, events]) element.addEventListener('marcador:live-changed', () => changed(element));

    stopWatching = watchLiveIslands();
    await vi.waitFor(() => expect(changed).toHaveBeenCalledTimes(3));
    // One request for the day, one for the match (not one per island).
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls.map((call) => String(call[0 as never]))).toEqual(expect.arrayContaining([expect.stringContaining('date=2026-09-03'), expect.stringContaining('id=')]));
  });

  it('leaves an island it cannot read as built, and says why in the console', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const element = island('table', { league: 242 });
    stopWatching = watchLiveIslands();
    expect(element.dataset.live).toBeUndefined();
    expect(warn).toHaveBeenCalledWith('[marcador] live island not watched: unknown client:live value "table"');
  });
});
