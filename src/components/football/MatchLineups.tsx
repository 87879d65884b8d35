import { formatRating, lineupMarks, type LineupMarks } from '../../lib/match/players.ts';
import { personName, pitchNames } from '../../lib/team/names.ts';
import { pitchRows } from '../../lib/match/detail-view.ts';
import { PLACEHOLDER_IMAGE } from '../../lib/config.ts';
import { type Lineup, type LineupPlayer, type MatchEvent, type MatchPlayerLine, type MatchPlayerTeam } from '../../lib/match/types.ts';
import EmptyState from '../ui/EmptyState.tsx';

/**
 * Both line-ups: the formation drawn as a pitch from the provider's `grid` (goalkeeper at the
 * bottom), coach, starting XI and substitutes. Without a usable grid the XI is a plain list.
 * Players without an id are shown by name, without a link. Beside each name in the lists, the marks
 * of the match's events (substitutions with their minute, goals, assists, cards), then his part from
 * the players' table (minutes played, the rating where the data has one): one list of the match's
 * players, not a second table of the same names (issue 32). Drawn by the build for a finished match,
 * and by the live match island (src/islands/LiveMatch.tsx) while one is played (the minutes run).
 */

// The provider's G / D / M / F, as Spanish line-ups abbreviate them.
const POS: Record<string, string> = { G: 'POR', D: 'DEF', M: 'MED', F: 'DEL' };
const at = (minute: string) => (minute ? ` en el minuto ${minute.replace("'", '')}` : '');

type MarkKind = 'on' | 'off' | 'goal' | 'own-goal' | 'assist' | 'yellow' | 'red';
/** Each mark's colour and spoken words; its picture is drawn by CSS (.lineup-mark in global.css). */
const MARK: Record<MarkKind, [string, string]> = {
  on: ['text-success', 'entró'],
  off: ['text-danger', 'salió'],
  goal: ['', 'gol'],
  'own-goal': ['text-danger', 'gol en propia puerta'],
  assist: ['', 'asistencia'],
  yellow: ['', 'tarjeta amarilla'],
  red: ['', 'tarjeta roja'],
};

/** What the events say of him: one element a mark, drawn (no emoji font needed), its words its accessible name. */
function Marks({ marks }: { marks: LineupMarks }) {
  const all: Array<[MarkKind, string[]]> = [
    ['on', marks.on === null ? [] : [marks.on]],
    ['off', marks.off === null ? [] : [marks.off]],
    ['goal', marks.goals],
    ['own-goal', marks.ownGoals],
    ['assist', marks.assists],
    ['yellow', marks.yellow],
    ['red', marks.red],
  ];
  // Items of the player's line themselves, with no wrapper (issue 32's DOM budget).
  return (
    <>
      {all.flatMap(([kind, minutes]) =>
        minutes.map((minute, i) => {
          const [color, words] = MARK[kind];
          return (
            <span key={kind + i} className={`lineup-mark text-xs tabular-nums ${color}`.trim()} data-mark={kind} role="img" aria-label={`${words}${at(minute)}`}>
              {kind === 'own-goal' ? `${minute} (p.p.)` : minute}
            </span>
          );
        }),
      )}
    </>
  );
}

/** One player of a line-up list (starting XI or substitutes); without an id, shown by name only. */
function PlayerItem({ player: p, marks, part }: { player: LineupPlayer; marks: LineupMarks; part: MatchPlayerLine | undefined }) {
  const minutes = part?.minutes ?? null;
  const rating = formatRating(part?.rating ?? null);
  return (
    // The shirt number is the item's ::before and the position ("DEF") its ::after (.lineup-player in
    // global.css), from data-number and data-pos: one element a player, its link (issue 32's DOM budget).
    <li className="lineup-player flex min-h-8 items-center gap-2" data-number={p.number ?? ''} data-pos={p.pos ? (POS[p.pos] ?? p.pos) : undefined} data-player-line={p.id ?? ''}>
      {p.id ? (
        <a href={`/jugadores/${p.id}`} className="text-link hover:underline">
          {personName(p.name)}
        </a>
      ) : (
        <span data-unlinked-player>{personName(p.name)}</span>
      )}
      <Marks marks={marks} />
      {/* The rating, where the data gives one, is the minutes' ::after (global.css): every rated player played, and the page stays under 800 elements. */}
      {minutes !== null && (
        <span className="ml-auto text-xs whitespace-nowrap tabular-nums" title={rating ? 'Minutos jugados y valoración del partido' : 'Minutos jugados'} data-minutes={minutes} data-rating={rating || undefined}>
          {minutes} min
        </span>
      )}
    </li>
  );
}

