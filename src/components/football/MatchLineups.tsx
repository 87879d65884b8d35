import { lineupMarks, type LineupMarks } from '../../lib/football/match-players.ts';
import { personName, pitchNames } from '../../lib/football/club-names.ts';
import { pitchRows } from '../../lib/football/match-detail-view.ts';
import { PLACEHOLDER_IMAGE, type Lineup, type LineupPlayer, type MatchEvent } from '../../lib/football/types.ts';
import EmptyState from '../ui/EmptyState.tsx';

/**
 * Both line-ups: the formation drawn as a pitch from the provider's `grid` (goalkeeper at the
 * bottom), coach, starting XI and substitutes. Without a usable grid the XI is a plain list.
 * Players without an id are shown by name, without a link. Beside each name in the lists, the marks
 * of the match's events (substitutions with their minute, goals, cards). Drawn by the build for a
 * finished match, and by the live match island (src/islands/LiveMatch.tsx) while one is played.
 */

// The provider's G / D / M / F, as Spanish line-ups abbreviate them.
const POS: Record<string, { short: string; long: string }> = {
  G: { short: 'POR', long: 'Portero' },
  D: { short: 'DEF', long: 'Defensa' },
  M: { short: 'MED', long: 'Centrocampista' },
  F: { short: 'DEL', long: 'Delantero' },
};
const at = (minute: string) => (minute ? ` en el minuto ${minute.replace("'", '')}` : '');

type MarkKind = 'on' | 'off' | 'goal' | 'own-goal' | 'yellow' | 'red';
/** Each mark's colour and spoken words; its picture is drawn by CSS (.lineup-mark in global.css). */
const MARK: Record<MarkKind, [string, string]> = {
  on: ['text-success', 'entró'],
  off: ['text-danger', 'salió'],
  goal: ['', 'gol'],
  'own-goal': ['text-danger', 'gol en propia puerta'],
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
    ['yellow', marks.yellow],
    ['red', marks.red],
  ];
  // Most players have none: no empty wrapper for them (issue 32's DOM budget).
  if (all.every(([, minutes]) => minutes.length === 0)) return null;
  return (
    <span className="flex flex-wrap items-center gap-x-1.5 text-xs tabular-nums" data-lineup-marks>
      {all.flatMap(([kind, minutes]) =>
        minutes.map((minute, i) => {
          const [color, words] = MARK[kind];
          return (
            <span key={kind + i} className={`lineup-mark ${color}`.trim()} data-mark={kind} role="img" aria-label={`${words}${at(minute)}`}>
              {kind === 'own-goal' ? `${minute} (p.p.)` : minute}
            </span>
          );
        }),
      )}
    </span>
  );
}

/** One player of a line-up list (starting XI or substitutes); without an id, shown by name only. */
function PlayerItem({ player: p, marks }: { player: LineupPlayer; marks: LineupMarks }) {
  return (
    // The shirt number is the item's ::before (.lineup-player in global.css), from data-number.
    <li className="lineup-player flex min-h-8 items-center gap-2" data-number={p.number ?? ''}>
      {p.id ? (
        <a href={`/jugadores/${p.id}`} className="text-link hover:underline">
          {personName(p.name)}
        </a>
      ) : (
        <span data-unlinked-player>{personName(p.name)}</span>
      )}
      <Marks marks={marks} />
      {p.pos && (
        <abbr title={POS[p.pos]?.long ?? p.pos} className="ml-auto text-xs text-muted no-underline">
          {POS[p.pos]?.short ?? p.pos}
        </abbr>
      )}
    </li>
  );
}

function Players({ list, lineup, events, attr }: { list: LineupPlayer[]; lineup: Lineup; events: readonly MatchEvent[]; attr: string }) {
  return (
    <ul className="mt-1 text-sm" {...{ [attr]: '' }}>
      {list.map((p, i) => (
        <PlayerItem key={p.id ?? `${p.name}-${i}`} player={p} marks={lineupMarks(events, lineup.team.id, p)} />
      ))}
    </ul>
  );
}

export default function MatchLineups({ lineups, events = [] }: { lineups: Lineup[]; events?: readonly MatchEvent[] }) {
  if (lineups.length === 0) return <EmptyState />;
  return (
    <div className="grid gap-4 md:grid-cols-2" data-lineups>
      {lineups.map((lineup) => {
        const rows = pitchRows(lineup.startXI);
        const drawn = pitchNames(lineup.startXI.map((p) => p.name));
        const names = new Map(lineup.startXI.map((p, i) => [p, drawn[i]!]));
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
            <Players list={lineup.startXI} lineup={lineup} events={events} attr="data-start-xi" />
            <h4 className="mt-3 text-sm font-semibold">Suplentes</h4>
            {lineup.substitutes.length ? (
              <Players list={lineup.substitutes} lineup={lineup} events={events} attr="data-substitutes" />
            ) : (
              <p className="mt-1 text-sm text-muted">Sin datos disponibles</p>
            )}
          </section>
        );
      })}
    </div>
  );
}
