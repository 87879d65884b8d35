import { describe, expect, it } from 'vitest';
import { matchRowHtml, newsRowHtml } from './search.ts';
import { HIDDEN_REPORT_TITLE } from '../contract/spoilers.ts';

/** The texts of a row as a screen reader gets them, with results shown and under Sin spoilers (global.css's swap). */
function spoken(html: string) {
  const said = [...html.matchAll(/<span class="sr-only" data-said>([^<]*)<\/span>/g)].map((m) => m[1]);
  const unsaid = [...html.matchAll(/<span class="sr-only" data-unsaid>([^<]*)<\/span>/g)].map((m) => m[1]);
  const blurred = [...html.matchAll(/<span data-spoiler>([^<]*)<\/span>/g)].map((m) => m[1]);
  return { said, unsaid, blurred, swapped: html.includes(' data-unspoiled>') };
}

const years = { spansYears: false, currentYear: 2026 };
const played = { id: 7, date: '2026-11-22T20:00:00-05:00', status: 'FT', home: 'Emelec', away: 'Barcelona SC', goals: { home: 0, away: 3 }, competition: 'Serie A' };

describe('search rows under Sin spoilers', () => {
  it('blurs a played match’s score alone and says the two clubs without it until tapped', () => {
    expect(spoken(matchRowHtml(played, years))).toEqual({
      said: ['Emelec 0-3 Barcelona SC'],
      unsaid: ['Emelec - Barcelona SC, resultado oculto'],
      blurred: ['0-3'],
      swapped: true,
    });
  });

  it('leaves a match not yet played as it is: there is no result to hide', () => {
    const html = matchRowHtml({ ...played, status: 'NS', goals: { home: null, away: null } }, years);
    expect(spoken(html)).toEqual({ said: [], unsaid: [], blurred: [], swapped: false });
    expect(html).toContain('>Emelec vs. Barcelona SC<');
  });

  it('blurs a match report’s title and summary, says what it is, and says its summary only once shown', () => {
    const report = {
      slug: 'emelec-cae',
      title: 'Emelec cae 0-3 ante Barcelona SC',
      summary: 'Barcelona SC venció 0-3 a Emelec.',
      createdAt: '2026-11-22T22:10:00-05:00',
      category: 'cronica',
    };
    expect(spoken(newsRowHtml(report))).toEqual({
      said: ['Emelec cae 0-3 ante Barcelona SC', 'Barcelona SC venció 0-3 a Emelec.'],
      unsaid: [HIDDEN_REPORT_TITLE],
      blurred: ['Emelec cae 0-3 ante Barcelona SC', 'Barcelona SC venció 0-3 a Emelec.'],
      swapped: true,
    });
  });

  it('leaves other news as they are', () => {
    const preview = { slug: 'previa', title: 'Emelec vs. Barcelona SC: horario', summary: 'Se enfrentan el domingo.', createdAt: '2026-11-20T10:00:00-05:00', category: 'previa' };
    expect(spoken(newsRowHtml(preview))).toEqual({ said: [], unsaid: [], blurred: [], swapped: false });
  });
});
