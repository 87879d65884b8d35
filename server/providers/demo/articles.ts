import type { ArticleRecord } from '../../store/dataset.ts';
import type { ApiFixtureEvent, ApiFixtureFull, ApiTransferEntry } from '../../store/provider-types.ts';
import { tieWinner } from './competitions.ts';
import type { CompetitionBuild, FixtureRecord, SeasonModel } from './model.ts';
import {
  CALL_UP, COMPETITION_KEYWORD, COMPETITION_LABEL, KNOCKOUT_LABEL, NEXT_ROUND, POSITION_ES, PREVIEW, QUALIFIERS_TABLE, RENEWAL_TITLES,
  REPORT_CLOSINGS, REPORT_FIGURES, REPORT_OPENINGS, REPORT_TITLES, TRANSFER, type Options, type TitleFacts,
} from './data/article-phrases.ts';
import type { TeamInfo } from './data/types.ts';
import { computeTable } from './derive.ts';
import { statValue } from './match.ts';
import { ecuadorSquad } from './people-build.ts';
import type { DemoPlayer } from './people.ts';
import { ECUADOR_ID, teamInfo } from './registry.ts';
import { rngFor, type Rng } from './rng.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS } from './time.ts';
import { capitalize, escapeHtml, listJoin, ordinalPlace, ordinalStandalone, plural, slugify, spanishDay, spanishTime } from './text.ts';

/**
 * The demo season's news, written from its own data: match reports, previews, transfer news,
 * national-team and cup news. Every fact in an article (scores, scorers, minutes, table places,
 * dates) comes from the generated fixtures, so the news agrees with the rest of the portal.
 * Several templates per kind (data/article-phrases.ts) keep the Spanish varied; names are escaped;
 * links are internal.
 */

type Category = 'cronica' | 'previa' | 'fichajes' | 'seleccion' | 'copas';

interface Draft {
  category: Category;
  title: string;
  summary: string;
  blocks: string[];
  keywords: string[];
  createdMs: number;
  /** When it goes out, if later than it was written. */
  scheduledMs?: number;
  /** Teams the story is about: the article id and image carry the first two. */
  teamIds: number[];
}

function roundPhrase(round: string): string {
  if (KNOCKOUT_LABEL[round]) return KNOCKOUT_LABEL[round];
  const m = /^(.*) - (\d+)$/.exec(round);
  if (!m) return /^Friendlies/.test(round) ? 'un partido amistoso' : round;
  const [, stage, n] = m;
  if (stage === 'Regular Season') return `la fecha ${n} de la Primera Etapa`;
  if (stage === 'Group Stage') return `la fecha ${n}`;
  const article = stage.startsWith('Hexagonal') || stage.startsWith('Cuadrangular') ? 'del' : 'de la';
  return `la fecha ${n} ${article} ${stage}`;
}

function groupPhrase(group: string): string {
  if (group.startsWith('Group ')) return `del Grupo ${group.slice(6)}`;
  if (group.startsWith('World Cup')) return 'de las Eliminatorias';
  if (group.startsWith('Hexagonal') || group.startsWith('Cuadrangular')) return `del ${group}`;
  return `de la ${group}`;
}

const venuePhrase = (name: string | null) => (!name ? 'su estadio' : /^Arena/.test(name) ? `la ${name}` : `el ${name}`);

const team = (id: number) => teamInfo(id)!;
const teamLink = (t: TeamInfo) => `<a href="/equipos/${t.id}">${escapeHtml(t.name)}</a>`;
const matchLink = (id: number, text: string) => `<a href="/partidos/${id}">${escapeHtml(text)}</a>`;
const minuteText = (e: ApiFixtureEvent) => (e.time.extra ? `${e.time.elapsed}+${e.time.extra}'` : `${e.time.elapsed}'`);
/** One of a phrase table's options, chosen by the seed among those that apply to the story. */
const pick = (rng: Rng, options: Options) => rng.pick(options.filter((o): o is string => Boolean(o)));

/**
 * How the press writes a player: given name and first surname, 'Jordan Caicedo'; a compound given
 * name whole, as his squad page has it ('Juan Carlos Tamayo', never 'Juan Tamayo').
 */
function displayName(p: DemoPlayer | undefined, fallback: string | null): string {
  if (!p) return fallback ?? '';
  const surname = p.name.replace(/^([^\s.]+\.\s)+/, '');
  return `${p.firstname} ${surname}`;
}

class Newsroom {
  model: SeasonModel;
  rng: Rng;
  anchorMs: number;
  drafts: Draft[] = [];
  players: Map<number, DemoPlayer>;

  constructor(model: SeasonModel, anchorMs: number) {
    this.model = model;
    this.anchorMs = anchorMs;
    this.rng = rngFor(model.ctx.seed, 'articles');
    this.players = model.ctx.people.byId;
  }

  name(id: number | null, fallback: string | null): string {
    return displayName(id == null ? undefined : this.players.get(id), fallback);
  }

  playerLink(id: number | null, fallback: string | null): string {
    const text = escapeHtml(this.name(id, fallback));
    return id == null ? text : `<a href="/jugadores/${id}">${text}</a>`;
  }

  /** 'Pérez (2) y Vera' for one side's goals (own goals credited as such). */
  scorers(f: ApiFixtureFull, teamId: number, html: boolean): string[] {
    const counts = new Map<string, { n: number; own: boolean; id: number | null; raw: string | null }>();
    for (const e of f.events ?? []) {
      if (e.type !== 'Goal' || e.team.id !== teamId) continue;
      const own = e.detail === 'Own Goal';
      const key = `${e.player.id}:${own}`;
      const c = counts.get(key) ?? { n: 0, own, id: e.player.id, raw: e.player.name };
      c.n++;
      counts.set(key, c);
    }
    return [...counts.values()].map((c) => {
      const who = html ? this.playerLink(c.id, c.raw) : this.name(c.id, c.raw);
      return `${who}${c.n > 1 ? ` (${c.n})` : ''}${c.own ? ' (en contra)' : ''}`;
    });
  }
}

