import { describe, expect, it } from 'vitest';
import { ariaCurrent, buildNavigation, CORE_TOURNAMENTS, tournamentLinks } from './nav-items.ts';
import { LIMITS } from '../../lib/config.ts';

describe('buildNavigation', () => {
  it('follows the spec structure with Spanish labels', () => {
    const nav = buildNavigation([]);
    expect(nav.map((item) => [item.label, item.href])).toEqual([
      ['Serie A', '/serie-a'],
      ['Serie B', '/serie-b'],
      ['Copa Libertadores', '/libertadores'],
      ['Copa Sudamericana', '/sudamericana'],
      ['Selección', '/seleccion'],
      ['Torneos', '/torneos'],
      ['Equipos', '/equipos'],
      ['Noticias', '/noticias'],
    ]);
  });

  it('leads to the clubs, transfers, Ecuadorians abroad and news pages (issue 33)', () => {
    const nav = buildNavigation([]);
    const children = (key: string) => nav.find((item) => item.key === key)?.children.map((link) => [link.label, link.href]);
    expect(children('equipos')).toEqual([
      ['Todos los equipos', '/equipos'],
      ['Fichajes', '/fichajes'],
      ['Ecuatorianos en el exterior', '/extranjero'],
    ]);
    expect(children('seleccion')).toEqual([
      ['Selección de Ecuador', '/seleccion'],
      ['Eliminatorias', '/eliminatorias'],
      ['Ecuatorianos en el exterior', '/extranjero'],
    ]);
    expect(children('torneos')?.slice(-2)).toEqual([
      ['Todos los torneos', '/torneos'],
      ['Internacional', '/internacional'],
    ]);
  });

  it('gives Serie A and Serie B the tournament submenus of 242 and 243', () => {
    const [serieA, serieB] = buildNavigation([]);
    expect(serieA?.children).toEqual([
      { label: 'Portada', href: '/serie-a' },
      { label: 'Calendario', href: '/torneos/242/calendario' },
      { label: 'Posiciones', href: '/torneos/242/posiciones' },
      { label: 'Goleadores', href: '/torneos/242/goleadores' },
      { label: 'Equipos', href: '/torneos/242/equipos' },
    ]);
    expect(serieB?.children.map((link) => link.href)).toEqual([
      '/serie-b',
      '/torneos/243/calendario',
      '/torneos/243/posiciones',
      '/torneos/243/goleadores',
      '/torneos/243/equipos',
    ]);
  });

  it('has unique keys usable as element ids', () => {
    const keys = buildNavigation([]).map((item) => item.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^[a-z-]+$/);
  });
});

describe('tournamentLinks', () => {
  it('lists API tournaments by name linking to /torneos/{id}, then the full list', () => {
    const links = tournamentLinks([
      { id: 242, name: 'LigaPro Serie A' },
      { id: 9, name: 'Copa América' },
    ]);
    expect(links).toEqual([
      { label: 'LigaPro Serie A', href: '/torneos/242' },
      { label: 'Copa América', href: '/torneos/9' },
      { label: 'Todos los torneos', href: '/torneos' },
    ]);
  });

  it('hides an entry named Portada / Front page, duplicates and unusable entries', () => {
    const links = tournamentLinks([
      { id: 1, name: 'Portada' },
      { id: 2, name: 'Front page' },
      { id: 13, name: 'Copa Libertadores' },
      { id: 13, name: 'Copa Libertadores (dup)' },
      { id: 0, name: 'Sin id' },
      { id: 5, name: '   ' },
    ]);
    expect(links.map((link) => link.href)).toEqual(['/torneos/13', '/torneos']);
  });

  it(`caps the dropdown at ${LIMITS.navbarDropdown} tournaments`, () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ id: 100 + i, name: `Torneo ${i}` }));
    const links = tournamentLinks(many);
    expect(links).toHaveLength(LIMITS.navbarDropdown + 1);
    expect(links.at(-1)).toEqual({ label: 'Todos los torneos', href: '/torneos' });
  });

  it('falls back to the core competitions when the API gave nothing', () => {
    for (const input of [[], null, undefined]) {
      const links = tournamentLinks(input);
      expect(links.map((link) => link.href)).toEqual([...CORE_TOURNAMENTS.map((t) => `/torneos/${t.id}`), '/torneos']);
    }
    expect(CORE_TOURNAMENTS.map((t) => t.id)).toEqual([242, 243, 13, 11]);
  });
});

describe('ariaCurrent', () => {
  it('marks the exact page, ignoring trailing slashes, query and index.html', () => {
    expect(ariaCurrent('/nosotros', '/nosotros/')).toBe('page');
    expect(ariaCurrent('/nosotros', '/nosotros/index.html')).toBe('page');
    expect(ariaCurrent('/search', '/search?q=emelec')).toBe('page');
    expect(ariaCurrent('/serie-a', '/serie-a/extra')).toBeUndefined();
    expect(ariaCurrent('/torneos', '/torneos/242')).toBeUndefined();
  });

  it('treats /home as the home page', () => {
    expect(ariaCurrent('/', '/home')).toBe('page');
    expect(ariaCurrent('/', '/')).toBe('page');
    expect(ariaCurrent('/', '/nosotros')).toBeUndefined();
  });
});
