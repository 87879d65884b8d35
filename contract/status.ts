/**
 * API-Football status codes, grouped the way readers think of a match. The one definition both the
 * data API and the site use: a match the server calls finished, the site shows as a result.
 */
export const LIVE_STATUSES = ['1H', 'HT', '2H', 'ET', 'BT', 'P', 'SUSP', 'INT', 'LIVE'] as const;
/** Played to the end, or decided off the pitch (AWD awarded, WO walkover). */
export const FINISHED_STATUSES = ['FT', 'AET', 'PEN', 'AWD', 'WO'] as const;
export const UPCOMING_STATUSES = ['NS', 'TBD'] as const;
/** Not played as scheduled: postponed, cancelled, abandoned. */
export const CANCELLED_STATUSES = ['PST', 'CANC', 'ABD'] as const;
export const ALL_STATUSES = [...LIVE_STATUSES, ...FINISHED_STATUSES, ...UPCOMING_STATUSES, ...CANCELLED_STATUSES] as const;

export type StatusCode = (typeof ALL_STATUSES)[number];
export type StatusGroup = 'live' | 'finished' | 'upcoming' | 'cancelled';

const GROUP_OF: ReadonlyMap<string, StatusGroup> = new Map<string, StatusGroup>([
  ...LIVE_STATUSES.map((s) => [s, 'live'] as const),
  ...FINISHED_STATUSES.map((s) => [s, 'finished'] as const),
  ...UPCOMING_STATUSES.map((s) => [s, 'upcoming'] as const),
  ...CANCELLED_STATUSES.map((s) => [s, 'cancelled'] as const),
]);

/** The group of a status code; an unknown code is treated as not started (spec §3 default 'NS'). */
export function statusGroup(short: string): StatusGroup {
  return GROUP_OF.get(short) ?? 'upcoming';
}

export const isLiveStatus = (short: string): boolean => GROUP_OF.get(short) === 'live';
export const isFinishedStatus = (short: string): boolean => GROUP_OF.get(short) === 'finished';
export const isUpcomingStatus = (short: string): boolean => GROUP_OF.get(short) === 'upcoming';
export const isCancelledStatus = (short: string): boolean => GROUP_OF.get(short) === 'cancelled';

/** Spanish names of the provider's status codes, as a reader expects them on a scoreboard. */
const STATUS_LABELS: Readonly<Record<string, string>> = {
  TBD: 'Por definir',
  NS: 'Programado',
  '1H': 'Primer tiempo',
  HT: 'Descanso',
  '2H': 'Segundo tiempo',
  ET: 'Prórroga',
  BT: 'Descanso de la prórroga',
  P: 'Penales',
  SUSP: 'Suspendido',
  INT: 'Interrumpido',
  LIVE: 'En juego',
  FT: 'Final',
  AET: 'Final tras prórroga',
  PEN: 'Final por penales',
  PST: 'Aplazado',
  CANC: 'Cancelado',
  ABD: 'Abandonado',
  AWD: 'Resultado administrativo',
  WO: 'Walkover',
};

export function statusLabel(short: string): string {
  return STATUS_LABELS[short] ?? short;
}