// ---------------------------------------------------------------- match reports

/** The legs of a two-legged knockout tie, the first leg first; none for a league, group or final match. */
function tieLegs(build: CompetitionBuild, f: ApiFixtureFull): ApiFixtureFull[] {
  if (!KNOCKOUT_LABEL[f.league.round] || f.league.round === 'Final') return [];
  const pair = [f.teams.home.id, f.teams.away.id];
  return build.fixtures.map((r) => r.data)
    .filter((x) => x.league.round === f.league.round && pair.includes(x.teams.home.id) && pair.includes(x.teams.away.id))
    .sort((x, y) => x.fixture.timestamp - y.fixture.timestamp);
}

/** What a report knows of its match's stage: league points, or a knockout leg and who went through. */
interface Stage {
  knockout: boolean;
  leg: 'ida' | 'vuelta' | null;
  /** The team that went through (a second leg), else null. */
  through: number | null;
}

function resultTitle(rng: Rng, f: ApiFixtureFull, star: string | null, city: string, stage: Stage): string {
  const H = f.teams.home.name;
  const A = f.teams.away.name;
  // 'Vinotinto sorprende a Manta en Manta' reads badly: city titles only where the city adds something.
  const cityReads = Boolean(city) && !H.includes(city) && !A.includes(city);
  const h = f.goals.home ?? 0;
  const a = f.goals.away ?? 0;
  const facts: TitleFacts = { H, A, h, a, city: cityReads ? city : '', inCity: cityReads ? ` en ${city}` : '', star, knockout: stage.knockout };
  if (stage.leg === 'vuelta' && stage.through != null) {
    const homeThrough = stage.through === f.teams.home.id;
    // The leg's score from the side that went through: it may have won, drawn or lost the second leg.
    const [wg, lg] = homeThrough ? [h, a] : [a, h];
    const leg = wg > lg ? `tras ganar ${wg}-${lg} la vuelta ante` : wg === lg ? `tras empatar ${wg}-${lg} la vuelta ante` : `pese a perder ${wg}-${lg} la vuelta ante`;
    const [W, L] = homeThrough ? [H, A] : [A, H];
    return pick(rng, REPORT_TITLES.secondLeg({ ...facts, W, L, leg, shootout: f.score.penalty.home != null }));
  }
  if (stage.leg === 'ida') {
    if (h === a) return pick(rng, REPORT_TITLES.firstLegDraw(facts));
    const [W, L, x, y] = h > a ? [H, A, h, a] : [A, H, a, h];
    return pick(rng, REPORT_TITLES.firstLegWin({ W, L, x, y }));
  }
  if (h > a) return pick(rng, REPORT_TITLES.homeWin(facts));
  if (a > h) return pick(rng, REPORT_TITLES.awayWin(facts));
  return pick(rng, h === 0 ? REPORT_TITLES.goallessDraw(facts) : REPORT_TITLES.draw(facts));
}

/** 'Con un gol de X' or 'Con goles de X e Y': the noun agrees with the number of goals. */
function goalsBy(goals: number, scorers: string[]): string {
  return goals === 1 ? `Con un gol de ${listJoin(scorers)}` : `Con goles de ${listJoin(scorers)}`;
}

/** '… anotó X' or '… anotaron X e Y': the verb agrees with the number of scorers. */
function scoredBy(scorers: string[]): string {
  return `${scorers.length === 1 ? 'anotó' : 'anotaron'} ${listJoin(scorers)}`;
}

function openingParagraph(room: Newsroom, f: ApiFixtureFull, home: TeamInfo, away: TeamInfo, phrase: string, competition: string, stage: Stage): string {
  const h = f.goals.home ?? 0;
  const a = f.goals.away ?? 0;
  const kickoff = f.fixture.timestamp * 1000;
  const homeScorers = room.scorers(f, home.id, true);
  const awayScorers = room.scorers(f, away.id, true);
  const facts = {
    H: teamLink(home),
    A: teamLink(away),
    h,
    a,
    day: spanishDay(kickoff),
    venue: venuePhrase(f.fixture.venue.name),
    phrase,
    // Knockout matches are 'la ida' or 'la vuelta' of a tie; league and group matches give points.
    match: stage.leg ? `la ${stage.leg} de ${phrase}` : phrase,
    competition,
    points: !stage.knockout,
    moment: Number(spanishTime(kickoff).slice(0, 2)) >= 18 ? 'Noche' : 'Tarde',
    homeAlias: escapeHtml(capitalize(home.alias)),
    awayAlias: escapeHtml(capitalize(away.alias)),
    homeGoals: goalsBy(h, homeScorers),
    awayGoals: goalsBy(a, awayScorers).replace(/^C/, 'c'),
    scoredBy: scoredBy([...homeScorers, ...awayScorers]),
  };
  const openings = h > a ? REPORT_OPENINGS.homeWin : a > h ? REPORT_OPENINGS.awayWin : h === 0 ? REPORT_OPENINGS.goallessDraw : REPORT_OPENINGS.draw;
  return pick(room.rng, openings(facts));
}

