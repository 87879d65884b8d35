import { capitalize } from '../text.ts';

/**
 * The Spanish of the demo's news (server/providers/demo/articles.ts): names of the competitions and
 * rounds, and the phrase tables an article's title and paragraphs are chosen from by the seed. Each
 * table is a template of the facts it needs, already formatted (team names in titles and summaries,
 * escaped links in paragraphs). An entry that is false or null does not apply to the story at hand
 * and is left out of the choice. The seed picks by position: a table's entries and their order are
 * part of the season, and editing one changes the phrase every later article gets.
 */

/** Phrases to choose one from; false and null stand for those that do not apply. */
export type Options = Array<string | false | null>;

export const COMPETITION_LABEL: Record<number, string> = {
  242: 'la Liga Pro', 243: 'la Serie B', 13: 'la Copa Libertadores', 11: 'la Copa Sudamericana',
  34: 'las Eliminatorias Sudamericanas', 10: 'los amistosos internacionales',
};
export const COMPETITION_KEYWORD: Record<number, string> = {
  242: 'Liga Pro', 243: 'Serie B', 13: 'Copa Libertadores', 11: 'Copa Sudamericana', 34: 'Eliminatorias', 10: 'Amistosos',
};
export const KNOCKOUT_LABEL: Record<string, string> = {
  'Round of 16': 'los octavos de final', 'Quarter-finals': 'los cuartos de final', 'Semi-finals': 'las semifinales', Final: 'la final',
};
export const NEXT_ROUND: Record<string, string> = {
  'Round of 16': 'los cuartos de final', 'Quarter-finals': 'las semifinales', 'Semi-finals': 'la final',
};
export const POSITION_ES: Record<string, string> = { Goalkeeper: 'arquero', Defender: 'defensor', Midfielder: 'volante', Attacker: 'delantero' };

// ---------------------------------------------------------------- match reports

/** A report's title: plain team names (H home, A away) and the score (h-a). */
export interface TitleFacts {
  H: string;
  A: string;
  h: number;
  a: number;
  /** The city of the match where it adds something to a title, else ''. */
  city: string;
  /** ' en {city}' where the city adds something to a title, else ''. */
  inCity: string;
  /** The winner's scorer of two goals or more. */
  star: string | null;
  knockout: boolean;
}

