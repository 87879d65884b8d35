/** Domain types of the football data that components receive (never raw provider envelopes). */

export interface Tournament {
  id: number;
  name: string;
  shortName: string;
  type: 'League' | 'Cup';
  country: string;
  season: number;
  logo: string;
  startDate: string;
  endDate: string;
  current: boolean;
}