/** A last sentence for a report, chosen by the seed; knockout closings never speak of points. */
function closingParagraph(room: Newsroom, f: ApiFixtureFull, stage: Stage): string {
  const H = teamLink(team(f.teams.home.id));
  const A = teamLink(team(f.teams.away.id));
  const h = f.goals.home ?? 0;
  const a = f.goals.away ?? 0;
  const [W, L] = h >= a ? [H, A] : [A, H];
  if (stage.leg === 'ida') return pick(room.rng, REPORT_CLOSINGS.firstLeg({ H, A, behind: h === a ? 'ambos' : L }));
  return pick(room.rng, stage.knockout ? REPORT_CLOSINGS.knockout : REPORT_CLOSINGS.league({ W, L, draw: h === a }));
}

function goalsList(room: Newsroom, f: ApiFixtureFull): string | null {
  const goals = (f.events ?? []).filter((e) => e.type === 'Goal');
  if (!goals.length) return null;
  const items = goals.map((e) => {
    // An own goal counts for e.team, but the scorer plays for the other side.
    const playerTeam = e.detail === 'Own Goal' ? (e.team.id === f.teams.home.id ? f.teams.away.id : f.teams.home.id) : e.team.id;
    const side = teamLink(team(playerTeam));
    const detail = e.detail === 'Penalty' ? ', de penal'
      : e.detail === 'Own Goal' ? ', en propia puerta'
        : e.assist.id != null ? `, tras asistencia de ${room.playerLink(e.assist.id, e.assist.name)}` : '';
    return `<li><strong>${minuteText(e)}</strong> ${room.playerLink(e.player.id, e.player.name)} (${side})${detail}</li>`;
  });
  return `<h2>Los goles</h2><ul>${items.join('')}</ul>`;
}

function keyMomentsParagraph(room: Newsroom, f: ApiFixtureFull): string | null {
  const events = f.events ?? [];
  const sentences: string[] = [];
  for (const red of events.filter((e) => e.type === 'Card' && e.detail === 'Red Card')) {
    sentences.push(`${teamLink(team(red.team.id))} se quedó con diez hombres desde el minuto ${red.time.elapsed} por la expulsión de ${room.playerLink(red.player.id, red.player.name)}.`);
  }
  for (const v of events.filter((e) => e.type === 'Var')) {
    sentences.push(v.detail === 'Goal cancelled'
      ? `El VAR anuló un gol de ${room.playerLink(v.player.id, v.player.name)} en el minuto ${v.time.elapsed}.`
      : `En el minuto ${v.time.elapsed}, el VAR confirmó el penal a favor de ${teamLink(team(v.team.id))}.`);
  }
  const [hs, as] = f.statistics ?? [];
  if (hs && as) {
    const possession = statValue(hs, 'Ball Possession');
    const leader = possession > 50 ? hs : as;
    // 'Tuvo más la pelota' only when one side really had more of it.
    const ball = possession === 50
      ? `La posesión se repartió por igual (50% para cada uno).`
      : `${teamLink(team(leader.team.id))} tuvo más la pelota (${Math.max(possession, 100 - possession)}% de posesión).`;
    sentences.push(pick(room.rng, REPORT_FIGURES({
      ball, H: teamLink(team(hs.team.id)), A: teamLink(team(as.team.id)), possession,
      hShots: statValue(hs, 'Total Shots'), hOn: statValue(hs, 'Shots on Goal'), aShots: statValue(as, 'Total Shots'), aOn: statValue(as, 'Shots on Goal'),
    })));
  }
  return sentences.length ? `<p>${sentences.join(' ')}</p>` : null;
}

function tableParagraph(build: CompetitionBuild, record: FixtureRecord, f: ApiFixtureFull): string | null {
  const group = build.groups.find((g) => g.counts(record));
  if (!group) return null;
  const upTo = build.fixtures
    .filter((r) => group.counts(r) && !r.scripted && r.data.fixture.timestamp <= f.fixture.timestamp)
    .map((r) => r.data);
  const table = computeTable(upTo, group.teamIds);
  const place = (id: number) => {
    const i = table.findIndex((r) => r.teamId === id);
    return { rank: i + 1, points: table[i]?.points ?? 0 };
  };
  const h = place(f.teams.home.id);
  const a = place(f.teams.away.id);
  const phrase = groupPhrase(group.name);
  const standing = h.points ? `llega a ${plural(h.points, 'punto', 'puntos')}` : 'sigue sin puntos';
  return `<p>Con este resultado, ${teamLink(team(f.teams.home.id))} ${standing} y ocupa el ${ordinalPlace(h.rank)} lugar ${phrase}; ${teamLink(team(f.teams.away.id))} es ${ordinalStandalone(a.rank)} con ${plural(a.points, 'punto', 'puntos')}.</p>`;
}

function nextMatchParagraph(build: CompetitionBuild, f: ApiFixtureFull): string | null {
  const teamId = f.teams.home.id;
  const next = build.fixtures.find((r) => r.data.fixture.timestamp > f.fixture.timestamp && (r.data.teams.home.id === teamId || r.data.teams.away.id === teamId));
  if (!next) return null;
  const home = next.data.teams.home.id === teamId;
  const rival = team(home ? next.data.teams.away.id : next.data.teams.home.id);
  return `<p>En su próximo compromiso, ${teamLink(team(teamId))} ${home ? 'recibirá a' : 'visitará a'} ${teamLink(rival)} ${spanishDay(next.data.fixture.timestamp * 1000)}.</p>`;
}

