// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SPOILERS_STORAGE_KEY } from '../lib/config.ts';
import { followSpoilersElsewhere, initSpoilers, setSpoilersHidden, spoilersHidden } from './spoilers.ts';

/**
 * "Sin spoilers": the header's switch hides scores and results (a class on <html>, drawn by CSS),
 * remembers it, and a tap on a hidden block shows that block alone without following its link.
 */

beforeEach(() => {
  localStorage.clear();
  document.documentElement.className = '';
  document.body.innerHTML = `
    <button type="button" aria-pressed="false" data-spoiler-toggle>Sin spoilers</button>
    <ul><li><a href="/partidos/1" id="row"><span data-spoiler id="score">2 - 1</span></a></li>
    <li><a href="/partidos/2"><span data-spoiler id="other">0 - 0</span></a></li></ul>`;
});
afterEach(() => {
  document.body.innerHTML = '';
});

const click = (id: string) => {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  document.getElementById(id)!.dispatchEvent(event);
  return event;
};

describe('Sin spoilers', () => {
  it('the switch hides results, says it is pressed and remembers it; pressed again, shows them and forgets', () => {
    initSpoilers();
    const button = document.querySelector<HTMLButtonElement>('[data-spoiler-toggle]')!;
    button.click();
    expect(spoilersHidden()).toBe(true);
    expect(document.documentElement.classList.contains('no-spoilers')).toBe(true);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem(SPOILERS_STORAGE_KEY)).toBe('1');
    button.click();
    expect(spoilersHidden()).toBe(false);
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(localStorage.getItem(SPOILERS_STORAGE_KEY)).toBeNull();
  });

  it('a tap on a hidden score shows that score alone and does not follow its link; a second tap does', () => {
    initSpoilers();
    setSpoilersHidden(true);
    const first = click('score');
    expect(first.defaultPrevented).toBe(true);
    expect(document.getElementById('score')!.hasAttribute('data-revealed')).toBe(true);
    expect(document.getElementById('other')!.hasAttribute('data-revealed')).toBe(false);
    expect(click('score').defaultPrevented).toBe(false);
    // Hiding again hides what was shown.
    setSpoilersHidden(false);
    setSpoilersHidden(true);
    expect(document.querySelectorAll('[data-revealed]')).toHaveLength(0);
  });

  it("keeps a covered match story inert while hidden; its cover shows it and hands it the focus", () => {
    document.body.insertAdjacentHTML(
      'beforeend',
      '<div><button type="button" data-spoiler-cover id="cover">Mostrar lo que pasó en el partido</button><div data-spoiler="story" tabindex="-1" id="story"><a href="/jugadores/1">E. Valencia</a></div></div>',
    );
    const story = document.getElementById('story')!;
    initSpoilers();
    expect(story.inert).toBe(false);
    setSpoilersHidden(true);
    expect(story.inert).toBe(true);
    expect(click('cover').defaultPrevented).toBe(true);
    expect([story.hasAttribute('data-revealed'), story.inert, document.activeElement]).toEqual([true, false, story]);
    // Hidden again, after a visit with results shown: inert again.
    setSpoilersHidden(false);
    expect(story.inert).toBe(false);
    setSpoilersHidden(true);
    expect([story.hasAttribute('data-revealed'), story.inert]).toEqual([false, true]);
  });

  it('names a result link and a club form without their result while hidden, and as built once shown or switched off', () => {
    document.body.insertAdjacentHTML(
      'beforeend',
      '<a href="/partidos/3" id="labelled" aria-label="2 - 1: Emelec contra Aucas, Final. Ver partido" data-spoiler data-unspoiled-label="Emelec contra Aucas, resultado oculto. Ver partido">2 - 1</a>' +
        '<a href="/partidos/4" id="text" data-spoiler data-unspoiled-label="Emelec contra Aucas, resultado oculto">Emelec 2-1 Aucas</a>' +
        '<span id="form" data-form="WDL" data-spoiler data-unspoiled-label="Resultados ocultos"><span role="img" aria-label="Victoria">G</span></span>' +
        '<span id="badge" role="img" aria-label="Victoria:" data-form="W" data-spoiler data-unspoiled-label="Resultado oculto:">G</span>',
    );
    const [labelled, text, form, badge] = ['labelled', 'text', 'form', 'badge'].map((id) => document.getElementById(id)!);
    const names = () => [labelled, text, form, badge].map((element) => [element.getAttribute('aria-label'), element.getAttribute('role')]);
    initSpoilers();
    const asBuilt = [
      ['2 - 1: Emelec contra Aucas, Final. Ver partido', null],
      [null, null],
      [null, null],
      ['Victoria:', 'img'],
    ];
    expect(names()).toEqual(asBuilt);
    setSpoilersHidden(true);
    expect(names()).toEqual([
      ['Emelec contra Aucas, resultado oculto. Ver partido', null],
      ['Emelec contra Aucas, resultado oculto', null],
      ['Resultados ocultos', 'img'],
      ['Resultado oculto:', 'img'],
    ]);
    // A tap shows one, to the ear too.
    click('text');
    expect(names()[1]).toEqual([null, null]);
    expect(names()[0]![0]).toBe('Emelec contra Aucas, resultado oculto. Ver partido');
    setSpoilersHidden(false);
    expect(names()).toEqual(asBuilt);
  });

  it('leaves every tap alone while results are shown', () => {
    initSpoilers();
    expect(click('score').defaultPrevented).toBe(false);
    expect(document.getElementById('score')!.hasAttribute('data-revealed')).toBe(false);
  });

  it('follows the choice made in another tab', () => {
    followSpoilersElsewhere();
    window.dispatchEvent(new StorageEvent('storage', { key: SPOILERS_STORAGE_KEY, newValue: '1' }));
    expect(spoilersHidden()).toBe(true);
    expect(document.querySelector('[data-spoiler-toggle]')!.getAttribute('aria-pressed')).toBe('true');
    window.dispatchEvent(new StorageEvent('storage', { key: SPOILERS_STORAGE_KEY, newValue: null }));
    expect(spoilersHidden()).toBe(false);
  });
});