export const REPORT_TITLES = {
  /** W went through against L; `leg` is how W did in the return leg ('tras ganar 2-1 la vuelta ante'). */
  secondLeg: ({ H, A, h, a, W, L, leg, shootout }: TitleFacts & { W: string; L: string; leg: string; shootout: boolean }): Options => [
    `${W} avanza ${leg} ${L}`,
    `${L} queda eliminado: ${W} sigue en carrera`,
    `${W} se mete en la siguiente ronda tras la vuelta ante ${L}`,
    `${H} ${h}-${a} ${A}: ${W} avanza`,
    `${W} elimina a ${L}`,
    `La vuelta deja fuera a ${L}: ${W} avanza`,
    shootout && `${W} avanza desde el punto penal ante ${L}`,
  ],
  firstLegDraw: ({ H, A, h, a }: TitleFacts): Options => [
    `${H} y ${A} empatan ${h}-${a} en la ida`, `Todo abierto: ${H} y ${A} igualan ${h}-${a} en la ida`, `Ida sin ganador entre ${H} y ${A}`,
  ],
  /** W beat L x-y in the first leg. */
  firstLegWin: ({ W, L, x, y }: { W: string; L: string; x: number; y: number }): Options => [
    `${W} gana ${x}-${y} la ida ante ${L}`,
    `${W} toma ventaja en la ida: ${x}-${y} a ${L}`,
    `${W} pega primero en la serie ante ${L}`,
    `Ventaja para ${W}: ${x}-${y} a ${L} en el partido de ida`,
  ],
  homeWin: ({ H, A, h, a, inCity, star }: TitleFacts): Options => [
    `${H} vence ${h}-${a} a ${A}`,
    `${H} derrota a ${A} por ${h}-${a}`,
    `${H} se impone ${h}-${a} ante ${A}`,
    `Triunfo de ${H} sobre ${A}${inCity}`,
    `${H} hace respetar su casa ante ${A}`,
    `${H} le gana ${h}-${a} a ${A}`,
    h - a >= 3 && `${H} golea ${h}-${a} a ${A}`,
    star && `${star} guía el triunfo de ${H} ante ${A}`,
  ],
  awayWin: ({ H, A, h, a, city, inCity, star, knockout }: TitleFacts): Options => [
    `${A} gana ${a}-${h} en su visita a ${H}`,
    `${A} vence ${a}-${h} a ${H} como visitante`,
    `${A} se impone ${a}-${h} en casa de ${H}`,
    `Golpe de ${A}: ${a}-${h} a ${H} fuera de casa`,
    city && `${A} sorprende a ${H} en ${city}`,
    city && !knockout && `${A} se lleva los tres puntos de ${city}`,
    star && `${star} le da la victoria a ${A}${inCity}`,
  ],
  goallessDraw: ({ H, A }: TitleFacts): Options => [
    `${H} y ${A} igualan sin goles`, `Empate sin goles entre ${H} y ${A}`, `${H} y ${A} no se hacen daño`, `Cero a cero entre ${H} y ${A}`,
  ],
  draw: ({ H, A, h, a, inCity, knockout }: TitleFacts): Options => [
    `${H} y ${A} empatan ${h}-${a}`,
    knockout ? `${H} y ${A} igualan ${h}-${a}` : `Reparto de puntos entre ${H} y ${A}`,
    `${H} y ${A} igualan ${h}-${a}${inCity}`,
    `Empate ${h}-${a} entre ${H} y ${A}`,
  ],
};

/** A report's first paragraph: H and A are links to the teams, h-a the score. */
export interface OpeningFacts {
  H: string;
  A: string;
  h: number;
  a: number;
  /** 'el sábado 28 de noviembre'. */
  day: string;
  /** 'el Estadio…', 'la Arena…'. */
  venue: string;
  /** The round ('la fecha 3 de la Primera Etapa'); `match` adds the leg of a tie ('la ida de los cuartos de final'). */
  phrase: string;
  match: string;
  competition: string;
  /** The match gives points (league or group). */
  points: boolean;
  /** 'Noche' or 'Tarde'. */
  moment: string;
  /** The aliases, capitalized and escaped ('El cuadro albo'). */
  homeAlias: string;
  awayAlias: string;
  /** 'Con un gol de X' (a sentence's start) and 'con goles de X e Y' (within one). */
  homeGoals: string;
  awayGoals: string;
  /** 'anotaron X e Y'. */
  scoredBy: string;
}