function factsBlock(f: ApiFixtureFull): string {
  const lineups = (f.lineups ?? []).map((l) => `${escapeHtml(l.team.name)} (${escapeHtml(l.formation ?? '')})`);
  const items = [
    `<li><strong>Estadio:</strong> ${escapeHtml(f.fixture.venue.name ?? '')}${f.fixture.venue.city ? `, ${escapeHtml(f.fixture.venue.city)}` : ''}</li>`,
    f.fixture.referee ? `<li><strong>Árbitro:</strong> ${escapeHtml(f.fixture.referee)}</li>` : '',
    lineups.length ? `<li><strong>Esquemas:</strong> ${lineups.join(' y ')}</li>` : '',
  ].join('');
  return `<h3>Ficha del partido</h3><ul>${items}</ul><p>${matchLink(f.fixture.id, 'Ver alineaciones, estadísticas y minuto a minuto')}</p>`;
}

function knockoutParagraph(build: CompetitionBuild, f: ApiFixtureFull): string | null {
  const round = f.league.round;
  const [first, second] = tieLegs(build, f);
  if (!first || !second) return null;
  if (first.fixture.id === f.fixture.id) {
    return `<p>La vuelta se jugará ${spanishDay(second.fixture.timestamp * 1000)} en ${venuePhrase(second.fixture.venue.name)}.</p>`;
  }
  const homeAgg = (second.goals.home ?? 0) + (first.goals.away ?? 0);
  const awayAgg = (second.goals.away ?? 0) + (first.goals.home ?? 0);
  const winnerId = tieWinner(first, second);
  const loserId = winnerId === second.teams.home.id ? second.teams.away.id : second.teams.home.id;
  const next = NEXT_ROUND[round];
  if (second.score.penalty.home != null) {
    const [wp, lp] = winnerId === second.teams.home.id
      ? [second.score.penalty.home, second.score.penalty.away ?? 0]
      : [second.score.penalty.away ?? 0, second.score.penalty.home];
    return `<p>La serie terminó igualada ${homeAgg}-${awayAgg} en el global y se definió desde el punto penal: ${teamLink(team(winnerId))} ganó ${wp}-${lp} y avanza a ${next}; ${teamLink(team(loserId))} queda eliminado.</p>`;
  }
  return `<p>Con un global de ${Math.max(homeAgg, awayAgg)}-${Math.min(homeAgg, awayAgg)}, ${teamLink(team(winnerId))} avanza a ${next} de ${COMPETITION_LABEL[build.league.league.id]} y ${teamLink(team(loserId))} queda eliminado.</p>`;
}

/** Cups and the national team have their own sections; a league's match goes to `otherwise`. */
function categoryFor(leagueId: number, otherwise: Category = 'cronica'): Category {
  if (leagueId === 13 || leagueId === 11) return 'copas';
  if (leagueId === 34 || leagueId === 10) return 'seleccion';
  return otherwise;
}

function writeReport(room: Newsroom, build: CompetitionBuild, record: FixtureRecord): void {
  const f = record.data;
  const home = team(f.teams.home.id);
  const away = team(f.teams.away.id);
  const leagueId = build.league.league.id;
  const competition = COMPETITION_LABEL[leagueId];
  const phrase = roundPhrase(f.league.round);
  const goals = (f.events ?? []).filter((e) => e.type === 'Goal' && e.detail !== 'Own Goal');
  const tally = new Map<number, number>();
  for (const g of goals) if (g.player.id != null) tally.set(g.player.id, (tally.get(g.player.id) ?? 0) + 1);
  const winnerId = f.teams.home.winner ? home.id : f.teams.away.winner ? away.id : null;
  const starEntry = [...tally.entries()].filter(([id]) => goals.some((g) => g.player.id === id && g.team.id === winnerId)).sort((a, b) => b[1] - a[1])[0];
  const star = starEntry && starEntry[1] >= 2 ? room.name(starEntry[0], null) : null;
  const city = f.fixture.venue.city ?? home.venue?.city ?? '';
  const legs = tieLegs(build, f);
  const leg = legs.length === 0 ? null : legs[0].fixture.id === f.fixture.id ? 'ida' : 'vuelta';
  const stage: Stage = { knockout: Boolean(KNOCKOUT_LABEL[f.league.round]), leg, through: leg === 'vuelta' ? tieWinner(legs[0], f) : null };
  let title = resultTitle(room.rng, f, star, city, stage);
  if (stage.knockout && f.league.round !== 'Final') title += ` en la ${f.fixture.id % 2 ? 'serie' : 'llave'} de ${KNOCKOUT_LABEL[f.league.round]}`;
  const h = f.goals.home ?? 0;
  const a = f.goals.away ?? 0;
  const verb = h > a ? 'venció' : h < a ? 'cayó' : 'empató';
  const match = leg ? `la ${leg} de ${phrase}` : phrase;
  const base = `${home.name} ${verb} ${h}-${a} ${h === a ? 'con' : h > a ? 'a' : 'ante'} ${away.name} por ${match} de ${competition}.`;
  const scorers = [...room.scorers(f, home.id, false), ...room.scorers(f, away.id, false)];
  const withScorers = scorers.length ? `${base.slice(0, -1)}; ${scoredBy(scorers)}.` : base;
  const summary = withScorers.length <= 200 ? withScorers : base.length <= 200 ? base : `${home.name} y ${away.name} jugaron por ${competition}.`;
  const blocks = [
    `<p>${openingParagraph(room, f, home, away, phrase, competition, stage)}</p>`,
    goalsList(room, f),
    keyMomentsParagraph(room, f),
    knockoutParagraph(build, f) ?? tableParagraph(build, record, f),
    leagueId === 242 || leagueId === 243 ? nextMatchParagraph(build, f) : null,
    `<p>${closingParagraph(room, f, stage)}</p>`,
    factsBlock(f),
  ].filter((b): b is string => Boolean(b));
  const created = f.fixture.timestamp * 1000 + 2 * HOUR_MS + room.rng.int(5, 80) * MINUTE_MS;
  const topScorers = [...tally.entries()].sort((x, y) => y[1] - x[1]).slice(0, 2).map(([id]) => room.name(id, null));
  room.drafts.push({
    category: categoryFor(leagueId),
    title,
    summary,
    blocks,
    keywords: [COMPETITION_KEYWORD[leagueId], home.name, away.name, ...topScorers],
    createdMs: created,
    teamIds: [home.id, away.id],
  });
}

