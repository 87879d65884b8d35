import type { TeamInfo, VenueInfo } from './types.ts';

/**
 * Ecuadorian clubs with their API-Football ids, codes, founding years and venues as the provider
 * lists them (GET /teams?search=Ecuador), spelled properly in Spanish. Where the provider has no
 * code, the code is the first three letters of the name (a few hand-picked where that reads badly).
 * Colours are the clubs' traditional ones; strength is the demo season's own assumption.
 */

const venue = (id: number, name: string, address: string | null, city: string, capacity: number | null, surface = 'grass'): VenueInfo => ({
  id, name, address, city, capacity, surface,
});

export const VENUES = {
  capwell: venue(18579, 'Estadio George Capwell', 'Calle General Gómez 1312 y Avenida Quito', 'Guayaquil', 36007),
  jocay: venue(467, 'Estadio Jocay', 'Avenida 113', 'Manta', 17834),
  atahualpa: venue(465, 'Estadio Olímpico Atahualpa', 'Avenida 6 de Diciembre y Avenida Naciones Unidas', 'Quito', 40958),
  bellavista: venue(474, 'Estadio Bellavista de Ambato', 'Avenida Bolivariana', 'Ambato', 16467),
  monumentalGye: venue(466, 'Estadio Monumental Banco Pichincha', 'Avenida Barcelona Sporting Club, Tarqui', 'Guayaquil', 59283),
  bancoGuayaquil: venue(18580, 'Estadio Banco Guayaquil', 'Calle F S/N y Calle I, Chillo-Jijón, Sangolquí', 'Sangolquí', 12600),
  serranoAguilar: venue(468, 'Estadio Alejandro Serrano Aguilar Banco del Austro', 'Avenida del Estadio y José Peralta', 'Cuenca', 22830),
  gonzaloPozo: venue(19380, 'Estadio Cooprogreso Gonzalo Pozo Ripalda', 'Avenida Rumichaca y Calle Moromoro, Chillogallo', 'Quito', 21689),
  rodrigoPaz: venue(471, 'Estadio Rodrigo Paz Delgado', 'Avenida John F. Kennedy y Calle Gustavo Lemos, Ponceano, Cotocollao', 'Quito', 41575),
  mushucRuna: venue(19450, 'Estadio Cooperativa de Ahorro y Crédito Mushuc Runa', 'Vía Ambato-Guaranda E491, Pilahuín', 'Ambato', 10000),
  nueveDeMayo: venue(1837, 'Estadio 9 de Mayo', 'Avenida 25 de Junio y Las Palmeras', 'Machala', 16456),
  reinaDelCisne: venue(472, 'Estadio Federativo Reina del Cisne', 'Avenida Emiliano Ortega y Calle Azuay', 'Loja', 15281),
  ibarra: venue(2683, 'Estadio Olímpico de Ibarra', 'Avenida Víctor Manuel Peñaherrera y Jaime Roldós', 'Ibarra', 17260),
  jorgeAndrade: venue(21645, 'Estadio Municipal Jorge Andrade Cantos', 'Calle Emilio Abad y Sucre', 'Azogues', 9000),
  silvaRomo: venue(21648, 'Estadio José Silva Romo', null, 'Baños de Agua Santa', 1000),
  christianBenitez: venue(1702, 'Estadio Christian Benítez Betancourt', 'Avenida Paseo del Parque', 'Guayaquil', 10152, 'artificial turf'),
  laTroncal: venue(21647, 'Estadio Municipal de La Troncal', 'Galápagos', 'La Troncal', 1000),
  jaimeZumarraga: venue(8538, 'Estadio Municipal Jaime Zumárraga', null, 'Pujilí', 10000),
  realesTamarindos: venue(473, 'Estadio Reales Tamarindos', 'Avenida Universitaria y César Chávez Cañarte', 'Portoviejo', 21000),
} satisfies Record<string, VenueInfo>;

const ecuadorian = (
  id: number, name: string, code: string, founded: number | null, v: VenueInfo,
  primary: string, secondary: string, text: string, strength: number, alias: string,
): TeamInfo => ({
  id, name, code, country: 'Ecuador', founded, national: false, venue: v,
  colors: { primary, secondary, text }, strength, nation: 'ecuador', alias,
});

