import type { ArticleRecord } from '../../store/dataset.ts';
import type { ApiFixtureEvent, ApiFixtureFull, ApiTransferEntry } from '../../store/provider-types.ts';
import { tieWinner } from './competitions.ts';
import type { CompetitionBuild, FixtureRecord, SeasonModel } from './model.ts';
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
 * Several templates per kind keep the Spanish varied; names are escaped; links are internal.
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

const COMPETITION_LABEL: Record<number, string> = {
  242: 'la Liga Pro', 243: 'la Serie B', 13: 'la Copa Libertadores', 11: 'la Copa Sudamericana',
  34: 'las Eliminatorias Sudamericanas', 10: 'los amistosos internacionales',
};
const COMPETITION_KEYWORD: Record<number, string> = {
  242: 'Liga Pro', 243: 'Serie B', 13: 'Copa Libertadores', 11: 'Copa Sudamericana', 34: 'Eliminatorias', 10: 'Amistosos',
};
const KNOCKOUT_LABEL: Record<string, string> = {
  'Round of 16': 'los octavos de final', 'Quarter-finals': 'los cuartos de final', 'Semi-finals': 'las semifinales', Final: 'la final',
};
const NEXT_ROUND: Record<string, string> = {
  'Round of 16': 'los cuartos de final', 'Quarter-finals': 'las semifinales', 'Semi-finals': 'la final',
};

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
  if (stage.leg === 'vuelta' && stage.through != null) {
    const winner = stage.through === f.teams.home.id ? H : A;
    const loser = stage.through === f.teams.home.id ? A : H;
    // The leg's score from the side that went through: it may have won, drawn or lost the second leg.
    const [wg, lg] = stage.through === f.teams.home.id ? [h, a] : [a, h];
    const leg = wg > lg ? `tras ganar ${wg}-${lg} la vuelta ante` : wg === lg ? `tras empatar ${wg}-${lg} la vuelta ante` : `pese a perder ${wg}-${lg} la vuelta ante`;
    const options = [
      `${winner} avanza ${leg} ${loser}`,
      `${loser} queda eliminado: ${winner} sigue en carrera`,
      `${winner} se mete en la siguiente ronda tras la vuelta ante ${loser}`,
      `${H} ${h}-${a} ${A}: ${winner} avanza`,
      `${winner} elimina a ${loser}`,
      `La vuelta deja fuera a ${loser}: ${winner} avanza`,
    ];
    if (f.score.penalty.home != null) options.push(`${winner} avanza desde el punto penal ante ${loser}`);
    return rng.pick(options);
  }
  if (stage.leg === 'ida') {
    if (h === a) return rng.pick([`${H} y ${A} empatan ${h}-${a} en la ida`, `Todo abierto: ${H} y ${A} igualan ${h}-${a} en la ida`, `Ida sin ganador entre ${H} y ${A}`]);
    const [w, l, x, y] = h > a ? [H, A, h, a] : [A, H, a, h];
    return rng.pick([
      `${w} gana ${x}-${y} la ida ante ${l}`,
      `${w} toma ventaja en la ida: ${x}-${y} a ${l}`,
      `${w} pega primero en la serie ante ${l}`,
      `Ventaja para ${w}: ${x}-${y} a ${l} en el partido de ida`,
    ]);
  }
  if (h > a) {
    const options = [
      `${H} vence ${h}-${a} a ${A}`,
      `${H} derrota a ${A} por ${h}-${a}`,
      `${H} se impone ${h}-${a} ante ${A}`,
      cityReads ? `Triunfo de ${H} sobre ${A} en ${city}` : `Triunfo de ${H} sobre ${A}`,
      `${H} hace respetar su casa ante ${A}`,
      `${H} le gana ${h}-${a} a ${A}`,
    ];
    if (h - a >= 3) options.push(`${H} golea ${h}-${a} a ${A}`);
    if (star) options.push(`${star} guía el triunfo de ${H} ante ${A}`);
    return rng.pick(options);
  }
  if (a > h) {
    const options = [
      `${A} gana ${a}-${h} en su visita a ${H}`,
      `${A} vence ${a}-${h} a ${H} como visitante`,
      `${A} se impone ${a}-${h} en casa de ${H}`,
      `Golpe de ${A}: ${a}-${h} a ${H} fuera de casa`,
    ];
    if (cityReads) options.push(`${A} sorprende a ${H} en ${city}`);
    if (cityReads && !stage.knockout) options.push(`${A} se lleva los tres puntos de ${city}`);
    if (star) options.push(cityReads ? `${star} le da la victoria a ${A} en ${city}` : `${star} le da la victoria a ${A}`);
    return rng.pick(options);
  }
  if (h === 0) return rng.pick([`${H} y ${A} igualan sin goles`, `Empate sin goles entre ${H} y ${A}`, `${H} y ${A} no se hacen daño`, `Cero a cero entre ${H} y ${A}`]);
  return rng.pick([
    `${H} y ${A} empatan ${h}-${a}`,
    stage.knockout ? `${H} y ${A} igualan ${h}-${a}` : `Reparto de puntos entre ${H} y ${A}`,
    cityReads ? `${H} y ${A} igualan ${h}-${a} en ${city}` : `${H} y ${A} igualan ${h}-${a}`,
    `Empate ${h}-${a} entre ${H} y ${A}`,
  ]);
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
  const rng = room.rng;
  const h = f.goals.home ?? 0;
  const a = f.goals.away ?? 0;
  const kickoff = f.fixture.timestamp * 1000;
  const day = spanishDay(kickoff);
  const venue = venuePhrase(f.fixture.venue.name);
  const hour = Number(spanishTime(kickoff).slice(0, 2));
  const moment = hour >= 18 ? 'Noche' : 'Tarde';
  const H = teamLink(home);
  const A = teamLink(away);
  const homeScorers = room.scorers(f, home.id, true);
  const awayScorers = room.scorers(f, away.id, true);
  const all = [...homeScorers, ...awayScorers];
  // Knockout matches are 'la ida' or 'la vuelta' of a tie; league and group matches give points.
  const match = stage.leg ? `la ${stage.leg} de ${phrase}` : phrase;
  const points = !stage.knockout;
  if (h > a) {
    return rng.pick([
      `${H} venció ${h}-${a} a ${A} ${day} en ${venue}, por ${match} de ${competition}.`,
      points
        ? `${goalsBy(h, homeScorers)}, ${H} derrotó ${h}-${a} a ${A} y sumó tres puntos valiosos en ${phrase} de ${competition}.`
        : `${goalsBy(h, homeScorers)}, ${H} derrotó ${h}-${a} a ${A} en ${match} de ${competition}.`,
      `${escapeHtml(capitalize(home.alias))} hizo valer su localía: ${H} se impuso ${h}-${a} a ${A} en ${venue}, por ${match} de ${competition}.`,
      `${moment} feliz en ${venue}. ${H} superó ${h}-${a} a ${A} ${day}, en ${match} de ${competition}.`,
      `${H} ganó ${h}-${a} ante ${A} ${day} en ${venue}, por ${match} de ${competition}.`,
      `Ante su público, ${H} le ganó ${h}-${a} a ${A} por ${match} de ${competition}.`,
    ]);
  }
  if (a > h) {
    return rng.pick([
      `${A} ganó ${a}-${h} en su visita a ${H} ${day}, por ${match} de ${competition}.`,
      `${escapeHtml(capitalize(away.alias))} dio el golpe en ${venue}: ${A} venció ${a}-${h} a ${H} ${goalsBy(a, awayScorers).replace(/^C/, 'c')}.`,
      `${moment} amarga para ${H}, que cayó ${h}-${a} ante ${A} en ${venue}, por ${match} de ${competition}.`,
      points
        ? `${A} se llevó los tres puntos de ${venue} tras imponerse ${a}-${h} a ${H} ${day}.`
        : `${A} se impuso ${a}-${h} a ${H} en ${venue} ${day}, en ${match} de ${competition}.`,
      `Como visitante, ${A} derrotó ${a}-${h} a ${H} en ${match} de ${competition}.`,
      `${H} no pudo en casa: perdió ${h}-${a} con ${A} ${day}, por ${match} de ${competition}.`,
    ]);
  }
  if (h === 0) {
    return rng.pick([
      `${H} y ${A} igualaron sin goles ${day} en ${venue}, por ${match} de ${competition}.`,
      `Ni ${H} ni ${A} encontraron el camino del gol: ${match} de ${competition} terminó 0-0 en ${venue}.`,
      `${H} y ${A} no se sacaron diferencias ${day} en ${venue}: 0-0 por ${match} de ${competition}.`,
      `Empate sin goles entre ${H} y ${A} en ${venue}, por ${match} de ${competition}.`,
      `Los arcos quedaron en cero ${day}: ${H} y ${A} empataron 0-0 por ${match} de ${competition}.`,
      `${H} y ${A} firmaron un 0-0 en ${venue}, en ${match} de ${competition}.`,
    ]);
  }
  return rng.pick([
    `${H} y ${A} empataron ${h}-${a} ${day} en ${venue}, por ${match} de ${competition}. Por los goles, ${scoredBy(all)}.`,
    points
      ? `Reparto de puntos en ${venue}: ${H} y ${A} igualaron ${h}-${a} en ${phrase} de ${competition}.`
      : `Igualdad en ${venue}: ${H} y ${A} empataron ${h}-${a} en ${match} de ${competition}.`,
    `${H} y ${A} igualaron ${h}-${a} en ${venue}, por ${match} de ${competition}.`,
    `Ni ${H} ni ${A} se sacaron ventaja ${day}: ${h}-${a} en ${match} de ${competition}.`,
    `Empate ${h}-${a} entre ${H} y ${A} en ${venue}, por ${match} de ${competition}.`,
    `${H} y ${A} se repartieron los goles en ${venue}: ${h}-${a} por ${match} de ${competition}.`,
  ]);
}