/** A player's line of the players' table: by id, or by name for a player the provider sends without one. */
function partOf(team: MatchPlayerTeam | undefined, p: LineupPlayer): MatchPlayerLine | undefined {
  return team?.players.find((line) => (p.id !== null ? line.id === p.id : line.id === null && line.name === p.name));
}

function Players({ list, lineup, events, team, attr }: { list: LineupPlayer[]; lineup: Lineup; events: readonly MatchEvent[]; team: MatchPlayerTeam | undefined; attr: string }) {
  return (
    <ul className="mt-1 text-sm" {...{ [attr]: '' }}>
      {list.map((p, i) => (
        <PlayerItem key={p.id ?? `${p.name}-${i}`} player={p} marks={lineupMarks(events, lineup.team.id, p)} part={partOf(team, p)} />
      ))}
    </ul>
  );
}

export default function MatchLineups({
  lineups,
  events = [],
  players = [],
  beforeKickoff = false,
}: {
  lineups: Lineup[];
  events?: readonly MatchEvent[];
  players?: readonly MatchPlayerTeam[];
  /** Not yet played: no line-ups is the normal state, not a failure to retry. */
  beforeKickoff?: boolean;
}) {
  if (lineups.length === 0)
    return beforeKickoff ? <EmptyState title="Alineaciones aún no confirmadas" description="Los clubes las dan a conocer poco antes del inicio." /> : <EmptyState />;
  return (
    <div className="grid gap-4 md:grid-cols-2" data-lineups>
      {lineups.map((lineup) => {
        const rows = pitchRows(lineup.startXI);
        const drawn = pitchNames(lineup.startXI.map((p) => p.name));
        const names = new Map(lineup.startXI.map((p, i) => [p, drawn[i]!]));
        const team = players.find((t) => (lineup.team.id !== null ? t.team.id === lineup.team.id : t.team.name === lineup.team.name));
        return (
          <section key={lineup.team.id ?? lineup.team.name} className="rounded-lg border border-line bg-surface p-3" aria-label={`Alineación de ${lineup.team.name}`} data-lineup>
            <h3 className="flex items-center gap-2 font-semibold">
              <img src={lineup.team.logo || PLACEHOLDER_IMAGE} alt="" width="24" height="24" loading="lazy" className="size-6 object-contain" />
              {lineup.team.name}
              {lineup.formation && <span className="ml-auto text-sm font-normal text-muted">{lineup.formation}</span>}
            </h3>
            {lineup.coach && (
              <p className="mt-1 text-sm text-muted">
                Entrenador: <span className="text-fg">{lineup.coach.name}</span>
              </p>
            )}
            {rows ? (
              <div
                className="mt-3 flex flex-col-reverse gap-1 rounded-md border border-success/40 bg-success/10 px-1 py-2"
                role="img"
                aria-label={`Formación ${lineup.formation || ''} de ${lineup.team.name}, dibujada sobre el campo`}
                data-pitch
              >
                {rows.map((row) => (
                  <div key={row.row} className="flex justify-around gap-1">
                    {/* Equal shares of the row, at most 5rem: a line of five fits a phone, and a name never
                        runs into the next one ("M. Palacios F. Nazareno"); the surname alone is drawn. */}
                    {row.players.map((p, i) => (
                      <span key={p.id ?? i} className="pitch-player max-w-20 min-w-0 flex-1 text-center text-[11px] leading-tight" data-number={p.number ?? ''} title={p.name} data-proper-name>
                        {names.get(p) ?? p.name}
                      </span>
                    ))}
                  </div>
                ))}
              </div>
            ) : null}
            <h4 className="mt-3 text-sm font-semibold">Titulares</h4>
            <Players list={lineup.startXI} lineup={lineup} events={events} team={team} attr="data-start-xi" />
            <h4 className="mt-3 text-sm font-semibold">Suplentes</h4>
            {lineup.substitutes.length ? (
              <Players list={lineup.substitutes} lineup={lineup} events={events} team={team} attr="data-substitutes" />
            ) : (
              <p className="mt-1 text-sm text-muted">Sin datos disponibles</p>
            )}
          </section>
        );
      })}
    </div>
  );
}
