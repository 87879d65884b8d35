import { LEAGUES } from '../config.ts';
import { competitionPath } from '../match/scoreboard.ts';
import type { Tournament } from './types.ts';

/** The links between competition pages: section tabs and the switchers of /posiciones & co. */

export type SectionKey = 'portada' | 'calendario' | 'posiciones' | 'goleadores' | 'equipos';

export function sectionPath(id: number, section: Exclude<SectionKey, 'portada'>): string {
  return `/torneos/${id}/${section}`;
}

/** The tabs of a competition's pages, with the page shown marked current. */
export function competitionTabs(id: number, current: SectionKey): Array<{ label: string; href: string; current: boolean }> {
  const tabs: Array<[SectionKey, string, string]> = [
    ['portada', 'Resumen', competitionPath(id)],
    ['calendario', 'Calendario', sectionPath(id, 'calendario')],
    ['posiciones', 'Posiciones', sectionPath(id, 'posiciones')],
    ['goleadores', 'Goleadores', sectionPath(id, 'goleadores')],
    ['equipos', 'Equipos', sectionPath(id, 'equipos')],
  ];
  return tabs.map(([key, label, href]) => ({ label, href, current: key === current }));
}

/**
 * One round's own page (/torneos/242/calendario/fecha-hexagonal-final-7): a season is hundreds of
 * matches, so the calendar shows the round being played and links every other round to its page.
 */
export function roundPath(id: number, anchor: string): string {
  return `${sectionPath(id, 'calendario')}/${anchor}`;
}

/** A cup's own calendar page where the portal has one (/libertadores/calendario). */
export function calendarPath(id: number): string {
  if (id === LEAGUES.libertadores) return '/libertadores/calendario';
  if (id === LEAGUES.sudamericana) return '/sudamericana/calendario';
  return sectionPath(id, 'calendario');
}

/**
 * The switcher of a section across the given competitions: each links to that competition's own
 * section page (works without JavaScript); the one shown is current.
 */
export function switcherLinks(
  section: 'calendario' | 'posiciones' | 'goleadores',
  ids: readonly number[],
  tournaments: readonly Pick<Tournament, 'id' | 'shortName' | 'name'>[],
  currentId: number,
): Array<{ label: string; href: string; current: boolean }> {
  return ids
    .map((id) => tournaments.find((t) => t.id === id))
    .filter((t): t is Pick<Tournament, 'id' | 'shortName' | 'name'> => t !== undefined)
    .map((t) => ({
      label: t.id === LEAGUES.ligaPro ? 'Liga Pro' : t.shortName || t.name,
      href: section === 'calendario' ? calendarPath(t.id) : sectionPath(t.id, section),
      current: t.id === currentId,
    }));
}

/** The competitions a section's switcher offers: the portal's four, plus the one shown if it is another. */
export function switcherCompetitions(base: readonly number[], currentId: number): number[] {
  return base.includes(currentId) ? [...base] : [...base, currentId];
}
