import { capture } from '../../../tests/helpers/captures.ts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import MatchGroups from './MatchGroups.tsx';
import MatchRow from './MatchRow.tsx';
import { parseMatch } from '../../lib/match/parse.ts';
import { toScoreboardMatch } from '../../lib/match/scoreboard.ts';
import type { Match } from '../../lib/match/types.ts';
import IslandErrorBoundary from '../ui/IslandErrorBoundary.tsx';
import TodayMatches from '../../islands/TodayMatches.tsx';

/** What the build writes into the HTML for the scoreboard (server rendering, no browser). */

const ligaPro = capture('liga-pro-fixture-items.json');

function match(raw: unknown): Match {
  const parsed = parseMatch(raw);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

const live = match(ligaPro.segundoTempo);
const finished = match(ligaPro.agendaFT);
const upcoming = match({
  fixture: { id: 77, date: '2026-09-04T01:30:00+00:00', status: { short: 'NS', long: 'Not Started' } },
  league: { id: 242, name: 'Liga Pro', round: 'Regular Season - 28' },
  teams: { home: { id: 1148, name: 'Emelec' }, away: { name: '' } },
});

const row = (m: Match, variant?: 'scoreboard' | 'results') => renderToStaticMarkup(createElement('ul', null, createElement(MatchRow, { match: m, variant })));

describe('MatchRow', () => {
  it('shows a live match with its minute, a still red dot and links to match and teams', () => {
    const html = row(live);
    for (const part of ['data-match-kind="Live"', 'href="/partidos/1519479"', 'href="/equipos/1157"', 'href="/equipos/1156"', '1 - 0', 'data-live-indicator']) {
      expect(html, part).toContain(part);
    }
    // An endless animation would keep the compositor drawing every frame while the match is on screen.
    expect(html).not.toMatch(/animate-/);
    // The clock reads 49' (the renderer may or may not escape the apostrophe).
    expect(html).toMatch(/>49(?:'|&#x27;)</);
    expect(html).toContain('En vivo, minuto 49: Universidad Catolica 1, Aucas 0.');
    // Sin spoilers: the same words without the result (global.css says these instead).
    expect(html).toContain('<span class="sr-only" data-unsaid="">En vivo, minuto 49: Universidad Catolica contra Aucas, resultado oculto. Ver partido.</span>');
  });

  it('shows a result as final, and its date in the results list', () => {
    expect(row(finished)).toContain('>Final<');
    expect(row(finished, 'results')).toMatch(/>jue, 3 sept<|>jue, 3 sep</);
    expect(row(finished)).not.toContain('data-live-indicator');
  });

  it("shows a fixture's kickoff in Ecuador time and no link for a team without id", () => {
    const html = row(upcoming);
    expect(html).toContain('>20:30<');
    expect(html).toContain('Emelec contra Equipo Visitante, a las 20:30.');
    // Nothing to hide before kick-off.
    expect(html).not.toContain('data-unspoiled');
    expect(html).not.toContain('data-unsaid');
    expect(html).not.toContain('href="/equipos/0"');
    expect(html).toContain('Equipo Visitante');
  });
});

describe('MatchGroups', () => {
  it('groups by competition under a link to its page, with the shared round in Spanish', () => {
    const html = renderToStaticMarkup(createElement(MatchGroups, { matches: [live, finished] }));
    expect(html.match(/data-competition="242"/g)).toHaveLength(1);
    expect(html).toContain('href="/serie-a"');
    expect(html).toContain('Fecha 28');
    expect(html).toContain('<h3');
  });
});

describe('TodayMatches island (as the build renders it)', () => {
  const props = { date: '2026-09-03', builtAt: Date.parse('2026-09-03T20:05:00Z'), clockOffsetMs: 0 };

  it('renders the day, says when the data is from, and is marked as not yet hydrated', () => {
    const html = renderToStaticMarkup(createElement(TodayMatches, { ...props, matches: [finished, live].map(toScoreboardMatch) }));
    expect(html).toContain('data-hydrated="false"');
    expect(html).toContain('Datos de las 15:05');
    // Live matches first.
    expect(html.indexOf('1519479')).toBeLessThan(html.indexOf('1519477'));
  });

  it('says there are no matches today, pointing to the calendar', () => {
    const html = renderToStaticMarkup(createElement(TodayMatches, { ...props, matches: [] }));
    expect(html).toContain('Hoy no hay partidos');
    expect(html).toContain('href="/calendario"');
  });
});

describe('IslandErrorBoundary', () => {
  it('renders its island while nothing fails', () => {
    const html = renderToStaticMarkup(createElement(IslandErrorBoundary, null, createElement('p', null, 'marcador')));
    expect(html).toBe('<p>marcador</p>');
  });

  it("replaces a failed island with the spec's message and a refresh button", () => {
    const boundary = new IslandErrorBoundary({ children: createElement('p', null, 'marcador') });
    boundary.state = IslandErrorBoundary.getDerivedStateFromError();
    const html = renderToStaticMarkup(createElement('div', null, boundary.render()));
    expect(html).toContain('role="alert"');
    expect(html).toContain('Algo salió mal');
    expect(html).toContain('Ocurrió un error inesperado. Por favor, actualiza la página e intenta de nuevo.');
    expect(html).toMatch(/<button type="button"[^>]*>Actualizar página<\/button>/);
    expect(html).not.toContain('marcador');
  });
});
