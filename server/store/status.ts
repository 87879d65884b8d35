/** API-Football status codes, grouped the way readers think of a match. */
export const LIVE_STATUSES = ['1H', 'HT', '2H', 'ET', 'BT', 'P', 'SUSP', 'INT', 'LIVE'] as const;
export const FINISHED_STATUSES = ['FT', 'AET', 'PEN'] as const;
export const UPCOMING_STATUSES = ['NS', 'TBD'] as const;
export const ALL_STATUSES = [
  ...LIVE_STATUSES, ...FINISHED_STATUSES, ...UPCOMING_STATUSES, 'PST', 'CANC', 'ABD', 'AWD', 'WO',
] as const;

const live = new Set<string>(LIVE_STATUSES);
const finished = new Set<string>(FINISHED_STATUSES);

export const isLive = (short: string): boolean => live.has(short);
export const isFinished = (short: string): boolean => finished.has(short);
export const isUpcoming = (short: string): boolean => short === 'NS' || short === 'TBD';
