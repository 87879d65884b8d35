import type { Person, SportsEvent, SportsOrganization, SportsTeam, Thing, WithContext } from 'schema-dts';
import { COMMENTARY_NOTICE } from '../../contract/commentary.ts';
import { isCancelledStatus, isFinishedStatus, isLiveStatus } from '../../contract/status.ts';
import { SITE } from './config.ts';
import type { Match } from './match/types.ts';
import type { Player } from './player/types.ts';
import type { Team } from './team/types.ts';

/**
 * schema.org JSON-LD for the football pages (typed with schema-dts), so search engines show
 * fixtures, clubs and players as such. `site` makes every URL absolute.
 */

const absolute = (path: string, site: string) => (/^https?:\/\//.test(path) ? path : `${site.replace(/\/$/, '')}${path.startsWith('/') ? '' : '/'}${path}`);

function eventStatus(short: string): SportsEvent['eventStatus'] {
  if (short === 'PST') return 'https://schema.org/EventPostponed';
  if (isCancelledStatus(short)) return 'https://schema.org/EventCancelled';
  return 'https://schema.org/EventScheduled';
}

function teamNode(team: Match['home'], site: string) {
  return { '@type': 'SportsTeam' as const, name: team.name, url: absolute(`/equipos/${team.id}`, site), ...(team.logo ? { logo: absolute(team.logo, site) } : {}) };
}

/**
 * A match page's Relato, said to be machine-written (issue 35): a live blog about the event, by the
 * site, whose description says so and which is based on the API's data of the match.
 */
function commentaryNode(match: Match, site: string) {
  return {
    '@type': 'LiveBlogPosting' as const,
    headline: `Relato: ${match.home.name} vs. ${match.away.name}`,
    url: absolute(`/partidos/${match.id}#relato`, site),
    description: COMMENTARY_NOTICE,
    inLanguage: 'es',
    author: { '@type': 'Organization' as const, name: SITE.name, url: absolute('/', site) },
    isBasedOn: absolute(`/api/football/fixtures?id=${match.id}`, site),
  };
}

/**
 * A fixture as a SportsEvent: both teams, the venue, kickoff, status, and the score once played;
 * `withCommentary` for the match's own page when it has a Relato.
 */
export function sportsEventJsonLd(match: Match, site: string = SITE.url, withCommentary = false): SportsEvent {
  const played = isFinishedStatus(match.status.short) || isLiveStatus(match.status.short);
  const home = teamNode(match.home, site);
  const away = teamNode(match.away, site);
  return {
    '@type': 'SportsEvent',
    name: `${match.home.name} vs. ${match.away.name}`,
    url: absolute(`/partidos/${match.id}`, site),
    startDate: match.date,
    eventStatus: eventStatus(match.status.short),
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    sport: 'Fútbol',
    homeTeam: home,
    awayTeam: away,
    competitor: played && match.goals.home !== null && match.goals.away !== null
      ? [
          { ...home, description: `Goles: ${match.goals.home}` },
          { ...away, description: `Goles: ${match.goals.away}` },
        ]
      : [home, away],
    location: {
      '@type': 'Place',
      name: match.venue.name || 'Por confirmar',
      address: { '@type': 'PostalAddress', addressLocality: match.venue.city || undefined, addressCountry: match.league.country || undefined },
    },
    superEvent: { '@type': 'SportsEvent', name: `${match.league.name} ${match.league.season}`.trim() },
    ...(withCommentary ? { subjectOf: commentaryNode(match, site) } : {}),
  };
}

export function sportsTeamJsonLd(team: Team, site: string = SITE.url): SportsTeam {
  return {
    '@type': 'SportsTeam',
    name: team.name,
    alternateName: team.shortName || undefined,
    sport: 'Fútbol',
    url: absolute(`/equipos/${team.id}`, site),
    logo: team.logo ? absolute(team.logo, site) : undefined,
    foundingDate: team.founded ? String(team.founded) : undefined,
    location: team.venue?.name
      ? { '@type': 'Place', name: team.venue.name, address: { '@type': 'PostalAddress', addressLocality: team.venue.city || team.city || undefined, addressCountry: team.country } }
      : undefined,
  };
}

export function sportsOrganizationJsonLd(league: { id: number; name: string; logo: string; country: string }, path: string, site: string = SITE.url): SportsOrganization {
  return {
    '@type': 'SportsOrganization',
    name: league.name,
    sport: 'Fútbol',
    url: absolute(path, site),
    logo: league.logo ? absolute(league.logo, site) : undefined,
    areaServed: league.country || undefined,
  };
}

export function personJsonLd(player: Player, site: string = SITE.url): Person {
  return {
    '@type': 'Person',
    name: [player.firstname, player.lastname].filter(Boolean).join(' ') || player.name,
    alternateName: player.name,
    url: absolute(`/jugadores/${player.id}`, site),
    image: player.photo ? absolute(player.photo, site) : undefined,
    birthDate: player.birth.date || undefined,
    birthPlace: player.birth.place ? { '@type': 'Place', name: [player.birth.place, player.birth.country].filter(Boolean).join(', ') } : undefined,
    nationality: player.nationality ? { '@type': 'Country', name: player.nationality } : undefined,
    height: player.height || undefined,
    weight: player.weight || undefined,
    memberOf: player.team ? { '@type': 'SportsTeam', name: player.team.name, url: absolute(`/equipos/${player.team.id}`, site) } : undefined,
  };
}

/**
 * The text of a `<script type="application/ld+json">`: one node or a graph, with `<` escaped so a
 * name can never close the script element.
 */
export function jsonLdScript(nodes: Thing | ReadonlyArray<Thing>): string {
  const list = Array.isArray(nodes) ? nodes : [nodes];
  const doc: WithContext<SportsEvent> | { '@context': 'https://schema.org'; '@graph': unknown[] } =
    list.length === 1 ? ({ '@context': 'https://schema.org', ...(list[0] as object) } as WithContext<SportsEvent>) : { '@context': 'https://schema.org', '@graph': list as unknown[] };
  return JSON.stringify(doc).replace(/</g, '\\u003c');
}
