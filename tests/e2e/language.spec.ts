import { expect, test } from '@playwright/test';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { findTerms, termPattern, termsIn, visibleText, type Finding } from './support/visible-text.ts';

/**
 * No English provider name reaches a reader: the visible text (and alt, title, aria-label) of every
 * built page (LANGUAGE_CHECK_DIST to point elsewhere than dist/) is scanned for the provider's
 * English competition and country names. Scripts are not scanned, JSON-LD included: it is for search
 * engines, and is built from the same parsed (Spanish) data anyway.
 *
 * Terms match whole words, case-sensitively: "Mexico" but not "México", "Peru" but not "Perú".
 * Names spelled the same in both languages (Argentina, Portugal, Chile…) are not listed; nor is
 * "USA", which is also the national team's three-letter code ("Nombre corto USA"), nor "CONMEBOL
 * Libertadores", a proper name.
 */
const DIST = resolve(process.env.LANGUAGE_CHECK_DIST ?? 'dist');

const COMPETITIONS = [
  'Friendlies',
  'Club Friendlies',
  'Friendlies Clubs',
  'World Cup - Qualification South America',
  'Qualification South America',
  'World Cup',
  'Major League Soccer',
  'Regular Season',
  'Group Stage',
  'Round of 16',
  'Quarter-finals',
  'Semi-finals',
];

const COUNTRIES = [
  'Italy', 'England', 'Scotland', 'Wales', 'Northern Ireland', 'Ireland', 'Netherlands', 'Germany', 'Spain', 'France',
  'Belgium', 'Switzerland', 'Denmark', 'Sweden', 'Norway', 'Poland', 'Croatia', 'Russia', 'Ukraine', 'Turkey', 'Greece',
  'Czech Republic', 'Hungary', 'Romania', 'Cyprus', 'Brazil', 'Peru', 'Mexico', 'United States', 'Canada', 'Panama',
  'Haiti', 'Morocco', 'Egypt', 'Ivory Coast', 'South Africa', 'Saudi Arabia', 'Saudi-Arabia', 'Qatar', 'Japan',
  'South Korea', 'New Zealand',
];

/** Labels that contradict another on the same pages ("En juego" is the one word for a round under way). */
const RETIRED_LABELS = ['En curso'];

function report(findings: Finding[]): string {
  const byTerm = new Map<string, Finding[]>();
  for (const f of findings) byTerm.set(f.term, [...(byTerm.get(f.term) ?? []), f]);
  return [...byTerm]
    .map(([term, list]) => {
      const pages = [...new Set(list.map((f) => f.page))];
      return `"${term}" on ${pages.length} page(s), e.g. /${pages[0]}: …${list[0]!.context}…`;
    })
    .join('\n');
}

test('no English provider name appears in the visible text of any built page', () => {
  test.setTimeout(120_000);
  expect(existsSync(resolve(DIST, 'index.html')), `no built site in ${DIST}: run npm run build (or npm start) first`).toBe(true);
  const findings = findTerms(DIST, [...COMPETITIONS, ...COUNTRIES, ...RETIRED_LABELS]);
  expect(findings.length, `English names or retired labels in the built pages:\n${report(findings)}\n`).toBe(0);
});

test('the scan sees what a reader sees: Spanish names pass, English ones in text or alt are caught, scripts are not read', () => {
  // The same matcher over a page written here: guards the scan itself against matching nothing.
  const html = `<!doctype html><html><body><script type="application/ld+json">{"nationality":"Brazil"}</script>
    <p>M&eacute;xico, Perú y Brasil</p><img alt="Bandera de Italy" src="x.png"><table><tr><td>Friendlies</td><td>Mexico</td></tr></table></body></html>`;
  const found = termsIn(visibleText(html), termPattern([...COMPETITIONS, ...COUNTRIES])).map((f) => f.term);
  expect(found.sort()).toEqual(['Friendlies', 'Italy', 'Mexico']);
});
