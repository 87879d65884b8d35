import { COMPETITION_NAMES, LEAGUES, LIMITS } from '../../lib/config.ts';
import type { Tournament } from '../../lib/competition/types.ts';

/** The shell's link structure (spec §2 "Navigation menu", with ARCHITECTURE.md's Spanish labels). */

export interface NavLink {
  label: string;
  href: string;
}

export interface NavItem extends NavLink {
  /** Stable, id-safe key for aria-controls. */
  key: string;
  /** Shown instead of `label` where the desktop bar is narrow (lg up to xl). */
  shortLabel?: string;
  children: NavLink[];
}

/** Competitions the portal always covers; the Torneos submenu falls back to them when the API is down. */
export const CORE_TOURNAMENTS: ReadonlyArray<{ id: number; name: string }> = [
  LEAGUES.ligaPro,
  LEAGUES.serieB,
  LEAGUES.libertadores,
  LEAGUES.sudamericana,
].map((id) => ({ id, name: COMPETITION_NAMES[id]!.name }));

/** Spec: an entry named "Front page" is hidden from the Torneos submenu. */
const HIDDEN_TOURNAMENT_NAMES = new Set(['portada', 'front page']);

function leagueSubmenu(frontPath: string, tournamentId: number): NavLink[] {
  return [
    { label: 'Portada', href: frontPath },
    { label: 'Calendario', href: `/torneos/${tournamentId}/calendario` },
    { label: 'Posiciones', href: `/torneos/${tournamentId}/posiciones` },
    { label: 'Goleadores', href: `/torneos/${tournamentId}/goleadores` },
    { label: 'Equipos', href: `/torneos/${tournamentId}/equipos` },
  ];
}

/**
 * Torneos submenu: each tournament from the API → /torneos/{id} (at most the navbar dropdown limit),
 * then a link to the full list. Without API data it lists the core competitions, never invented ones.
 */
export function tournamentLinks(tournaments: ReadonlyArray<Pick<Tournament, 'id' | 'name'>> | null | undefined): NavLink[] {
  const source = tournaments && tournaments.length > 0 ? tournaments : CORE_TOURNAMENTS;
  const seen = new Set<number>();
  const links: NavLink[] = [];
  for (const tournament of source) {
    const name = typeof tournament.name === 'string' ? tournament.name.trim() : '';
    if (!Number.isInteger(tournament.id) || tournament.id <= 0 || !name) continue;
    if (HIDDEN_TOURNAMENT_NAMES.has(name.toLowerCase()) || seen.has(tournament.id)) continue;
    seen.add(tournament.id);
    links.push({ label: name, href: `/torneos/${tournament.id}` });
    if (links.length >= LIMITS.navbarDropdown) break;
  }
  links.push({ label: 'Todos los torneos', href: '/torneos' });
  return links;
}

const EXTRANJERO: NavLink = { label: 'Ecuatorianos en el exterior', href: '/extranjero' };

const SELECCION_LINKS: NavLink[] = [
  { label: 'Selección de Ecuador', href: '/seleccion' },
  { label: 'Eliminatorias', href: '/eliminatorias' },
  EXTRANJERO,
];

const CLUB_LINKS: NavLink[] = [{ label: 'Todos los equipos', href: '/equipos' }, { label: 'Fichajes', href: '/fichajes' }, EXTRANJERO];

export function buildNavigation(tournaments?: ReadonlyArray<Pick<Tournament, 'id' | 'name'>> | null): NavItem[] {
  return [
    { key: 'serie-a', label: 'Serie A', href: '/serie-a', children: leagueSubmenu('/serie-a', LEAGUES.ligaPro) },
    { key: 'serie-b', label: 'Serie B', href: '/serie-b', children: leagueSubmenu('/serie-b', LEAGUES.serieB) },
    { key: 'libertadores', label: 'Copa Libertadores', shortLabel: 'Libertadores', href: '/libertadores', children: [] },
    { key: 'sudamericana', label: 'Copa Sudamericana', shortLabel: 'Sudamericana', href: '/sudamericana', children: [] },
    // Issue 33: clubs, transfers, Ecuadorians abroad and the news had no way in from the header or the
    // menu. For them to fit the bar from 1024 px, the qualifiers moved under the Selección (whose
    // matches they are) and Internacional under Torneos; both pages keep their paths.
    { key: 'seleccion', label: 'Selección', href: '/seleccion', children: SELECCION_LINKS },
    { key: 'torneos', label: 'Torneos', href: '/torneos', children: [...tournamentLinks(tournaments), { label: 'Internacional', href: '/internacional' }] },
    { key: 'equipos', label: 'Equipos', href: '/equipos', children: CLUB_LINKS },
    { key: 'noticias', label: 'Noticias', href: '/noticias', children: [] },
  ];
}

export const FOOTER_QUICK_LINKS: readonly NavLink[] = [
  { label: 'Inicio', href: '/' },
  { label: 'Serie A', href: '/serie-a' },
  { label: 'Serie B', href: '/serie-b' },
  { label: 'Selección', href: '/seleccion' },
  { label: 'Copa Libertadores', href: '/libertadores' },
  { label: 'Copa Sudamericana', href: '/sudamericana' },
  { label: 'Equipos', href: '/equipos' },
  { label: 'Fichajes', href: '/fichajes' },
];

export const FOOTER_SECTION_LINKS: readonly NavLink[] = [
  { label: 'Noticias', href: '/noticias' },
  { label: 'Posiciones', href: '/posiciones' },
  { label: 'Goleadores', href: '/goleadores' },
];

/** About the portal itself: who we are, how to reach us, advertising. */
export const FOOTER_ABOUT_LINKS: readonly NavLink[] = [
  { label: 'Nosotros', href: '/nosotros' },
  { label: 'Contacto', href: '/contacto' },
  { label: 'Publicidad', href: '/publicidad' },
  { label: 'Información', href: '/informacion' },
];

export const FOOTER_LEGAL_LINKS: readonly NavLink[] = [
  { label: 'Privacidad', href: '/privacidad' },
  { label: 'Términos de uso', href: '/terminos' },
];

/** Menu's information links (spec §2 "Shell"): the portal's own pages, then the legal texts, as the footer. */
export const INFORMATION_LINKS: readonly NavLink[] = [...FOOTER_ABOUT_LINKS, ...FOOTER_LEGAL_LINKS];

function normalizePath(path: string): string {
  const withoutQuery = path.split(/[?#]/)[0] ?? '';
  const trimmed = withoutQuery.replace(/\/index\.html$/, '/').replace(/\/+$/, '');
  return trimmed || '/';
}

/** aria-current for a link: 'page' when it points at the page being rendered (/home is the home page). */
export function ariaCurrent(href: string, currentPath: string): 'page' | undefined {
  const target = normalizePath(href);
  const current = normalizePath(currentPath);
  const same = target === current || (target === '/' && current === '/home');
  return same ? 'page' : undefined;
}