/** The 16 Liga Pro clubs. */
export const LIGA_PRO_CLUBS: TeamInfo[] = [
  ecuadorian(1156, 'Aucas', 'AUC', 1945, VENUES.gonzaloPozo, '#ffd100', '#d2001f', '#8a0015', 0.64, 'el cuadro oriental'),
  ecuadorian(1152, 'Barcelona SC', 'BAR', 1925, VENUES.monumentalGye, '#ffd200', '#111111', '#111111', 0.8, 'el Ídolo del Astillero'),
  ecuadorian(1149, 'Delfín', 'DEL', 1989, VENUES.jocay, '#f6c700', '#0a3d91', '#0a3d91', 0.6, 'el Cetáceo'),
  ecuadorian(1154, 'Deportivo Cuenca', 'CUE', 1971, VENUES.serranoAguilar, '#c8102e', '#111111', '#ffffff', 0.57, 'el Expreso Austral'),
  ecuadorian(1150, 'El Nacional', 'NAC', 1964, VENUES.atahualpa, '#d0021b', '#0033a0', '#ffffff', 0.56, 'el equipo militar'),
  ecuadorian(1148, 'Emelec', 'EME', 1929, VENUES.capwell, '#0055a4', '#9fc6ea', '#ffffff', 0.72, 'el Bombillo'),
  ecuadorian(1153, 'Independiente del Valle', 'IND', 1958, VENUES.bancoGuayaquil, '#161616', '#1e63b8', '#ffffff', 0.85, 'el conjunto rayado'),
  ecuadorian(1158, 'LDU de Quito', 'QUI', 1930, VENUES.rodrigoPaz, '#ffffff', '#e30613', '#0a2a66', 0.83, 'el cuadro albo'),
  ecuadorian(18762, 'Libertad', 'LIB', 2017, VENUES.reinaDelCisne, '#f2c500', '#1d3f8f', '#1d3f8f', 0.53, 'el conjunto lojano'),
  ecuadorian(1155, 'Macará', 'MAC', 1939, VENUES.bellavista, '#6cace4', '#ffffff', '#0b2e59', 0.6, 'el Ídolo de Ambato'),
  ecuadorian(1980, 'Manta', 'MAN', 1998, VENUES.jocay, '#0b4ea2', '#ffffff', '#ffffff', 0.48, 'el Atunero'),
  ecuadorian(1162, 'Mushuc Runa', 'MUS', 2003, VENUES.mushucRuna, '#c8102e', '#1b1b1b', '#ffffff', 0.55, 'el Ponchito'),
  ecuadorian(1992, 'Orense', 'ORE', 2009, VENUES.nueveDeMayo, '#00843d', '#111111', '#ffffff', 0.62, 'el equipo bananero'),
  ecuadorian(1151, 'Técnico Universitario', 'TEC', 1971, VENUES.bellavista, '#c8102e', '#ffffff', '#ffffff', 0.52, 'el Rodillo Rojo'),
  ecuadorian(1157, 'Universidad Católica', 'UNI', 1963, VENUES.atahualpa, '#5bb3e4', '#ffffff', '#0b2e59', 0.7, 'el Trencito Azul'),
  ecuadorian(25737, 'Atlético Vinotinto', 'ATL', 2022, VENUES.atahualpa, '#7b1e3c', '#ffffff', '#ffffff', 0.5, 'el conjunto vinotinto'),
];

/** Ten Serie B clubs, all with a venue in the provider's data. */
export const SERIE_B_CLUBS: TeamInfo[] = [
  ecuadorian(16476, 'Cumbayá', 'CUM', 2013, VENUES.atahualpa, '#e87722', '#1b1b1b', '#1b1b1b', 0.6, 'el cuadro de Cumbayá'),
  ecuadorian(1983, 'Imbabura', 'IMB', 1993, VENUES.ibarra, '#1c57a5', '#ffffff', '#ffffff', 0.55, 'el equipo imbabureño'),
  ecuadorian(1986, 'Gualaceo', 'GUA', 2000, VENUES.jorgeAndrade, '#008f4c', '#ffffff', '#ffffff', 0.52, 'el cuadro gualaceño'),
  ecuadorian(10112, 'Chacaritas', 'CHA', 1961, VENUES.silvaRomo, '#d81e05', '#ffffff', '#ffffff', 0.47, 'el conjunto de Baños'),
  ecuadorian(1159, 'Guayaquil City', 'GCI', 2007, VENUES.christianBenitez, '#41b6e6', '#0c2340', '#0c2340', 0.6, 'el cuadro citadino'),
  ecuadorian(10111, '9 de Octubre', 'OCT', 1926, VENUES.laTroncal, '#6a2c91', '#ffffff', '#ffffff', 0.5, 'el Patriótico'),
  ecuadorian(2238, 'Independiente Juniors', 'IJU', 2007, VENUES.jaimeZumarraga, '#161616', '#1e63b8', '#ffffff', 0.53, 'el filial rayado'),
  ecuadorian(19034, 'Leones del Norte', 'LEO', 2017, VENUES.ibarra, '#f4b400', '#1b1b1b', '#1b1b1b', 0.49, 'el conjunto norteño'),
  ecuadorian(23310, 'San Antonio', 'SAN', 2012, VENUES.ibarra, '#0b6e4f', '#f2c500', '#ffffff', 0.46, 'el cuadro de San Antonio'),
  ecuadorian(1988, 'LDU Portoviejo', 'LDP', 1969, VENUES.realesTamarindos, '#ffffff', '#e30613', '#c8102e', 0.51, 'el equipo portovejense'),
];
