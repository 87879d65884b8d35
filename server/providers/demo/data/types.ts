/** Static facts the demo season is built on: clubs, venues, colours and name pools. */

export interface VenueInfo {
  id: number;
  name: string;
  address: string | null;
  city: string;
  capacity: number | null;
  surface: string | null;
}

export interface TeamColors {
  /** Shirt colour, '#rrggbb'. */
  primary: string;
  /** Second club colour (stripes, sleeves, crest border). */
  secondary: string;
  /** Readable colour for the code/number printed on the primary colour. */
  text: string;
}

/** Keys of the name pools in names.ts; also decides birth places and nationality. */
export type NationKey =
  | 'ecuador' | 'argentina' | 'brazil' | 'uruguay' | 'paraguay' | 'colombia' | 'chile' | 'peru'
  | 'venezuela' | 'bolivia' | 'mexico' | 'usa' | 'morocco' | 'canada' | 'costarica';

export interface TeamInfo {
  id: number;
  name: string;
  code: string;
  /** Provider-style country name in English, e.g. 'Ecuador', 'Brazil'. */
  country: string;
  founded: number | null;
  national: boolean;
  venue: VenueInfo | null;
  colors: TeamColors;
  /** 0..1: how good the side is; drives results, squad quality and national-team call-ups. */
  strength: number;
  /** Where most of its players come from. */
  nation: NationKey;
  /** How a news writer refers to the club the second time, e.g. 'el cuadro albo'. */
  alias: string;
}