/** A last sentence for a report, chosen by the seed; knockout closings never speak of points. */
function closingParagraph(room: Newsroom, f: ApiFixtureFull, stage: Stage): string {
  const H = teamLink(team(f.teams.home.id));
  const A = teamLink(team(f.teams.away.id));
  const h = f.goals.home ?? 0;
  const a = f.goals.away ?? 0;
  const [W, L] = h >= a ? [H, A] : [A, H];
  if (stage.leg === 'ida') {
    return room.rng.pick([
      `La serie se definirá en la vuelta.`,
      `Todo se decidirá en el partido de vuelta.`,
      `${H} y ${A} se volverán a ver en una semana.`,
      `Nada está dicho: faltan los noventa minutos de la vuelta.`,
      `El resultado de la ida obliga a ${h === a ? 'ambos' : L} a salir a buscar el partido en la vuelta.`,
      `La llave se definirá en la vuelta, con el global a la vista.`,
    ]);
  }
  if (stage.knockout) {
    return room.rng.pick([
      `La llave quedó resuelta.`,
      `Así se cerró la serie.`,
      `Con este resultado se conoce a uno de los clasificados.`,
      `La serie ya tiene ganador.`,
      `El cuadro de la competencia ya tiene un nombre más en la siguiente ronda.`,
      `Fin de la serie.`,
    ]);
  }
  return room.rng.pick([
    h === a ? `Un punto para cada uno.` : `${W} se quedó con la victoria.`,
    `Ambos equipos ya piensan en su próximo partido.`,
    `El resultado se suma a la tabla de posiciones.`,
    h === a ? `Ninguno logró romper la igualdad.` : `${W} celebró un triunfo ante ${L}.`,
    `Así terminó el partido.`,
    `Los detalles del partido, en su ficha.`,
  ]);
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
    sentences.push(room.rng.pick([
      `${ball} ${teamLink(team(hs.team.id))} remató ${statValue(hs, 'Total Shots')} veces, ${statValue(hs, 'Shots on Goal')} al arco; ${teamLink(team(as.team.id))}, ${statValue(as, 'Total Shots')}, con ${statValue(as, 'Shots on Goal')} entre los tres palos.`,
      `Las cifras del partido: ${statValue(hs, 'Total Shots')} remates de ${teamLink(team(hs.team.id))} contra ${statValue(as, 'Total Shots')} de ${teamLink(team(as.team.id))}, y una posesión de ${possession}% para el local.`,
    ]));
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
  const title = isFinal
    ? rng.pick([`${home.name} y ${away.name} definen el título de ${competition}`, `Todo listo para la final de ${competition}: ${home.name} vs. ${away.name}`])
    : rng.pick([
      `Previa: ${home.name} recibe a ${away.name} en ${venuePhrase(f.fixture.venue.name)}`,
      `${home.name} y ${away.name} se miden por ${phrase}`,
      `${home.name} vs. ${away.name}: horario y cómo llegan`,
      `¿Quién gana? ${home.name} y ${away.name} abren un duelo clave`,
      `${home.name} espera a ${away.name}: todo sobre el partido`,
      `Lo que hay que saber del ${home.name} - ${away.name}`,
    ]);
  const H = teamLink(home);
  const A = teamLink(away);
  const blocks: string[] = [];
  blocks.push(`<p>${isFinal
    ? `${H} y ${A} jugarán la final de ${competition} ${when} (hora de Ecuador) en ${venuePhrase(f.fixture.venue.name)}, en ${escapeHtml(f.fixture.venue.city ?? '')}. Es un partido único: si hay empate, el campeón se definirá en la prórroga o en los penales.`
    : rng.pick([
      `${H} recibirá a ${A} ${when} en ${venuePhrase(f.fixture.venue.name)}, por ${phrase} de ${competition}.`,
      `${capitalize(phrase)} de ${competition} tiene un duelo atractivo: ${H} contra ${A}, ${when}.`,
      `${when.charAt(0).toUpperCase() + when.slice(1)}, ${H} y ${A} se enfrentarán en ${venuePhrase(f.fixture.venue.name)} por ${phrase} de ${competition}.`,
      `${H} y ${A} se verán las caras ${when}, en ${venuePhrase(f.fixture.venue.name)}, por ${phrase} de ${competition}.`,
      `La pelota rodará ${when} en ${venuePhrase(f.fixture.venue.name)}: ${H} será local ante ${A} por ${phrase} de ${competition}.`,
      `${A} visita a ${H} ${when}, en uno de los partidos de ${phrase} de ${competition}.`,
    ])}</p>`);
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
  const closing = rng.pick([
    `Un partido para no perderse.`,
    `Ambos técnicos tienen la última palabra sobre los onces.`,
    `El pitazo inicial será a las ${spanishTime(kickoff)}, hora de Ecuador.`,
    `Marcador seguirá el partido minuto a minuto.`,
    `Las alineaciones se conocerán antes del inicio.`,
    `La previa termina aquí; el resto se verá en la cancha.`,
  ]);
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

const POSITION_ES: Record<string, string> = { Goalkeeper: 'arquero', Defender: 'defensor', Midfielder: 'volante', Attacker: 'delantero' };

function writeTransferNews(room: Newsroom, entry: ApiTransferEntry, calledUp: Set<number>): void {
  const player = room.players.get(entry.player.id);
  const move = entry.transfers[0];
  if (!player || !move) return;
  const to = team(move.teams.in.id);
  const from = team(move.teams.out.id);
  const who = room.name(player.id, entry.player.name);
  const rng = room.rng;
  const loan = move.type === 'Loan';
  // A loan is told as a loan: he arrives 'a préstamo' and still belongs to the club he left.
  const title = loan
    ? rng.pick([
      `${who} llega a préstamo a ${to.name}`,
      `${to.name} recibe a préstamo a ${who}`,
      `${who} jugará cedido en ${to.name}`,
      `${from.name} presta a ${who} a ${to.name}`,
      `El ecuatoriano ${who}, a préstamo en ${to.name}`,
      `${who} se va cedido de ${from.name} a ${to.name}`,
    ])
    : rng.pick([
      `${who} firma con ${to.name}`,
      `${to.name} confirma el fichaje de ${who}`,
      `${who} deja ${from.name} y jugará en ${to.name}`,
      `El ecuatoriano ${who} es nuevo jugador de ${to.name}`,
      `${to.name} se refuerza con ${who}`,
      `${who}, nuevo refuerzo de ${to.name}`,
    ]);
  const link = room.playerLink(player.id, entry.player.name);
  const how = transferTypeText(move.type);
  const position = POSITION_ES[player.position];
  const blocks = [
    `<p>${rng.pick([
      `${to.name === 'Chelsea' || to.country === 'England' ? 'Desde Inglaterra llega' : 'Llega'} la confirmación: ${link} jugará en ${teamLink(to)}, que lo incorporó desde ${teamLink(from)} ${how}.`,
      `${teamLink(to)} anunció la llegada de ${link}, ${position} ecuatoriano de ${player.age} años, procedente de ${teamLink(from)} ${how}.`,
      `${link} cambia de aires: el ${position} de ${player.age} años deja ${teamLink(from)} y se une a ${teamLink(to)} ${how}.`,
      `Es oficial: ${link} vestirá la camiseta de ${teamLink(to)}, que lo recibe de ${teamLink(from)} ${how}.`,
      `${teamLink(from)} y ${teamLink(to)} cerraron el pase de ${link}, que llega ${how}.`,
      `El ${position} ecuatoriano ${link} continuará su carrera en ${teamLink(to)}; llega desde ${teamLink(from)} ${how}.`,
    ])}${loan ? ` Su ficha sigue perteneciendo a ${teamLink(from)}.` : ''}</p>`,
    `<p>${calledUp.has(player.id)
      ? `El jugador forma parte de la lista de la Selección de Ecuador para las Eliminatorias, por lo que su adaptación será seguida de cerca por el cuerpo técnico de la Tri.`
      : `Con ${player.heightCm} centímetros y nacido en ${escapeHtml(player.birthPlace)}, busca en su nuevo club la continuidad que le abra las puertas de la Selección.`} ${rng.pick([
      `Su presentación oficial está prevista para los próximos días.`,
      `El club espera contar con él desde el próximo partido.`,
      `Es uno de los movimientos del mercado para los ecuatorianos en el exterior.`,
      `Su nuevo club confía en él.`,
      `La afición ya espera su debut.`,
      `En su nuevo equipo tendrá competencia en su puesto.`,
    ])}</p>`,
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
      title: room.rng.pick([`${club.name} renueva a ${who} hasta ${until}`, `${who} seguirá en ${club.name} hasta ${until}`, `${who} extiende su contrato con ${club.name}`]),
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

  if (lastWindow.length) {
    const created = lastWindow[0].data.fixture.timestamp * 1000 - 9 * DAY_MS;
    const byPosition = (pos: string) => squad.filter((p) => p.position === pos).map((p) => {
      const club = team(room.players.get(p.id)?.teamId ?? ECUADOR_ID);
      return `${room.playerLink(p.id, p.name)} (${escapeHtml(club.name)})`;
    });
    const rivals = lastWindow.map((r) => team(r.data.teams.home.id === ECUADOR_ID ? r.data.teams.away.id : r.data.teams.home.id).name);
    room.drafts.push({
      category: 'seleccion',
      title: room.rng.pick([
        `Ecuador anuncia su lista para enfrentar a ${listJoin(rivals)}`,
        `Los convocados de la Tri para jugar ante ${listJoin(rivals)}`,
        `Ecuador ya tiene lista para la doble fecha ante ${listJoin(rivals)}`,
        `Estos son los ${squad.length} convocados de Ecuador para las Eliminatorias`,
        `La Tri da su lista: ${squad.length} jugadores para ${listJoin(rivals)}`,
        `Ecuador convoca a ${squad.length} jugadores para recibir y visitar en la fecha FIFA`,
      ]),
      summary: `El cuerpo técnico de la Tri convocó a ${squad.length} jugadores para la doble fecha de Eliminatorias ante ${listJoin(rivals)}.`,
      blocks: [
        `<p>${room.rng.pick([
          `La Selección de ${teamLink(ecuador)} dio a conocer la lista de ${squad.length} convocados para la doble fecha de Eliminatorias ante ${listJoin(rivals.map(escapeHtml))}.`,
          `${teamLink(ecuador)} ya tiene a sus ${squad.length} convocados para enfrentar a ${listJoin(rivals.map(escapeHtml))} por las Eliminatorias.`,
          `El cuerpo técnico de ${teamLink(ecuador)} publicó la nómina de ${squad.length} jugadores para la fecha FIFA ante ${listJoin(rivals.map(escapeHtml))}.`,
          `Con ${squad.length} nombres, ${teamLink(ecuador)} prepara la doble fecha de Eliminatorias ante ${listJoin(rivals.map(escapeHtml))}.`,
          `La Tri anunció su lista: ${squad.length} jugadores para los partidos ante ${listJoin(rivals.map(escapeHtml))}.`,
          `Estos son los ${squad.length} convocados de ${teamLink(ecuador)} para jugar ante ${listJoin(rivals.map(escapeHtml))} en las Eliminatorias.`,
        ])}</p>`,
        ...[['Arqueros', 'Goalkeeper'], ['Defensores', 'Defender'], ['Volantes', 'Midfielder'], ['Delanteros', 'Attacker']]
          .map(([title, position]) => `<h2>${title}</h2><ul>${byPosition(position).map((x) => `<li>${x}</li>`).join('')}</ul>`),
        `<p>${room.rng.pick([
          `Los convocados se reunirán en los días previos al primer partido.`,
          `Estos son los nombres elegidos por el cuerpo técnico.`,
          `El cuerpo técnico podrá hacer cambios por lesión hasta el día del partido.`,
          `La doble fecha puede ser decisiva en la tabla.`,
          `La Tri buscará sumar en los dos partidos de la fecha FIFA.`,
          `Ecuador jugará dos partidos en pocos días.`,
        ])}</p>`,
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
    room.drafts.push({
      category: 'seleccion',
      title: room.rng.pick([
        `Así quedó la tabla de las Eliminatorias tras la fecha ${round}`,
        `Eliminatorias: la tabla después de la fecha ${round}`,
        `Ecuador, ${ordinalStandalone(rank)} en las Eliminatorias tras la fecha ${round}`,
        `La tabla de las Eliminatorias, fecha ${round}: Ecuador es ${ordinalStandalone(rank)}`,
        `Posiciones de las Eliminatorias al cierre de la fecha ${round}`,
        `Tras la fecha ${round}, así está la pelea por el Mundial`,
      ]),
      summary: `Ecuador es ${ordinalStandalone(rank)} en las Eliminatorias con ${plural(table[rank - 1].points, 'punto', 'puntos')} después de la fecha ${round}.`,
      blocks: [
        `<p>${room.rng.pick([
          `Terminada la fecha ${round} de las Eliminatorias Sudamericanas, ${teamLink(ecuador)} ocupa el ${ordinalPlace(rank)} lugar con ${plural(table[rank - 1].points, 'punto', 'puntos')}.`,
          `${teamLink(ecuador)} cerró la fecha ${round} de las Eliminatorias en el ${ordinalPlace(rank)} lugar, con ${plural(table[rank - 1].points, 'punto', 'puntos')}.`,
          `Con ${plural(table[rank - 1].points, 'punto', 'puntos')}, ${teamLink(ecuador)} es ${ordinalStandalone(rank)} en las Eliminatorias después de la fecha ${round}.`,
          `La fecha ${round} de las Eliminatorias dejó a ${teamLink(ecuador)} en el ${ordinalPlace(rank)} puesto con ${plural(table[rank - 1].points, 'punto', 'puntos')}.`,
          `Después de la fecha ${round}, ${teamLink(ecuador)} suma ${plural(table[rank - 1].points, 'punto', 'puntos')} y es ${ordinalStandalone(rank)} en las Eliminatorias.`,
          `${teamLink(ecuador)} marcha ${ordinalStandalone(rank)} en las Eliminatorias Sudamericanas al cabo de la fecha ${round}, con ${plural(table[rank - 1].points, 'punto', 'puntos')}.`,
        ])} Los seis primeros se clasifican directamente al Mundial y el séptimo va al repechaje.</p>`,
        `<ol>${rows.join('')}</ol>`,
        ecuadorNext ? `<p>La Tri volverá a jugar ${spanishDay(ecuadorNext.data.fixture.timestamp * 1000)} ante ${teamLink(team(ecuadorNext.data.teams.home.id === ECUADOR_ID ? ecuadorNext.data.teams.away.id : ecuadorNext.data.teams.home.id))}. ${room.rng.pick([
          `Quedan fechas por jugar y la tabla puede cambiar.`,
          `Cada punto cuenta en la pelea por un lugar en el Mundial.`,
          `La próxima fecha FIFA puede ser clave.`,
          `El objetivo sigue siendo el Mundial.`,
          `El camino al Mundial continúa.`,
          `Habrá que esperar a la próxima fecha FIFA.`,
        ])}</p>` : '',
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
  const contract = (text: string) => text.replace(/\bde el\b/g, 'del').replace(/\ba el\b/g, 'al');
  for (const d of drafts) {
    d.title = contract(d.title);
    d.summary = contract(d.summary);
    d.blocks = d.blocks.map(contract);
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