// ---------------------------------------------------------------- previews

function lastLineup(build: CompetitionBuild, teamId: number, beforeMs: number): string[] | null {
  const last = [...build.fixtures].reverse().find((r) => r.data.fixture.timestamp * 1000 < beforeMs && !r.scripted && r.data.lineups?.some((l) => l.team.id === teamId));
  const lineup = last?.data.lineups?.find((l) => l.team.id === teamId);
  return lineup ? lineup.startXI.map((s) => s.player.name) : null;
}

function formBefore(build: CompetitionBuild, teamId: number, beforeMs: number): string {
  const played = build.fixtures
    .filter((r) => !r.scripted && r.data.goals.home != null && r.data.fixture.timestamp * 1000 < beforeMs && (r.data.teams.home.id === teamId || r.data.teams.away.id === teamId))
    .slice(-5)
    .map((r) => {
      const home = r.data.teams.home.id === teamId;
      const [x, y] = home ? [r.data.goals.home!, r.data.goals.away!] : [r.data.goals.away!, r.data.goals.home!];
      return x > y ? 'victoria' : x === y ? 'empate' : 'derrota';
    });
  if (!played.length) return 'sin partidos previos en el torneo';
  const wins = played.filter((p) => p === 'victoria').length;
  return `${plural(wins, 'victoria', 'victorias')} en sus últimos ${played.length} partidos`;
}

function writePreview(room: Newsroom, build: CompetitionBuild, record: FixtureRecord, createdMs: number, scheduledMs: number): void {
  const f = record.data;
  const home = team(f.teams.home.id);
  const away = team(f.teams.away.id);
  const leagueId = build.league.league.id;
  const kickoff = f.fixture.timestamp * 1000;
  const phrase = roundPhrase(f.league.round);
  const competition = COMPETITION_LABEL[leagueId];
  const when = `${spanishDay(kickoff)} a las ${spanishTime(kickoff)}`;
  const rng = room.rng;
  const isFinal = f.league.round === 'Final';
  const H = teamLink(home);
  const A = teamLink(away);
  const facts = {
    home: home.name, away: away.name, H, A, when, time: spanishTime(kickoff), venue: venuePhrase(f.fixture.venue.name),
    city: escapeHtml(f.fixture.venue.city ?? ''), phrase, competition,
  };
  const title = pick(rng, isFinal ? PREVIEW.finalTitles(facts) : PREVIEW.titles(facts));
  const blocks: string[] = [];
  blocks.push(`<p>${isFinal ? PREVIEW.finalOpening(facts) : pick(rng, PREVIEW.openings(facts))}</p>`);
  blocks.push(`<h2>Cómo llegan</h2><ul><li>${H}: ${formBefore(build, home.id, createdMs)}.</li><li>${A}: ${formBefore(build, away.id, createdMs)}.</li></ul>`);
  const group = build.groups.find((g) => g.counts(record));
  if (group) {
    const table = computeTable(build.fixtures.filter((r) => group.counts(r) && !r.scripted && r.data.fixture.timestamp * 1000 < createdMs).map((r) => r.data), group.teamIds);
    const rank = (id: number) => table.findIndex((r) => r.teamId === id) + 1;
    const points = (id: number) => table.find((r) => r.teamId === id)?.points ?? 0;
    blocks.push(`<p>En la tabla ${groupPhrase(group.name)}, ${H} es ${ordinalStandalone(rank(home.id))} con ${plural(points(home.id), 'punto', 'puntos')} y ${A} marcha ${ordinalStandalone(rank(away.id))} con ${plural(points(away.id), 'punto', 'puntos')}.</p>`);
  }
  const earlier = [...build.fixtures].reverse().find((r) => r !== record && !r.scripted && r.data.goals.home != null
    && r.data.fixture.timestamp * 1000 < createdMs
    && ((r.data.teams.home.id === home.id && r.data.teams.away.id === away.id) || (r.data.teams.home.id === away.id && r.data.teams.away.id === home.id)));
  if (earlier) {
    blocks.push(`<p>El antecedente más cercano en el torneo: ${matchLink(earlier.data.fixture.id, `${earlier.data.teams.home.name} ${earlier.data.goals.home}-${earlier.data.goals.away} ${earlier.data.teams.away.name}`)}, ${spanishDay(earlier.data.fixture.timestamp * 1000)}.</p>`);
  }
  for (const side of [home, away]) {
    const xi = lastLineup(build, side.id, createdMs);
    if (xi) blocks.push(`<h3>El último once de ${escapeHtml(side.name)}</h3><p>${escapeHtml(xi.join(', '))}.</p>`);
  }
  const closing = pick(rng, PREVIEW.closings(facts));
  if (f.fixture.referee) blocks.push(`<p>El árbitro designado es ${escapeHtml(f.fixture.referee)}. ${closing} ${matchLink(f.fixture.id, 'Sigue el partido en vivo')}.</p>`);
  else blocks.push(`<p>${closing} ${matchLink(f.fixture.id, 'Sigue el partido en vivo')}.</p>`);
  room.drafts.push({
    category: categoryFor(leagueId, 'previa'),
    title,
    summary: `${home.name} y ${away.name} se enfrentan ${when} por ${phrase} de ${competition}.`,
    blocks,
    keywords: [COMPETITION_KEYWORD[leagueId], home.name, away.name],
    createdMs,
    scheduledMs,
    teamIds: [home.id, away.id],
  });
}

