import { describe, expect, it } from 'vitest';
import { profilesFromEntries } from '../loaders/players.ts';
import { competitionName, competitionShortName, ofCompetition } from '../config.ts';
import { personName, pitchNames } from '../team/names.ts';
import { formatPercent } from './numbers.ts';
import { countryName } from './countries.ts';
import { roundLabel } from '../match/scoreboard.ts';
import { parseMatch } from '../match/parse.ts';
import { parsePlayerEntry } from '../player/parse.ts';
import { parseTeamEntry } from '../team/parse.ts';
import { parseTournament, tournamentKind } from '../competition/parse.ts';
import { phaseLabel } from '../competition/phases.ts';
import { roundStateText } from '../competition/round-view.ts';
import type { ScoreboardMatch } from '../match/types.ts';
import { expectAnswers } from '../../../tests/helpers/expect-answers.ts';

/** The provider's English names reach readers in Spanish, read at the site's parse edge. */
describe('countries', () => {
  it('names the countries of the leagues where Ecuadorians play in Spanish', () => {
    expect(['Italy', 'England', 'Netherlands', 'Germany', 'Spain', 'Brazil', 'Mexico', 'USA', 'Peru', 'Morocco', 'Canada'].map(countryName)).toEqual([
      'Italia', 'Inglaterra', 'Países Bajos', 'Alemania', 'España', 'Brasil', 'México', 'Estados Unidos', 'Perú', 'Marruecos', 'Canadá',
    ]);
    // The provider's hyphenated spellings.
    expectAnswers(countryName, { 'Saudi-Arabia': 'Arabia Saudita', 'Costa-Rica': 'Costa Rica' });
    // Spanish names, names already equal, and unknown names stay as given.
    expectAnswers(countryName, { Perú: 'Perú', Ecuador: 'Ecuador', World: 'World' });
  });

  it('translates a team, a player and a tournament as they are parsed', () => {
    const team = parseTeamEntry({ team: { id: 49, name: 'Chelsea', country: 'England' }, venue: {} });
    expect(team.ok && team.value.country).toBe('Inglaterra');
    const player = parsePlayerEntry({
      player: { id: 7, name: 'M. Caicedo', nationality: 'Ecuador', birth: { date: '2001-11-02', place: 'Guayaquil', country: 'Ecuador' } },
      statistics: [{ team: { id: 49, name: 'Chelsea' }, league: { id: 39, name: 'Premier League', country: 'England', season: 2026 } }],
    });
    expect(player.ok && player.value.statistics?.league).toMatchObject({ name: 'Premier League', country: 'Inglaterra' });
    expect(parseTournament({ id: 135, name: 'Serie A', country: 'Italy', season: 2026 })?.country).toBe('Italia');
  });
});

describe('competitions', () => {
  it('gives each competition the portal names one name, whatever the provider wrote', () => {
    const named = (args: Parameters<typeof competitionName>) => competitionName(...args);
    expectAnswers(named, [
      [[10, 'Friendlies'], 'Amistosos internacionales'], [[34, 'World Cup - Qualification South America'], 'Eliminatorias Sudamericanas'],
      [[135, 'Serie A'], 'Serie A de Italia'], [[253, 'Major League Soccer'], 'MLS'],
    ]);
    // Issue 33: "CONMEBOL Sudamericana" in a match's header and "Copa Sudamericana" in the menu.
    expectAnswers(named, [
      [[11, 'CONMEBOL Sudamericana'], 'Copa Sudamericana'], [[13, 'CONMEBOL Libertadores'], 'Copa Libertadores'],
      [[242, 'Liga Pro'], 'Liga Pro Serie A'], [[243, 'Serie B'], 'Liga Pro Serie B'],
    ]);
    // A league the portal does not name keeps the provider's name; without either, nothing.
    expectAnswers(named, [[[39, ' Premier League '], 'Premier League'], [[null, 'Premier League'], 'Premier League'], [[null], '']]);
  });

  it('names a tournament and a match of the same competition alike', () => {
    const tournament = parseTournament({ id: 11, name: 'CONMEBOL Sudamericana', country: 'World', season: 2026 });
    const match = parseMatch({ fixture: { id: 2, timestamp: 1 }, league: { id: 11, name: 'CONMEBOL Sudamericana', round: 'Final' }, teams: {} });
    expect(tournament?.name).toBe('Copa Sudamericana');
    expect(match.ok && match.value.league.name).toBe('Copa Sudamericana');
  });

  it("reads a match's and a player's season competition in Spanish", () => {
    const friendly = parseMatch({ fixture: { id: 1, timestamp: 1 }, league: { id: 10, name: 'Friendlies', round: 'Friendlies 3' }, teams: {} });
    expect(friendly.ok && friendly.value.league.name).toBe('Amistosos internacionales');
    const player = parsePlayerEntry({ player: { id: 8, name: 'P. Hincapié' }, statistics: [{ team: { id: 2382, name: 'Ecuador' }, league: { id: 34, name: 'World Cup - Qualification South America' } }] });
    expect(player.ok && player.value.statistics?.league.name).toBe('Eliminatorias Sudamericanas');
  });

  it("calls friendlies and qualifiers by their kind, not 'Copa'", () => {
    expect(tournamentKind({ id: 10, type: 'Cup' })).toBe('Amistoso');
    expect(tournamentKind({ id: 34, type: 'Cup' })).toBe('Eliminatoria');
    expect(tournamentKind({ id: 13, type: 'Cup' })).toBe('Copa');
    expect(tournamentKind({ id: 242, type: 'League' })).toBe('Liga');
  });

  it("names the qualifiers' rounds as a league table's, the cups' as group stages", () => {
    expect(roundLabel('Group Stage - 11', 34)).toBe('Fecha 11');
    expect(phaseLabel('Group Stage', 34)).toBe('Eliminatorias');
    expect(roundLabel('Group Stage - 3', 13)).toBe('Fase de grupos · Fecha 3');
    expect(phaseLabel('Group Stage', 13)).toBe('Fase de grupos');
  });
});

