import { formResults, groupLabel, groupZones, rowZone, type TableGroup } from '../../lib/football/standings.ts';
import { PLACEHOLDER_IMAGE } from '../../lib/football/types.ts';
import { formatGoalDifference } from '../../lib/format/numbers.ts';
import { cn } from '../ui/cn.ts';
import { ZONE_BAR } from './zones.ts';

interface StandingsTableProps {
  group: TableGroup;
  leagueId: number;
  /** Team id → the name fans use, for phones (Team.shortName); the full name when missing or the same. */
  shortNames?: Record<number, string>;
  /** Overrides the caption (defaults to the group's Spanish name). */
  caption?: string;
  /** Said after the caption, marked: a provisional table's "si terminara ahora". */
  note?: string;
}

const FORM_STYLE = {
  W: 'rounded-full bg-green-700 text-white',
  D: 'rounded-sm bg-slate-500 text-white',
  L: 'rounded-none bg-red-700 text-white',
} as const;

/**
 * The last five results, latest on the right: a letter (G/E/P) in a shape and colour per result,
 * read out as words ("Victoria, Empate …") by screen readers.
 */
export function FormGuide({ form }: { form: string }) {
  const results = formResults(form);
  if (!results.length) {
    return (
      <span className="text-muted">
        <span aria-hidden="true">–</span>
        <span className="sr-only">Sin partidos</span>
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-0.5" data-form={results.map((r) => r.letter).join('')}>
      <span className="sr-only">{results.map((r) => r.label).join(', ')} (el más reciente al final)</span>
      {results.map((result, index) => (
        <span key={index} aria-hidden="true" title={result.label} className={cn('inline-flex size-5 items-center justify-center text-[11px] leading-none font-bold', FORM_STYLE[result.letter])}>
          {result.short}
        </span>
      ))}
    </span>
  );
}

const num = 'w-9 px-1.5 py-0 text-right tabular-nums sm:w-11 sm:px-2';
const wide = 'hidden sm:table-cell';
const wider = 'hidden md:table-cell';

/**
 * A full league table: rank with its zone's colour, team (crest and name; on a phone the name fans
 * use, so no club name is cut or broken), PJ G E P GF GC DG Pts and the form guide, and the zones' legend.
 * A phone shows the compact columns (PJ, DG, Pts); the rest appear from sm/md/lg up. Rendered into
 * the HTML at build time and, on pages with a live island, redrawn by it with fresh standings.
 */
export default function StandingsTable({ group, leagueId, shortNames = {}, caption, note }: StandingsTableProps) {
  const zones = groupZones(group);
  const zoneOfRank = new Map<number, string>();
  for (const zone of zones) for (const rank of zone.ranks) zoneOfRank.set(rank, zone.description);
  return (
    <div className="overflow-hidden rounded-lg border border-line bg-surface" data-standings-table={group.name}>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="border-b border-line bg-surface-2 px-3 py-2.5 text-left text-sm font-semibold">
            {caption ?? groupLabel(group.name, leagueId)}
            {note ? (
              // On a phone only the word before the colon shows, so the caption keeps one line (no shift
              // when the live island swaps the table in); screen readers hear it all.
              <span className="ml-2 text-xs font-semibold text-live" data-provisional>
                {note.split(':')[0]}
                <span className="sr-only sm:not-sr-only">{note.slice(note.split(':')[0]!.length)}</span>
              </span>
            ) : null}
          </caption>
          <thead>
            <tr className="text-xs text-muted">
              <th scope="col" className="w-9 px-1.5 py-2 text-right font-semibold sm:px-2">
                <abbr title="Posición">#</abbr>
              </th>
              <th scope="col" className="px-2 py-2 text-left font-semibold">
                Equipo
              </th>
              <th scope="col" className={cn(num, 'font-semibold')}>
                <abbr title="Partidos jugados">PJ</abbr>
              </th>
              <th scope="col" className={cn(num, wide, 'font-semibold')}>
                <abbr title="Partidos ganados">G</abbr>
              </th>
              <th scope="col" className={cn(num, wide, 'font-semibold')}>
                <abbr title="Partidos empatados">E</abbr>
              </th>
              <th scope="col" className={cn(num, wide, 'font-semibold')}>
                <abbr title="Partidos perdidos">P</abbr>
              </th>
              <th scope="col" className={cn(num, wider, 'font-semibold')}>
                <abbr title="Goles a favor">GF</abbr>
              </th>
              <th scope="col" className={cn(num, wider, 'font-semibold')}>
                <abbr title="Goles en contra">GC</abbr>
              </th>
              <th scope="col" className={cn(num, 'font-semibold')}>
                <abbr title="Diferencia de goles">DG</abbr>
              </th>
              <th scope="col" className={cn(num, 'pr-3 font-semibold')}>
                <abbr title="Puntos">Pts</abbr>
              </th>
              <th scope="col" className="hidden px-2 py-2 pr-3 text-left font-semibold lg:table-cell">
                <abbr title="Últimos 5 partidos, el más reciente a la derecha">Forma</abbr>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line border-t border-line">
            {group.rows.map((row) => {
              const zone = rowZone(row);
              const zoneText = zoneOfRank.get(row.rank);
              const short = shortNames[row.team.id] !== row.team.name ? shortNames[row.team.id] : undefined;
              return (
                <tr key={row.team.id} data-team-id={row.team.id} data-team-name={row.team.name} data-zone={zone ?? undefined}>
                  <td className="relative w-9 px-1.5 py-0 text-right text-muted tabular-nums sm:px-2">
                    {zone ? <span aria-hidden="true" className={cn('absolute inset-y-1 left-0 w-1 rounded-r', ZONE_BAR[zone])} /> : null}
                    {row.rank}
                    {zoneText ? <span className="sr-only">, {zoneText}</span> : null}
                  </td>
                  <th scope="row" className="px-2 py-0 text-left font-semibold">
                    <a href={`/equipos/${row.team.id}`} className="flex min-h-11 items-center gap-2 hover:underline">
                      <img src={row.team.logo || PLACEHOLDER_IMAGE} alt="" width={20} height={20} loading="lazy" decoding="async" className="size-5 shrink-0 object-contain" />
                      {short ? (
                        <>
                          <span aria-hidden="true" className="md:hidden" data-proper-name>
                            {short}
                          </span>
                          <span className="sr-only md:not-sr-only" data-proper-name>
                            {row.team.name}
                          </span>
                        </>
                      ) : (
                        <span data-proper-name>{row.team.name}</span>
                      )}
                    </a>
                  </th>
                  <td className={num}>{row.all.played}</td>
                  <td className={cn(num, wide)}>{row.all.win}</td>
                  <td className={cn(num, wide)}>{row.all.draw}</td>
                  <td className={cn(num, wide)}>{row.all.lose}</td>
                  <td className={cn(num, wider)}>{row.all.goalsFor}</td>
                  <td className={cn(num, wider)}>{row.all.goalsAgainst}</td>
                  <td className={num}>{formatGoalDifference(row.goalsDiff)}</td>
                  <td className={cn(num, 'pr-3 font-bold')} data-points>
                    {row.points}
                  </td>
                  <td className="hidden px-2 py-0 pr-3 lg:table-cell">
                    <FormGuide form={row.form} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {/* Said in words where the form column shows (lg up): /posiciones and the team pages read it the same way. */}
      <p className="hidden border-t border-line px-3 py-2 text-xs text-muted lg:block">Forma: últimos 5 partidos, el más reciente a la derecha.</p>
      {zones.length > 0 ? (
        <ul className="flex flex-wrap gap-x-4 gap-y-1 border-t border-line px-3 py-2 text-xs text-muted" aria-label="Leyenda de la tabla">
          {zones.map((zone) => (
            <li key={zone.description} className="inline-flex items-center gap-1.5">
              <span aria-hidden="true" className={cn('inline-block size-2.5 rounded-sm', ZONE_BAR[zone.kind])} />
              {zone.description}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