export const REPORT_OPENINGS = {
  homeWin: ({ H, A, h, a, day, venue, phrase, match, competition, points, moment, homeAlias, homeGoals }: OpeningFacts): Options => [
    `${H} venció ${h}-${a} a ${A} ${day} en ${venue}, por ${match} de ${competition}.`,
    points
      ? `${homeGoals}, ${H} derrotó ${h}-${a} a ${A} y sumó tres puntos valiosos en ${phrase} de ${competition}.`
      : `${homeGoals}, ${H} derrotó ${h}-${a} a ${A} en ${match} de ${competition}.`,
    `${homeAlias} hizo valer su localía: ${H} se impuso ${h}-${a} a ${A} en ${venue}, por ${match} de ${competition}.`,
    `${moment} feliz en ${venue}. ${H} superó ${h}-${a} a ${A} ${day}, en ${match} de ${competition}.`,
    `${H} ganó ${h}-${a} ante ${A} ${day} en ${venue}, por ${match} de ${competition}.`,
    `Ante su público, ${H} le ganó ${h}-${a} a ${A} por ${match} de ${competition}.`,
  ],
  awayWin: ({ H, A, h, a, day, venue, match, competition, points, moment, awayAlias, awayGoals }: OpeningFacts): Options => [
    `${A} ganó ${a}-${h} en su visita a ${H} ${day}, por ${match} de ${competition}.`,
    `${awayAlias} dio el golpe en ${venue}: ${A} venció ${a}-${h} a ${H} ${awayGoals}.`,
    `${moment} amarga para ${H}, que cayó ${h}-${a} ante ${A} en ${venue}, por ${match} de ${competition}.`,
    points
      ? `${A} se llevó los tres puntos de ${venue} tras imponerse ${a}-${h} a ${H} ${day}.`
      : `${A} se impuso ${a}-${h} a ${H} en ${venue} ${day}, en ${match} de ${competition}.`,
    `Como visitante, ${A} derrotó ${a}-${h} a ${H} en ${match} de ${competition}.`,
    `${H} no pudo en casa: perdió ${h}-${a} con ${A} ${day}, por ${match} de ${competition}.`,
  ],
  goallessDraw: ({ H, A, day, venue, match, competition }: OpeningFacts): Options => [
    `${H} y ${A} igualaron sin goles ${day} en ${venue}, por ${match} de ${competition}.`,
    `Ni ${H} ni ${A} encontraron el camino del gol: ${match} de ${competition} terminó 0-0 en ${venue}.`,
    `${H} y ${A} no se sacaron diferencias ${day} en ${venue}: 0-0 por ${match} de ${competition}.`,
    `Empate sin goles entre ${H} y ${A} en ${venue}, por ${match} de ${competition}.`,
    `Los arcos quedaron en cero ${day}: ${H} y ${A} empataron 0-0 por ${match} de ${competition}.`,
    `${H} y ${A} firmaron un 0-0 en ${venue}, en ${match} de ${competition}.`,
  ],
  draw: ({ H, A, h, a, day, venue, phrase, match, competition, points, scoredBy }: OpeningFacts): Options => [
    `${H} y ${A} empataron ${h}-${a} ${day} en ${venue}, por ${match} de ${competition}. Por los goles, ${scoredBy}.`,
    points
      ? `Reparto de puntos en ${venue}: ${H} y ${A} igualaron ${h}-${a} en ${phrase} de ${competition}.`
      : `Igualdad en ${venue}: ${H} y ${A} empataron ${h}-${a} en ${match} de ${competition}.`,
    `${H} y ${A} igualaron ${h}-${a} en ${venue}, por ${match} de ${competition}.`,
    `Ni ${H} ni ${A} se sacaron ventaja ${day}: ${h}-${a} en ${match} de ${competition}.`,
    `Empate ${h}-${a} entre ${H} y ${A} en ${venue}, por ${match} de ${competition}.`,
    `${H} y ${A} se repartieron los goles en ${venue}: ${h}-${a} por ${match} de ${competition}.`,
  ],
};

/** A report's last sentence; knockout closings never speak of points. H, A, W (winner) and L are links. */
export const REPORT_CLOSINGS = {
  /** `behind` is who has to come out for the return leg: the loser's link, or 'ambos'. */
  firstLeg: ({ H, A, behind }: { H: string; A: string; behind: string }): Options => [
    `La serie se definirá en la vuelta.`,
    `Todo se decidirá en el partido de vuelta.`,
    `${H} y ${A} se volverán a ver en una semana.`,
    `Nada está dicho: faltan los noventa minutos de la vuelta.`,
    `El resultado de la ida obliga a ${behind} a salir a buscar el partido en la vuelta.`,
    `La llave se definirá en la vuelta, con el global a la vista.`,
  ],
  knockout: [
    `La llave quedó resuelta.`,
    `Así se cerró la serie.`,
    `Con este resultado se conoce a uno de los clasificados.`,
    `La serie ya tiene ganador.`,
    `El cuadro de la competencia ya tiene un nombre más en la siguiente ronda.`,
    `Fin de la serie.`,
  ],
  league: ({ W, L, draw }: { W: string; L: string; draw: boolean }): Options => [
    draw ? `Un punto para cada uno.` : `${W} se quedó con la victoria.`,
    `Ambos equipos ya piensan en su próximo partido.`,
    `El resultado se suma a la tabla de posiciones.`,
    draw ? `Ninguno logró romper la igualdad.` : `${W} celebró un triunfo ante ${L}.`,
    `Así terminó el partido.`,
    `Los detalles del partido, en su ficha.`,
  ],
};