describe('players abroad', () => {
  it("keep the club /players/abroad names, not the national team of their first statistics", () => {
    const profiles = profilesFromEntries([
      {
        player: { id: 9, name: 'J. Jaramillo', nationality: 'Ecuador' },
        team: { id: 168, name: 'Bayer Leverkusen', logo: '', country: 'Germany' },
        statistics: [
          { team: { id: 2382, name: 'Ecuador' }, league: { id: 10, name: 'Friendlies', country: 'World' } },
          { team: { id: 168, name: 'Bayer Leverkusen' }, league: { id: 78, name: 'Bundesliga', country: 'Germany' } },
        ],
      },
    ]);
    const p = profiles.get(9)!;
    expect(p.team).toEqual({ id: 168, name: 'Bayer Leverkusen', logo: '' });
    expect(p.clubCountry).toBe('Alemania');
    expect(p.seasons.map((s) => s.league.name)).toEqual(['Amistosos internacionales', 'Bundesliga']);
  });
});

describe('round states', () => {
  const m = (kind: ScoreboardMatch['kind'], short: string) => ({ kind, status: { short } }) as ScoreboardMatch;
  it("says 'En juego' for a round under way, live or between its matches, and never 'En curso'", () => {
    expect(roundStateText([m('Live', '2H'), m('Fixture', 'NS')])).toBe('En juego');
    expect(roundStateText([m('Result', 'FT'), m('Fixture', 'NS')])).toBe('En juego');
    expect(roundStateText([m('Result', 'FT'), m('Result', 'FT')])).toBe('Terminada');
    expect(roundStateText([m('Fixture', 'NS')])).toBe('Por jugar');
  });
});

describe('one way to write a name (issue 33)', () => {
  it('says which competition after "de", with its article', () => {
    expect(ofCompetition(242, 'Liga Pro')).toBe('de la Liga Pro Serie A');
    expect(ofCompetition(34)).toBe('de las Eliminatorias Sudamericanas');
    expect(ofCompetition(10, 'Friendlies')).toBe('de los Amistosos internacionales');
    expect(ofCompetition(39, 'Premier League')).toBe('de la Premier League');
    expect(competitionShortName(13, 'CONMEBOL Libertadores')).toBe('Libertadores');
    expect(competitionShortName(39, 'Premier League')).toBe('Premier League');
  });

  it('binds initials to the surname so a line never ends in "F."', () => {
    expect(personName('F. Yépez')).toBe('F.\u00A0Yépez');
    expect(personName(' A. É. Burbano ')).toBe('A.\u00A0É.\u00A0Burbano');
    expect(personName('Juan Carlos Tamayo')).toBe('Juan Carlos Tamayo');
  });

  it('draws surnames on the pitch, and the initials where two players share one', () => {
    expect(pitchNames(['M. Palacios', 'F. Nazareno', 'J. Rivas', 'C. Rivas', 'Kendry Páez'])).toEqual([
      'Palacios',
      'Nazareno',
      'J.\u00A0Rivas',
      'C.\u00A0Rivas',
      'Kendry Páez',
    ]);
  });

  it('writes a share one way, as the match statistics do', () => {
    expect(formatPercent(86)).toBe('86%');
    expect(formatPercent('79%')).toBe('79%');
    expect(formatPercent('79 %')).toBe('79%');
    expect(formatPercent('n/d')).toBe('');
  });
});