// ---------------------------------------------------------------- transfers and renewals

function transferTypeText(type: string | null): string {
  if (!type || type === 'N/A') return 'por una cifra que no fue revelada';
  if (type === 'Loan') return 'a préstamo';
  if (type === 'Free') return 'como jugador libre';
  const m = /€\s*([\d.]+)\s*([MK])/.exec(type);
  if (!m) return 'por una cifra que no fue revelada';
  const amount = Number(m[1]);
  return m[2] === 'M'
    ? `por una cifra cercana a ${amount === 1 ? 'un millón' : `${String(amount).replace('.', ',')} millones`} de euros`
    : `por unos ${amount} mil euros`;
}

function writeTransferNews(room: Newsroom, entry: ApiTransferEntry, calledUp: Set<number>): void {
  const player = room.players.get(entry.player.id);
  const move = entry.transfers[0];
  if (!player || !move) return;
  const to = team(move.teams.in.id);
  const from = team(move.teams.out.id);
  const who = room.name(player.id, entry.player.name);
  const rng = room.rng;
  const loan = move.type === 'Loan';
  const how = transferTypeText(move.type);
  const facts = {
    who, to: to.name, from: from.name, link: room.playerLink(player.id, entry.player.name), To: teamLink(to), From: teamLink(from), how,
    position: POSITION_ES[player.position], age: player.age, arrives: to.name === 'Chelsea' || to.country === 'England' ? 'Desde Inglaterra llega' : 'Llega',
  };
  const title = pick(rng, loan ? TRANSFER.loanTitles(facts) : TRANSFER.titles(facts));
  const prospects = calledUp.has(player.id) ? TRANSFER.calledUp : TRANSFER.prospects({ height: player.heightCm, birthPlace: escapeHtml(player.birthPlace) });
  const blocks = [
    `<p>${pick(rng, TRANSFER.openings(facts))}${loan ? ` Su ficha sigue perteneciendo a ${teamLink(from)}.` : ''}</p>`,
    `<p>${prospects} ${pick(rng, TRANSFER.closings)}</p>`,
  ];
  if (entry.transfers.length > 1) {
    const steps = entry.transfers.slice(1).map((t) => `<li>${escapeHtml(t.date.slice(0, 4))}: ${t.type === 'Loan' ? 'a préstamo, ' : ''}de ${teamLink(team(t.teams.out.id))} a ${teamLink(team(t.teams.in.id))}</li>`);
    blocks.push(`<h2>Su trayectoria</h2><ul>${steps.join('')}</ul>`);
  }
  const created = Date.parse(`${move.date}T00:00:00-05:00`) + rng.int(10, 40) * HOUR_MS;
  room.drafts.push({
    category: 'fichajes',
    title,
    summary: loan
      ? `${who} deja ${from.name} y llega a préstamo a ${to.name}.`
      : `${who} deja ${from.name} y llega a ${to.name} ${how}.`,
    blocks,
    keywords: ['Fichajes', who, to.name, from.name],
    createdMs: created,
    teamIds: [to.id, from.id],
  });
}

function seasonLine(build: CompetitionBuild, playerId: number, beforeMs: number): { apps: number; goals: number } {
  let apps = 0;
  let goals = 0;
  for (const r of build.fixtures) {
    if (r.scripted || r.data.fixture.timestamp * 1000 >= beforeMs) continue;
    const played = r.data.lineups?.some((l) => l.startXI.some((s) => s.player.id === playerId))
      || r.data.events?.some((e) => e.type === 'subst' && e.assist.id === playerId);
    if (played) apps++;
    goals += (r.data.events ?? []).filter((e) => e.type === 'Goal' && e.detail !== 'Own Goal' && e.player.id === playerId).length;
  }
  return { apps, goals };
}

function writeRenewals(room: Newsroom, ligaPro: CompetitionBuild): void {
  const season = room.model.ctx.season;
  for (const clubId of [1158, 1152, 1148, 1153, 1157, 1156]) {
    const squad = ligaPro.squads.get(clubId) ?? [];
    const star = [...squad].sort((a, b) => b.quality - a.quality)[room.rng.int(0, 2)];
    if (!star) continue;
    const club = team(clubId);
    const created = room.anchorMs - room.rng.int(3, 70) * DAY_MS - room.rng.int(1, 10) * HOUR_MS;
    const line = seasonLine(ligaPro, star.id, created);
    const who = room.name(star.id, star.name);
    const until = season + room.rng.int(1, 3);
    room.drafts.push({
      category: 'fichajes',
      title: pick(room.rng, RENEWAL_TITLES({ club: club.name, who, until })),
      summary: `${club.name} aseguró la continuidad de ${who}, que firmó un nuevo contrato hasta diciembre de ${until}.`,
      blocks: [
        `<p>${teamLink(club)} anunció la renovación de ${room.playerLink(star.id, star.name)} hasta diciembre de ${until}. El ${POSITION_ES[star.position]} de ${star.age} años es una pieza importante para ${escapeHtml(club.alias)}.</p>`,
        `<p>En la Liga Pro de esta temporada suma ${plural(line.apps, 'partido', 'partidos')}${line.goals ? ` y ${plural(line.goals, 'gol', 'goles')}` : ''}.</p>`,
      ],
      keywords: ['Fichajes', 'Liga Pro', club.name, who],
      createdMs: created,
      teamIds: [club.id],
    });
  }
}

// ---------------------------------------------------------------- national team