/** The match in figures: `ball` is the sentence on possession, H and A the teams' links. */
export const REPORT_FIGURES = (f: { ball: string; H: string; A: string; hShots: number; hOn: number; aShots: number; aOn: number; possession: number }): Options => [
  `${f.ball} ${f.H} remató ${f.hShots} veces, ${f.hOn} al arco; ${f.A}, ${f.aShots}, con ${f.aOn} entre los tres palos.`,
  `Las cifras del partido: ${f.hShots} remates de ${f.H} contra ${f.aShots} de ${f.A}, y una posesión de ${f.possession}% para el local.`,
];

// ---------------------------------------------------------------- previews

/** A preview: `home` and `away` are plain names, H and A links, `when` 'el sábado 28 de noviembre a las 19:30'. */
export interface PreviewFacts {
  home: string;
  away: string;
  H: string;
  A: string;
  when: string;
  /** The kickoff's time, '19:30'. */
  time: string;
  venue: string;
  city: string;
  phrase: string;
  competition: string;
}

export const PREVIEW = {
  finalTitles: ({ home, away, competition }: PreviewFacts): Options => [
    `${home} y ${away} definen el título de ${competition}`, `Todo listo para la final de ${competition}: ${home} vs. ${away}`,
  ],
  titles: ({ home, away, venue, phrase }: PreviewFacts): Options => [
    `Previa: ${home} recibe a ${away} en ${venue}`,
    `${home} y ${away} se miden por ${phrase}`,
    `${home} vs. ${away}: horario y cómo llegan`,
    `¿Quién gana? ${home} y ${away} abren un duelo clave`,
    `${home} espera a ${away}: todo sobre el partido`,
    `Lo que hay que saber del ${home} - ${away}`,
  ],
  finalOpening: ({ H, A, when, venue, city, competition }: PreviewFacts) =>
    `${H} y ${A} jugarán la final de ${competition} ${when} (hora de Ecuador) en ${venue}, en ${city}. Es un partido único: si hay empate, el campeón se definirá en la prórroga o en los penales.`,
  openings: ({ H, A, when, venue, phrase, competition }: PreviewFacts): Options => [
    `${H} recibirá a ${A} ${when} en ${venue}, por ${phrase} de ${competition}.`,
    `${capitalize(phrase)} de ${competition} tiene un duelo atractivo: ${H} contra ${A}, ${when}.`,
    `${capitalize(when)}, ${H} y ${A} se enfrentarán en ${venue} por ${phrase} de ${competition}.`,
    `${H} y ${A} se verán las caras ${when}, en ${venue}, por ${phrase} de ${competition}.`,
    `La pelota rodará ${when} en ${venue}: ${H} será local ante ${A} por ${phrase} de ${competition}.`,
    `${A} visita a ${H} ${when}, en uno de los partidos de ${phrase} de ${competition}.`,
  ],
  closings: ({ time }: PreviewFacts): Options => [
    `Un partido para no perderse.`,
    `Ambos técnicos tienen la última palabra sobre los onces.`,
    `El pitazo inicial será a las ${time}, hora de Ecuador.`,
    `Marcador seguirá el partido minuto a minuto.`,
    `Las alineaciones se conocerán antes del inicio.`,
    `La previa termina aquí; el resto se verá en la cancha.`,
  ],
};

