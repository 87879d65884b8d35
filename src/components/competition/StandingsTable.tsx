import { FORM_STYLE, formResults, groupLabel, groupZones, rowZone, type TableGroup } from '../../lib/competition/standings.ts';
import { PLACEHOLDER_IMAGE } from '../../lib/config.ts';
import { formatGoalDifference } from '../../lib/format/numbers.ts';
import { PROVISIONAL_LIVE } from '../../lib/competition/provisional.ts';
import { cn } from '../ui/cn.ts';
import { ZONE_BAR_BEFORE } from './zones.ts';

interface StandingsTableProps {
  group: TableGroup;
  leagueId: number;
  /** Team id → the name fans use, for phones (Team.shortName); the full name when missing or the same. */
  shortNames?: Record<number, string>;
  /** Overrides the caption (defaults to the group's Spanish name). */
  caption?: string;
  /** Said after the caption, marked: a provisional table's "si terminara ahora". */
  note?: string;
  /** The page's live script may redraw it (src/client/live-tables.ts): the note's place is kept, hidden. */
  live?: boolean;
  /**
   * Only #, Equipo, PJ, DG and Pts (and the zones): a settled phase, whose wins, goals and last five
   * are history. Half the elements of a full table (the standings page's DOM budget).
   */
  compact?: boolean;
  /**
   * Where the form column shows: from lg up (the whole table's, the provider's last five); at every width
   * (the last-five view, where it is the point, compact or not); nowhere (the home and away views: the form is the whole
   * season's, not theirs).
   */
  form?: 'wide' | 'always' | 'none';
}

/**
 * The last five results, latest on the right: a letter (G/E/P) in a shape and colour per result,
 * each an image named by its word ("Victoria", "Empate" …) for screen readers; the column's header
 * says the order. The cell's content, without a wrapper or a second copy in words (one element a
 * badge: issue 32's DOM budget); src/client/live-tables.ts writes the same when a live result moves it.
 */
export function FormGuide({ form }: { form: string }) {
  const results = formResults(form);
  if (!results.length) return <span className="sr-only">Sin partidos</span>;
  return (
    <>
      {results.map((result, index) => (
        <span key={index} role="img" aria-label={result.label} title={result.label} className={FORM_STYLE[result.letter]}>
          {result.short}
        </span>
      ))}
    </>
  );
}

/** A form cell's `data-form`: its results' letters, oldest first (what FormGuide shows). */
export function formLetters(form: string): string {
  return formResults(form)
    .map((r) => r.letter)
    .join('');
}

/**
 * The note beside a table's name ("Provisional: si terminara ahora"). On a phone only the word before
 * the colon shows, so the caption keeps one line (no shift when a live score moves the table);
 * screen readers hear it all. Hidden, with its words, while the table is the stored one.
 */
export function ProvisionalNote({ note }: { note: string | undefined }) {
  const text = note ?? PROVISIONAL_LIVE;
  const head = text.split(':')[0]!;
  return (
    <span className="ml-2 text-xs font-semibold text-live" data-provisional hidden={!note}>
      {head}
      <span className="sr-only sm:not-sr-only">{text.slice(head.length)}</span>
    </span>
  );
}

const num = 'w-9 px-1.5 py-0 text-right tabular-nums sm:w-11 sm:px-2';
const wide = 'hidden sm:table-cell';
const wider = 'hidden md:table-cell';

/** The columns a phone leaves out: the cell's name (the live script's too), its header and words, and from which width it shows. */
const DETAIL_COLUMNS = [
  { cell: 'win', head: 'G', title: 'Partidos ganados', value: 'win', from: wide },
  { cell: 'draw', head: 'E', title: 'Partidos empatados', value: 'draw', from: wide },
  { cell: 'lose', head: 'P', title: 'Partidos perdidos', value: 'lose', from: wide },
  { cell: 'for', head: 'GF', title: 'Goles a favor', value: 'goalsFor', from: wider },
  { cell: 'against', head: 'GC', title: 'Goles en contra', value: 'goalsAgainst', from: wider },
] as const;

/** The row's team: crest and name, on a phone the name fans use (`short`) with the full one for screen readers. */
function TeamCell({ team, short }: { team: TableGroup['rows'][number]['team']; short: string | undefined }) {
  return (
    <th scope="row" className="px-2 py-0 text-left font-semibold">
      {/* A name without a phone form is the link's own text (one element less a row). */}
      <a href={`/equipos/${team.id}`} className="flex min-h-11 items-center gap-2 hover:underline" data-proper-name={short ? undefined : true}>
        <img src={team.logo || PLACEHOLDER_IMAGE} alt="" width={20} height={20} loading="lazy" decoding="async" className="size-5 shrink-0 object-contain" />
        {short ? (
          <>
            <span aria-hidden="true" className="md:hidden" data-proper-name>
              {short}
            </span>
            <span className="sr-only md:not-sr-only" data-proper-name>
              {team.name}
            </span>
          </>
        ) : (
          team.name
        )}
      </a>
    </th>
  );
}