function writeNationalTeamNews(room: Newsroom, eliminatorias: CompetitionBuild): void {
  const squad = ecuadorSquad(room.model.ctx.people);
  const ecuador = team(ECUADOR_ID);
  const played = eliminatorias.fixtures.filter((r) => r.data.goals.home != null);
  const upcoming = eliminatorias.fixtures.filter((r) => r.data.goals.home == null);
  const lastPlayed = played[played.length - 1];
  const ecuadorNext = upcoming.find((r) => r.data.teams.home.id === ECUADOR_ID || r.data.teams.away.id === ECUADOR_ID);
  const lastWindow = played.filter((r) => r.data.fixture.timestamp >= lastPlayed.data.fixture.timestamp - 8 * 86400)
    .filter((r) => r.data.teams.home.id === ECUADOR_ID || r.data.teams.away.id === ECUADOR_ID);
  const rivalOf = (r: FixtureRecord) => team(r.data.teams.home.id === ECUADOR_ID ? r.data.teams.away.id : r.data.teams.home.id);

  if (lastWindow.length) {
    const created = lastWindow[0].data.fixture.timestamp * 1000 - 9 * DAY_MS;
    const byPosition = (pos: string) => squad.filter((p) => p.position === pos).map((p) => {
      const club = team(room.players.get(p.id)?.teamId ?? ECUADOR_ID);
      return `${room.playerLink(p.id, p.name)} (${escapeHtml(club.name)})`;
    });
    const rivals = lastWindow.map((r) => rivalOf(r).name);
    room.drafts.push({
      category: 'seleccion',
      title: pick(room.rng, CALL_UP.titles({ rivals: listJoin(rivals), count: squad.length })),
      summary: `El cuerpo técnico de la Tri convocó a ${squad.length} jugadores para la doble fecha de Eliminatorias ante ${listJoin(rivals)}.`,
      blocks: [
        `<p>${pick(room.rng, CALL_UP.openings({ Ecuador: teamLink(ecuador), Rivals: listJoin(rivals.map(escapeHtml)), count: squad.length }))}</p>`,
        ...[['Arqueros', 'Goalkeeper'], ['Defensores', 'Defender'], ['Volantes', 'Midfielder'], ['Delanteros', 'Attacker']]
          .map(([title, position]) => `<h2>${title}</h2><ul>${byPosition(position).map((x) => `<li>${x}</li>`).join('')}</ul>`),
        `<p>${pick(room.rng, CALL_UP.closings)}</p>`,
      ],
      keywords: ['Selección', 'Ecuador', 'Eliminatorias', ...rivals],
      createdMs: created,
      teamIds: [ECUADOR_ID],
    });
  }

  if (lastPlayed) {
    const created = lastPlayed.data.fixture.timestamp * 1000 + 20 * HOUR_MS;
    const round = lastPlayed.data.league.round.replace(/^Group Stage - /, '');
    const table = computeTable(played.map((r) => r.data), eliminatorias.teams.map((t) => t.id));
    const rank = table.findIndex((r) => r.teamId === ECUADOR_ID) + 1;
    const rows = table.map((r) => `<li>${teamLink(team(r.teamId))}: ${plural(r.points, 'punto', 'puntos')} (${r.all.win}G ${r.all.draw}E ${r.all.lose}P)</li>`);
    const points = plural(table[rank - 1].points, 'punto', 'puntos');
    const facts = { Ecuador: teamLink(ecuador), round, place: ordinalPlace(rank), rank: ordinalStandalone(rank), points };
    room.drafts.push({
      category: 'seleccion',
      title: pick(room.rng, QUALIFIERS_TABLE.titles(facts)),
      summary: `Ecuador es ${ordinalStandalone(rank)} en las Eliminatorias con ${points} después de la fecha ${round}.`,
      blocks: [
        `<p>${pick(room.rng, QUALIFIERS_TABLE.openings(facts))} Los seis primeros se clasifican directamente al Mundial y el séptimo va al repechaje.</p>`,
        `<ol>${rows.join('')}</ol>`,
        ecuadorNext
          ? `<p>La Tri volverá a jugar ${spanishDay(ecuadorNext.data.fixture.timestamp * 1000)} ante ${teamLink(rivalOf(ecuadorNext))}. ${pick(room.rng, QUALIFIERS_TABLE.nextClosings)}</p>`
          : '',
      ].filter(Boolean),
      keywords: ['Selección', 'Ecuador', 'Eliminatorias'],
      createdMs: created,
      teamIds: [ECUADOR_ID],
    });
  }
}

// ---------------------------------------------------------------- assembly

/** 24 hex characters like a MongoDB id: creation second, then the two teams, then a counter. */
export function articleId(createdMs: number, teamA: number, teamB: number, sequence: number): string {
  const hex = (n: number, width: number) => (n >>> 0).toString(16).padStart(width, '0').slice(-width);
  return `${hex(Math.floor(createdMs / 1000), 8)}${hex(teamA, 6)}${hex(teamB, 6)}${hex(sequence, 4)}`;
}

/**
 * Spanish contracts "de el" and "a el" into "del" and "al" ("de El Nacional" keeps the club's name). Whole
 * words only, accented letters included: "guía el triunfo" is no "a el" (a plain `\b` counts "í" as a
 * word's end and wrote "guíal").
 */
export function contractArticles(text: string): string {
  return text.replace(/(?<!\p{L})de el(?!\p{L})/gu, 'del').replace(/(?<!\p{L})a el(?!\p{L})/gu, 'al');
}