// ---------------------------------------------------------------- transfers and renewals

/** A transfer: `who`, `to` and `from` are plain names; `link`, `To` and `From` links; `how` 'a préstamo', 'por unos 300 mil euros'. */
export interface TransferFacts {
  who: string;
  to: string;
  from: string;
  link: string;
  To: string;
  From: string;
  how: string;
  /** 'arquero', 'volante'… */
  position: string;
  age: number;
  /** 'Llega', or 'Desde Inglaterra llega' for a move to England. */
  arrives: string;
}

export const TRANSFER = {
  /** A loan is told as a loan: he arrives 'a préstamo' and still belongs to the club he left. */
  loanTitles: ({ who, to, from }: TransferFacts): Options => [
    `${who} llega a préstamo a ${to}`,
    `${to} recibe a préstamo a ${who}`,
    `${who} jugará cedido en ${to}`,
    `${from} presta a ${who} a ${to}`,
    `El ecuatoriano ${who}, a préstamo en ${to}`,
    `${who} se va cedido de ${from} a ${to}`,
  ],
  titles: ({ who, to, from }: TransferFacts): Options => [
    `${who} firma con ${to}`,
    `${to} confirma el fichaje de ${who}`,
    `${who} deja ${from} y jugará en ${to}`,
    `El ecuatoriano ${who} es nuevo jugador de ${to}`,
    `${to} se refuerza con ${who}`,
    `${who}, nuevo refuerzo de ${to}`,
  ],
  openings: ({ link, To, From, how, position, age, arrives }: TransferFacts): Options => [
    `${arrives} la confirmación: ${link} jugará en ${To}, que lo incorporó desde ${From} ${how}.`,
    `${To} anunció la llegada de ${link}, ${position} ecuatoriano de ${age} años, procedente de ${From} ${how}.`,
    `${link} cambia de aires: el ${position} de ${age} años deja ${From} y se une a ${To} ${how}.`,
    `Es oficial: ${link} vestirá la camiseta de ${To}, que lo recibe de ${From} ${how}.`,
    `${From} y ${To} cerraron el pase de ${link}, que llega ${how}.`,
    `El ${position} ecuatoriano ${link} continuará su carrera en ${To}; llega desde ${From} ${how}.`,
  ],
  calledUp: `El jugador forma parte de la lista de la Selección de Ecuador para las Eliminatorias, por lo que su adaptación será seguida de cerca por el cuerpo técnico de la Tri.`,
  /** A player not called up: `height` in cm, `birthPlace` escaped. */
  prospects: ({ height, birthPlace }: { height: number; birthPlace: string }) =>
    `Con ${height} centímetros y nacido en ${birthPlace}, busca en su nuevo club la continuidad que le abra las puertas de la Selección.`,
  closings: [
    `Su presentación oficial está prevista para los próximos días.`,
    `El club espera contar con él desde el próximo partido.`,
    `Es uno de los movimientos del mercado para los ecuatorianos en el exterior.`,
    `Su nuevo club confía en él.`,
    `La afición ya espera su debut.`,
    `En su nuevo equipo tendrá competencia en su puesto.`,
  ],
};

export const RENEWAL_TITLES = ({ club, who, until }: { club: string; who: string; until: number }): Options => [
  `${club} renueva a ${who} hasta ${until}`, `${who} seguirá en ${club} hasta ${until}`, `${who} extiende su contrato con ${club}`,
];

// ---------------------------------------------------------------- national team

