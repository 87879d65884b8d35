// @vitest-environment happy-dom
import { capture } from '../../tests/helpers/captures.ts';
import { atom } from 'nanostores';
import { useStore } from '@nanostores/react';
import { act, createElement, version } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import TodayMatches from './TodayMatches.tsx';
import { toScoreboardMatch } from '../lib/match/scoreboard.ts';
import { parseMatch } from '../lib/match/parse.ts';
import { scoreboardStore } from '../lib/live/matchday-store.ts';
import type { Match } from '../lib/match/types.ts';

/**
 * The islands run on React 19 (astro.config.mjs: @astrojs/react): what the build renders into the
 * HTML is hydrated by React in the browser with no mismatch, and stores reach components through
 * @nanostores/react. Rendered here with the same React the site ships, in a DOM (happy-dom).
 */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function match(raw: unknown): Match {
  const parsed = parseMatch(raw);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

// Libertad 1-1 Emelec, finished (the real capture): nothing left to refresh, so the island polls nothing.
const finished = match(capture('liga-pro-fixture-items.json').agendaFT);
const builtAt = Date.parse('2026-09-04T02:00:00Z');

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('islands on React 19', () => {
  it('is React 19 that renders them', () => {
    expect(version.split('.')[0]).toBe('19');
  });

  it("hydrates the build's scoreboard without a mismatch and then says how fresh it is", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const props = { date: '2026-09-03', matches: [toScoreboardMatch(finished)], builtAt, clockOffsetMs: 0, builtAtTime: '21:00' };
    const container = document.createElement('div');
    container.innerHTML = renderToString(createElement(TodayMatches, props));
    document.body.append(container);
    // What a reader sees before React runs: the build's time of the data, the final score.
    expect(container.querySelector('[data-freshness]')?.textContent).toBe('Datos de las 21:00');
    expect(container.querySelector('[data-today-matches]')?.getAttribute('data-hydrated')).toBe('false');
    const row = container.querySelector('[data-match-kind="Result"]');
    expect(row?.textContent).toContain('Libertad');
    expect(row?.textContent).toContain('Emelec');

    await act(async () => {
      hydrateRoot(container, createElement(TodayMatches, props));
    });

    expect(container.querySelector('[data-today-matches]')?.getAttribute('data-hydrated')).toBe('true');
    expect(container.querySelector('[data-freshness]')?.textContent).toMatch(/^Actualizado hace /);
    // The same row, kept by hydration rather than drawn again; no hydration error (#418) was logged.
    expect(container.querySelector('[data-match-kind="Result"]')).toBe(row);
    expect(errors).not.toHaveBeenCalled();
  });

  it("draws a store's new value through @nanostores/react's useStore", async () => {
    const $score = atom('1 - 0');
    const Score = () => createElement('output', { 'aria-label': 'marcador' }, useStore($score));
    render(createElement(Score));
    expect(screen.getByLabelText('marcador').textContent).toBe('1 - 0');
    await act(async () => $score.set('2 - 0'));
    expect(screen.getByLabelText('marcador').textContent).toBe('2 - 0');
  });

  it('hydrates the build\'s HTML from a store the live watcher already moved, then draws the goal, without a mismatch', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('EventSource', undefined);
    // Universidad Católica 1-0 Aucas in the 49th minute (the real capture); the answer has a second goal.
    const liveRaw = capture('liga-pro-fixture-items.json').segundoTempo as { goals: { home: number; away: number } };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ response: [{ ...liveRaw, goals: { home: 2, away: 0 } }] }), { headers: { 'content-type': 'application/json' } }));
    const props = { date: '2026-09-03', matches: [toScoreboardMatch(match(liveRaw))], builtAt: Date.now() - 60_000, clockOffsetMs: 0, builtAtTime: '14:49' };
    const container = document.createElement('div');
    container.innerHTML = renderToString(createElement(TodayMatches, props));
    document.body.append(container);
    const score = () => container.querySelector('[data-match-kind="Live"] .tabular-nums')?.textContent;
    expect(score()).toBe('1 - 0');

    // The watcher's store (the island's: one per page and data) sees the goal before React loads.
    const store = scoreboardStore(props);
    const stopListening = store.$matchday.listen(() => {});
    await store.refresh();
    expect(store.$matchday.get().matches[0]?.goals).toEqual({ home: 2, away: 0 });

    await act(async () => {
      hydrateRoot(container, createElement(TodayMatches, props));
    });
    expect(score()).toBe('2 - 0');
    expect(errors).not.toHaveBeenCalled();
    stopListening();
    vi.unstubAllGlobals();
  });
});

