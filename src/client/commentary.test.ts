// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { commentaryHtml } from '../../markup/commentary.ts';
import type { CommentaryLine } from '../../contract/commentary.ts';
import { initCommentary, updateCommentary } from './commentary.ts';

/** The Relato's section as MatchCommentary.astro writes it: folded, its lines in a template. */
function section(lines: CommentaryLine[]): HTMLDetailsElement {
  document.body.innerHTML = `<details id="relato" data-commentary><summary><h2>Relato del partido</h2></summary>Con JavaScript desactivado el relato no se muestra.<template data-commentary-lines>${commentaryHtml(lines)}</template></details>`;
  return document.querySelector('details')!;
}

const kickoff: CommentaryLine = { key: 'kickoff', label: 'Inicio', kind: 'kickoff', text: '¡Rueda el balón! Emelec y Barcelona SC ya juegan.' };
const goal: CommentaryLine = { key: '0-goal-12-', label: "12'", kind: 'goal', text: '¡Gol de Emelec! J. Pérez marca. Emelec 1-0 Barcelona SC.' };
const shownLines = () => [...document.querySelectorAll('[data-commentary-list] > li')].map((li) => li.textContent);

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the Relato in the page', () => {
  it('shows its lines in place of the no-JavaScript sentence when opened, and not before', () => {
    const details = section([kickoff]);
    initCommentary();
    expect(shownLines()).toEqual([]);
    details.open = true;
    details.dispatchEvent(new Event('toggle'));
    expect(shownLines()).toEqual(["Inicio¡Rueda el balón! Emelec y Barcelona SC ya juegan."]);
    expect(details.textContent).not.toContain('JavaScript');
  });

  it('takes a pushed line at once while open, and keeps it for the opening while folded', () => {
    const details = section([kickoff]);
    initCommentary();
    updateCommentary([goal, kickoff]);
    expect(shownLines()).toEqual([]);
    details.open = true;
    details.dispatchEvent(new Event('toggle'));
    expect(shownLines()).toEqual(["12'¡Gol de Emelec! J. Pérez marca. Emelec 1-0 Barcelona SC.", 'Inicio¡Rueda el balón! Emelec y Barcelona SC ya juegan.']);
    updateCommentary([{ ...goal, key: '1-yellow-card-30-', label: "30'", kind: 'yellow-card', text: 'Amonestado L. Ortiz (Barcelona SC).' }, goal, kickoff]);
    expect(shownLines()[0]).toBe("30'Amonestado L. Ortiz (Barcelona SC).");
    expect(document.querySelectorAll('[data-commentary-list]')).toHaveLength(1);
  });

  it('escapes what the data says: a name is text, never markup', () => {
    const details = section([{ ...goal, text: '¡Gol de <img src=x onerror=alert(1)>!' }]);
    initCommentary();
    details.open = true;
    details.dispatchEvent(new Event('toggle'));
    expect(document.querySelector('[data-commentary-list] img')).toBeNull();
    expect(shownLines()[0]).toContain('<img src=x onerror=alert(1)>');
  });
});