/**
 * A full league table, one table at every width: rank with its zone's colour, team (crest and name;
 * on a phone the name fans use, so no club name is cut or broken), PJ G E P GF GC DG Pts and the form
 * guide, and the zones' legend. A phone shows the compact columns (PJ, DG, Pts); the rest appear from
 * sm/md/lg up (CSS only: the markup is the same). Rendered into the HTML at build time; while a match
 * of the league is played the page's live script redraws its rows in place (`live`, `data-cell`).
 */
export default function StandingsTable({ group, leagueId, shortNames = {}, caption, note, live = false, compact = false, form = 'wide' }: StandingsTableProps) {
  const showForm = form === 'always' || (!compact && form === 'wide');
  const formAt = form === 'always' ? '' : 'hidden lg:table-cell';
  // Where the form shows at every width, a phone leaves out PJ (the badges count the matches) to fit them.
  const playedAt = form === 'always' ? wide : '';
  const zones = groupZones(group);
  const zoneOfRank = new Map<number, string>();
  for (const zone of zones) for (const rank of zone.ranks) zoneOfRank.set(rank, zone.description);
  return (
    // One box: its border, and a scroll of its own should a table ever be wider than the screen.
    <div className="overflow-x-auto rounded-lg border border-line bg-surface" data-standings-table={group.name} data-league-table={leagueId} data-group={group.name}>
      <table className="w-full text-sm">
        <caption className="border-b border-line bg-surface-2 px-3 py-2.5 text-left text-sm font-semibold">
          {caption ?? groupLabel(group.name, leagueId)}
          {note || live ? <ProvisionalNote note={note} /> : null}
        </caption>
        <thead>
          <tr className="text-xs text-muted">
            <th scope="col" className="w-9 px-1.5 py-2 text-right font-semibold sm:px-2" title="Posición" aria-label="Posición">#</th>
            <th scope="col" className="px-2 py-2 text-left font-semibold">
              Equipo
            </th>
            <th scope="col" className={cn(num, playedAt, 'font-semibold')} title="Partidos jugados" aria-label="Partidos jugados">PJ</th>
            {compact
              ? null
              : DETAIL_COLUMNS.map((column) => (
                  <th key={column.cell} scope="col" className={cn(num, column.from, 'font-semibold')} title={column.title} aria-label={column.title}>
                    {column.head}
                  </th>
                ))}
            <th scope="col" className={cn(num, 'font-semibold')} title="Diferencia de goles" aria-label="Diferencia de goles">DG</th>
            <th scope="col" className={cn(num, 'pr-3 font-semibold')} title="Puntos" aria-label="Puntos">Pts</th>
            {showForm ? (
              <th scope="col" className={cn('px-2 py-2 pr-3 text-left font-semibold', formAt)} title="Últimos 5 partidos, el más reciente a la derecha" aria-label="Últimos 5 partidos, el más reciente a la derecha">Forma</th>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-line border-t border-line">
          {group.rows.map((row) => {
            const zone = rowZone(row);
            const zoneText = zoneOfRank.get(row.rank);
            const short = shortNames[row.team.id] !== row.team.name ? shortNames[row.team.id] : undefined;
            return (
              <tr key={row.team.id} data-team-id={row.team.id} data-team-name={row.team.name} data-zone={zone ?? undefined}>
                <td
                  className={cn(
                    'relative w-9 px-1.5 py-0 text-right text-muted tabular-nums sm:px-2',
                    zone && `before:absolute before:inset-y-1 before:left-0 before:w-1 before:rounded-r ${ZONE_BAR_BEFORE[zone]}`,
                  )}
                  data-cell="rank"
                >
                  {row.rank}
                  {zoneText ? <span className="sr-only">, {zoneText}</span> : null}
                </td>
                <TeamCell team={row.team} short={short} />
                <td className={cn(num, playedAt)} data-cell="played">
                  {row.all.played}
                </td>
                {compact
                  ? null
                  : DETAIL_COLUMNS.map((column) => (
                      <td key={column.cell} className={cn(num, column.from)} data-cell={column.cell}>
                        {row.all[column.value]}
                      </td>
                    ))}
                <td className={num} data-cell="diff">
                  {formatGoalDifference(row.goalsDiff)}
                </td>
                <td className={cn(num, 'pr-3 font-bold')} data-cell="points" data-points>
                  {row.points}
                </td>
                {showForm ? (
                  <td className={cn('px-2 py-0 pr-3 whitespace-nowrap', formAt)} data-cell="form" data-form={formLetters(row.form)}>
                    <FormGuide form={row.form} />
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
      {/* Said in words wherever the form column shows: /posiciones, the last-five view and the team pages read it the same way. */}
      {showForm ? <p className={cn('border-t border-line px-3 py-2 text-xs text-muted', form === 'always' ? '' : 'hidden lg:block')}>Forma: últimos 5 partidos, el más reciente a la derecha.</p> : null}
      {zones.length > 0 ? (
        <ul className="flex flex-wrap gap-x-4 gap-y-1 border-t border-line px-3 py-2 text-xs text-muted" aria-label="Leyenda de la tabla">
          {zones.map((zone) => (
            // The colour's square is the item's ::before, as the rank cell's bar.
            <li key={zone.description} className={cn('inline-flex items-center gap-1.5 before:inline-block before:size-2.5 before:rounded-sm', ZONE_BAR_BEFORE[zone.kind])}>
              {zone.description}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