/** A call-up: `rivals` ('Perú y Chile') plain in titles, escaped in `Rivals`; `Ecuador` the team's link. */
export const CALL_UP = {
  titles: ({ rivals, count }: { rivals: string; count: number }): Options => [
    `Ecuador anuncia su lista para enfrentar a ${rivals}`,
    `Los convocados de la Tri para jugar ante ${rivals}`,
    `Ecuador ya tiene lista para la doble fecha ante ${rivals}`,
    `Estos son los ${count} convocados de Ecuador para las Eliminatorias`,
    `La Tri da su lista: ${count} jugadores para ${rivals}`,
    `Ecuador convoca a ${count} jugadores para recibir y visitar en la fecha FIFA`,
  ],
  openings: ({ Ecuador, Rivals, count }: { Ecuador: string; Rivals: string; count: number }): Options => [
    `La Selección de ${Ecuador} dio a conocer la lista de ${count} convocados para la doble fecha de Eliminatorias ante ${Rivals}.`,
    `${Ecuador} ya tiene a sus ${count} convocados para enfrentar a ${Rivals} por las Eliminatorias.`,
    `El cuerpo técnico de ${Ecuador} publicó la nómina de ${count} jugadores para la fecha FIFA ante ${Rivals}.`,
    `Con ${count} nombres, ${Ecuador} prepara la doble fecha de Eliminatorias ante ${Rivals}.`,
    `La Tri anunció su lista: ${count} jugadores para los partidos ante ${Rivals}.`,
    `Estos son los ${count} convocados de ${Ecuador} para jugar ante ${Rivals} en las Eliminatorias.`,
  ],
  closings: [
    `Los convocados se reunirán en los días previos al primer partido.`,
    `Estos son los nombres elegidos por el cuerpo técnico.`,
    `El cuerpo técnico podrá hacer cambios por lesión hasta el día del partido.`,
    `La doble fecha puede ser decisiva en la tabla.`,
    `La Tri buscará sumar en los dos partidos de la fecha FIFA.`,
    `Ecuador jugará dos partidos en pocos días.`,
  ],
};

/** Ecuador in the qualifiers' table after a round: `place` 'tercer', `rank` 'tercero', `points` '7 puntos'. */
export interface QualifiersFacts {
  Ecuador: string;
  round: string;
  place: string;
  rank: string;
  points: string;
}

export const QUALIFIERS_TABLE = {
  titles: ({ round, rank }: QualifiersFacts): Options => [
    `Así quedó la tabla de las Eliminatorias tras la fecha ${round}`,
    `Eliminatorias: la tabla después de la fecha ${round}`,
    `Ecuador, ${rank} en las Eliminatorias tras la fecha ${round}`,
    `La tabla de las Eliminatorias, fecha ${round}: Ecuador es ${rank}`,
    `Posiciones de las Eliminatorias al cierre de la fecha ${round}`,
    `Tras la fecha ${round}, así está la pelea por el Mundial`,
  ],
  openings: ({ Ecuador, round, place, rank, points }: QualifiersFacts): Options => [
    `Terminada la fecha ${round} de las Eliminatorias Sudamericanas, ${Ecuador} ocupa el ${place} lugar con ${points}.`,
    `${Ecuador} cerró la fecha ${round} de las Eliminatorias en el ${place} lugar, con ${points}.`,
    `Con ${points}, ${Ecuador} es ${rank} en las Eliminatorias después de la fecha ${round}.`,
    `La fecha ${round} de las Eliminatorias dejó a ${Ecuador} en el ${place} puesto con ${points}.`,
    `Después de la fecha ${round}, ${Ecuador} suma ${points} y es ${rank} en las Eliminatorias.`,
    `${Ecuador} marcha ${rank} en las Eliminatorias Sudamericanas al cabo de la fecha ${round}, con ${points}.`,
  ],
  nextClosings: [
    `Quedan fechas por jugar y la tabla puede cambiar.`,
    `Cada punto cuenta en la pelea por un lugar en el Mundial.`,
    `La próxima fecha FIFA puede ser clave.`,
    `El objetivo sigue siendo el Mundial.`,
    `El camino al Mundial continúa.`,
    `Habrá que esperar a la próxima fecha FIFA.`,
  ],
};