/** Teams encoded in an article id (see articleId), for its image. */
export function teamsOfArticleId(id: string): [number, number] | null {
  if (!/^[0-9a-f]{24}$/.test(id)) return null;
  return [Number.parseInt(id.slice(8, 14), 16), Number.parseInt(id.slice(14, 20), 16)];
}

const BIG_CLUBS = new Set([1152, 1148, 1158, 1153, ECUADOR_ID]);

export function writeArticlesFor(model: SeasonModel, transfers: ApiTransferEntry[], anchorMs: number): ArticleRecord[] {
  const room = new Newsroom(model, anchorMs);
  const byLeague = new Map(model.builds.map((b) => [b.league.league.id, b]));
  const reportable = (r: FixtureRecord) => !r.scripted && r.data.goals.home != null
    && r.data.fixture.timestamp * 1000 + 3 * HOUR_MS < anchorMs;
  const recent = (r: FixtureRecord, days: number) => r.data.fixture.timestamp * 1000 > anchorMs - days * DAY_MS;

  for (const build of model.builds) {
    const id = build.league.league.id;
    for (const r of build.fixtures) {
      if (!reportable(r)) continue;
      const round = r.data.league.round;
      const involvesEcuador = [r.data.teams.home.id, r.data.teams.away.id].some((t) => team(t).country === 'Ecuador');
      const wanted = id === 242 ? recent(r, 100)
        : id === 243 ? recent(r, 22)
          : id === 13 || id === 11 ? round === 'Quarter-finals' || round === 'Semi-finals' || (round === 'Round of 16' && involvesEcuador)
            : involvesEcuador;
      if (wanted) writeReport(room, build, r);
    }
  }

  const ligaPro = byLeague.get(242)!;
  const serieB = byLeague.get(243)!;
  const upcomingToday = (b: CompetitionBuild) => b.fixtures.filter((r) => r.scripted);
  for (const r of [...upcomingToday(ligaPro), ...upcomingToday(serieB)]) {
    const created = r.data.fixture.timestamp * 1000 - room.rng.int(18, 30) * HOUR_MS;
    writePreview(room, r.data.league.id === 242 ? ligaPro : serieB, r, created, created);
  }
  // Next week's previews are written already but scheduled for the eve of each match.
  const nextRound = ligaPro.fixtures.filter((r) => r.data.goals.home == null && !r.scripted && r.data.fixture.timestamp * 1000 > anchorMs + 36 * HOUR_MS).slice(0, 4);
  for (const r of nextRound) {
    const created = anchorMs - room.rng.int(2, 10) * HOUR_MS;
    writePreview(room, ligaPro, r, created, r.data.fixture.timestamp * 1000 - room.rng.int(26, 34) * HOUR_MS);
  }
  for (const id of [13, 11]) {
    const cup = byLeague.get(id)!;
    const final = cup.fixtures.find((r) => r.data.league.round === 'Final');
    if (final) {
      const created = anchorMs - room.rng.int(20, 40) * HOUR_MS;
      writePreview(room, cup, final, created, created);
    }
  }

  const calledUp = new Set(ecuadorSquad(model.ctx.people).map((p) => p.id));
  for (const entry of transfers) {
    const abroad = model.ctx.people.abroad.some((p) => p.id === entry.player.id);
    if (abroad) writeTransferNews(room, entry, calledUp);
  }
  writeRenewals(room, ligaPro);
  writeNationalTeamNews(room, byLeague.get(34)!);

  const drafts = room.drafts.filter((d) => d.createdMs < anchorMs).sort((a, b) => a.createdMs - b.createdMs || a.title.localeCompare(b.title));
  const slugs = new Set<string>();
  const ids = new Set<string>();
  const viewsRng = rngFor(model.ctx.seed, 'article-views');
  // 'de el Estadio…' → 'del Estadio…' wherever a template put an article after 'de' or 'a' (names keep 'El': 'de El Nacional').
  for (const d of drafts) {
    d.title = contractArticles(d.title);
    d.summary = contractArticles(d.summary);
    d.blocks = d.blocks.map(contractArticles);
  }
  return drafts.map((d, index) => {
    let slug = slugify(d.title);
    for (let n = 2; slugs.has(slug); n++) slug = `${slugify(d.title)}-${n}`;
    slugs.add(slug);
    let id = articleId(d.createdMs, d.teamIds[0] ?? 0, d.teamIds[1] ?? d.teamIds[0] ?? 0, index);
    while (ids.has(id)) id = articleId(d.createdMs, d.teamIds[0] ?? 0, d.teamIds[1] ?? 0, index + 0x8000);
    ids.add(id);
    const ageDays = Math.max(0, (anchorMs - d.createdMs) / DAY_MS);
    const interest = (d.teamIds.some((t) => BIG_CLUBS.has(t)) ? 2.2 : 1) * (d.category === 'seleccion' ? 1.8 : d.category === 'fichajes' ? 1.4 : 1);
    const scheduledMs = d.scheduledMs ?? d.createdMs;
    const future = scheduledMs > anchorMs;
    const views = future ? 0 : Math.round((400 + viewsRng.int(0, 2500)) * interest * (1 + Math.min(ageDays, 30) / 10));
    const createdAt = new Date(d.createdMs).toISOString();
    return {
      id,
      slug,
      title: d.title,
      summary: d.summary.length <= 200 ? d.summary : `${d.summary.slice(0, 197).replace(/\s+\S*$/, '')}…`,
      bodyHtml: d.blocks.join(''),
      imageUrls: [`/media/articles/${id}.png`],
      keywords: [...new Set(d.keywords.filter(Boolean))],
      category: d.category,
      createdAt,
      scheduledAt: new Date(scheduledMs).toISOString(),
      targetWebsite: 'marcador.ec',
      views,
    };
  });
}
