import type { NationKey, TeamInfo, VenueInfo } from './types.ts';

/**
 * South American clubs for the continental cups, national teams and foreign clubs (for players
 * abroad). API-Football team ids are used only where they are well known; every other team and
 * venue gets an id from the demo's reserved ranges (teams 990001+, venues 995001+) so nothing
 * collides with real provider ids. Founding years and capacities are left unknown (null) rather
 * than guessed.
 */

const COUNTRY_OF: Record<NationKey, string> = {
  ecuador: 'Ecuador', argentina: 'Argentina', brazil: 'Brazil', uruguay: 'Uruguay', paraguay: 'Paraguay',
  colombia: 'Colombia', chile: 'Chile', peru: 'Peru', venezuela: 'Venezuela', bolivia: 'Bolivia',
  mexico: 'Mexico', usa: 'USA', morocco: 'Morocco', canada: 'Canada', costarica: 'Costa Rica',
};

export function countryOf(nation: NationKey): string {
  return COUNTRY_OF[nation];
}

const ADJECTIVE: Record<NationKey, string> = {
  ecuador: 'ecuatoriano', argentina: 'argentino', brazil: 'brasileño', uruguay: 'uruguayo', paraguay: 'paraguayo',
  colombia: 'colombiano', chile: 'chileno', peru: 'peruano', venezuela: 'venezolano', bolivia: 'boliviano',
  mexico: 'mexicano', usa: 'estadounidense', morocco: 'marroquí', canada: 'canadiense', costarica: 'costarricense',
};

let nextVenueId = 995001;
const venues = new Map<string, VenueInfo>();
/** One venue per stadium name, shared by the clubs that play there. */
function stadium(name: string, city: string): VenueInfo {
  const key = `${name}|${city}`;
  let v = venues.get(key);
  if (!v) {
    v = { id: nextVenueId++, name, address: null, city, capacity: null, surface: 'grass' };
    venues.set(key, v);
  }
  return v;
}

const club = (
  id: number, name: string, code: string, nation: NationKey, stadiumName: string, city: string,
  primary: string, secondary: string, text: string, strength: number,
): TeamInfo => ({
  id, name, code, country: COUNTRY_OF[nation], founded: null, national: false, venue: stadium(stadiumName, city),
  colors: { primary, secondary, text }, strength, nation, alias: `el elenco ${ADJECTIVE[nation]}`,
});

/** Foreign entrants of the CONMEBOL Libertadores (the four Ecuadorian ones come from clubs.ts). */
export const LIBERTADORES_FOREIGN: TeamInfo[] = [
  club(127, 'Flamengo', 'FLA', 'brazil', 'Estádio do Maracanã', 'Rio de Janeiro', '#c4161c', '#111111', '#ffffff', 0.9),
  club(121, 'Palmeiras', 'PAL', 'brazil', 'Allianz Parque', 'São Paulo', '#006437', '#ffffff', '#ffffff', 0.89),
  club(120, 'Botafogo', 'BOT', 'brazil', 'Estádio Nilton Santos', 'Rio de Janeiro', '#111111', '#ffffff', '#ffffff', 0.84),
  club(124, 'Fluminense', 'FLU', 'brazil', 'Estádio do Maracanã', 'Rio de Janeiro', '#7a0f2e', '#00613c', '#ffffff', 0.82),
  club(126, 'São Paulo', 'SAO', 'brazil', 'Estádio do Morumbi', 'São Paulo', '#ffffff', '#e4002b', '#111111', 0.82),
  club(119, 'Internacional', 'INT', 'brazil', 'Estádio Beira-Rio', 'Porto Alegre', '#e4002b', '#ffffff', '#ffffff', 0.8),
  club(131, 'Corinthians', 'COR', 'brazil', 'Neo Química Arena', 'São Paulo', '#ffffff', '#111111', '#111111', 0.8),
  club(435, 'River Plate', 'RIV', 'argentina', 'Estadio Monumental', 'Buenos Aires', '#ffffff', '#e4002b', '#e4002b', 0.88),
  club(451, 'Boca Juniors', 'BOC', 'argentina', 'Estadio Alberto J. Armando', 'Buenos Aires', '#103f79', '#f3b229', '#f3b229', 0.85),
  club(436, 'Racing Club', 'RAC', 'argentina', 'Estadio Presidente Perón', 'Avellaneda', '#75aadb', '#ffffff', '#0b2e59', 0.82),
  club(450, 'Estudiantes', 'EST', 'argentina', 'Estadio Jorge Luis Hirschi', 'La Plata', '#e4002b', '#ffffff', '#ffffff', 0.78),
  club(438, 'Vélez Sarsfield', 'VEL', 'argentina', 'Estadio José Amalfitani', 'Buenos Aires', '#ffffff', '#0033a0', '#0033a0', 0.77),
  club(456, 'Talleres', 'TAL', 'argentina', 'Estadio Mario Alberto Kempes', 'Córdoba', '#0b2e59', '#ffffff', '#ffffff', 0.76),
  club(990001, 'Peñarol', 'PEN', 'uruguay', 'Estadio Campeón del Siglo', 'Montevideo', '#f7d117', '#111111', '#111111', 0.76),
  club(990002, 'Nacional', 'NAC', 'uruguay', 'Gran Parque Central', 'Montevideo', '#ffffff', '#0033a0', '#0033a0', 0.75),
  club(990003, 'Liverpool', 'LIV', 'uruguay', 'Estadio Belvedere', 'Montevideo', '#111111', '#0033a0', '#ffffff', 0.66),
  club(990004, 'Olimpia', 'OLI', 'paraguay', 'Estadio Manuel Ferreira', 'Asunción', '#ffffff', '#111111', '#111111', 0.72),
  club(990005, 'Cerro Porteño', 'CER', 'paraguay', 'Estadio General Pablo Rojas', 'Asunción', '#0033a0', '#c8102e', '#ffffff', 0.72),
  club(990006, 'Atlético Nacional', 'ATN', 'colombia', 'Estadio Atanasio Girardot', 'Medellín', '#00843d', '#ffffff', '#ffffff', 0.74),
  club(990007, 'Millonarios', 'MIL', 'colombia', 'Estadio El Campín', 'Bogotá', '#0033a0', '#ffffff', '#ffffff', 0.7),
  club(990008, 'Junior', 'JUN', 'colombia', 'Estadio Metropolitano Roberto Meléndez', 'Barranquilla', '#c8102e', '#ffffff', '#ffffff', 0.7),
  club(990009, 'Colo-Colo', 'COL', 'chile', 'Estadio Monumental David Arellano', 'Santiago', '#ffffff', '#111111', '#111111', 0.72),
  club(990010, 'Universidad de Chile', 'UCH', 'chile', 'Estadio Nacional Julio Martínez Prádanos', 'Santiago', '#0033a0', '#c8102e', '#ffffff', 0.7),
  club(990011, 'Sporting Cristal', 'SCR', 'peru', 'Estadio Alberto Gallardo', 'Lima', '#5bb3e4', '#ffffff', '#0b2e59', 0.66),
  club(990012, 'Universitario', 'UNI', 'peru', 'Estadio Monumental de Lima', 'Lima', '#f3e5c0', '#7a0f2e', '#7a0f2e', 0.67),
  club(990013, 'Bolívar', 'BOL', 'bolivia', 'Estadio Hernando Siles', 'La Paz', '#5bb3e4', '#ffffff', '#0b2e59', 0.65),
  club(990014, 'The Strongest', 'STR', 'bolivia', 'Estadio Hernando Siles', 'La Paz', '#f7d117', '#111111', '#111111', 0.62),
  club(990015, 'Deportivo Táchira', 'TAC', 'venezuela', 'Estadio Polideportivo de Pueblo Nuevo', 'San Cristóbal', '#f7d117', '#111111', '#111111', 0.58),
];

/** Foreign entrants of the CONMEBOL Sudamericana. */
export const SUDAMERICANA_FOREIGN: TeamInfo[] = [
  club(130, 'Grêmio', 'GRE', 'brazil', 'Arena do Grêmio', 'Porto Alegre', '#0d80bf', '#111111', '#ffffff', 0.8),
  club(1062, 'Atlético Mineiro', 'CAM', 'brazil', 'Arena MRV', 'Belo Horizonte', '#111111', '#ffffff', '#ffffff', 0.81),
  club(135, 'Cruzeiro', 'CRU', 'brazil', 'Estádio Mineirão', 'Belo Horizonte', '#0033a0', '#ffffff', '#ffffff', 0.8),
  club(133, 'Vasco da Gama', 'VAS', 'brazil', 'Estádio São Januário', 'Rio de Janeiro', '#111111', '#ffffff', '#ffffff', 0.74),
  club(118, 'Bahia', 'BAH', 'brazil', 'Arena Fonte Nova', 'Salvador', '#0033a0', '#e4002b', '#ffffff', 0.74),
  club(453, 'Independiente', 'IND', 'argentina', 'Estadio Libertadores de América', 'Avellaneda', '#e4002b', '#ffffff', '#ffffff', 0.74),
  club(460, 'San Lorenzo', 'SLO', 'argentina', 'Estadio Pedro Bidegain', 'Buenos Aires', '#0033a0', '#c8102e', '#ffffff', 0.72),
  club(446, 'Lanús', 'LAN', 'argentina', 'Estadio Ciudad de Lanús', 'Lanús', '#7a0f2e', '#ffffff', '#ffffff', 0.74),
  club(458, 'Argentinos Juniors', 'ARG', 'argentina', 'Estadio Diego Armando Maradona', 'Buenos Aires', '#e4002b', '#ffffff', '#ffffff', 0.72),
  club(437, 'Rosario Central', 'ROS', 'argentina', 'Estadio Gigante de Arroyito', 'Rosario', '#0033a0', '#f7d117', '#f7d117', 0.73),
  club(990101, 'Huracán', 'HUR', 'argentina', 'Estadio Tomás Adolfo Ducó', 'Buenos Aires', '#ffffff', '#e4002b', '#e4002b', 0.68),
  club(990102, 'Defensor Sporting', 'DEF', 'uruguay', 'Estadio Luis Franzini', 'Montevideo', '#6a2c91', '#ffffff', '#ffffff', 0.64),
  club(990103, 'Danubio', 'DAN', 'uruguay', 'Estadio Jardines del Hipódromo', 'Montevideo', '#ffffff', '#111111', '#111111', 0.6),
  club(990104, 'Racing de Montevideo', 'RAM', 'uruguay', 'Estadio Osvaldo Roberto', 'Montevideo', '#ffffff', '#2e8b57', '#2e8b57', 0.56),
  club(990105, 'Guaraní', 'GUA', 'paraguay', 'Estadio Rogelio Livieres', 'Asunción', '#f7d117', '#111111', '#111111', 0.62),
  club(990106, 'Nacional Asunción', 'NAS', 'paraguay', 'Estadio Arsenio Erico', 'Asunción', '#ffffff', '#0033a0', '#0033a0', 0.6),
  club(990107, 'Sportivo Luqueño', 'LUQ', 'paraguay', 'Estadio Feliciano Cáceres', 'Luque', '#0033a0', '#f7d117', '#f7d117', 0.57),
  club(990108, 'América de Cali', 'AME', 'colombia', 'Estadio Olímpico Pascual Guerrero', 'Cali', '#c8102e', '#ffffff', '#ffffff', 0.68),
  club(990109, 'Independiente Medellín', 'DIM', 'colombia', 'Estadio Atanasio Girardot', 'Medellín', '#c8102e', '#0033a0', '#ffffff', 0.66),
  club(990110, 'Deportes Tolima', 'TOL', 'colombia', 'Estadio Manuel Murillo Toro', 'Ibagué', '#7a0f2e', '#f7d117', '#ffffff', 0.64),
  club(990111, 'Palestino', 'PAL', 'chile', 'Estadio Municipal de La Cisterna', 'Santiago', '#00843d', '#ffffff', '#c8102e', 0.6),
  club(990112, 'Cobresal', 'COB', 'chile', 'Estadio El Cobre', 'El Salvador', '#f37021', '#ffffff', '#ffffff', 0.56),
  club(990113, 'Alianza Lima', 'ALI', 'peru', 'Estadio Alejandro Villanueva', 'Lima', '#0b2e59', '#ffffff', '#ffffff', 0.64),
  club(990114, 'Melgar', 'MEL', 'peru', 'Estadio Monumental de la UNSA', 'Arequipa', '#c8102e', '#111111', '#ffffff', 0.6),
  club(990115, 'Always Ready', 'ALW', 'bolivia', 'Estadio Municipal de El Alto', 'El Alto', '#c8102e', '#ffffff', '#ffffff', 0.58),
  club(990116, 'Nacional Potosí', 'NPO', 'bolivia', 'Estadio Víctor Agustín Ugarte', 'Potosí', '#ffffff', '#6a2c91', '#6a2c91', 0.55),
  club(990117, 'Caracas', 'CAR', 'venezuela', 'Estadio Olímpico de la UCV', 'Caracas', '#c8102e', '#ffffff', '#ffffff', 0.55),
  club(990118, 'Academia Puerto Cabello', 'APC', 'venezuela', 'Estadio La Bombonerita', 'Puerto Cabello', '#0033a0', '#f7d117', '#ffffff', 0.53),
];

const nationalTeam = (
  id: number, name: string, code: string, nation: NationKey, v: VenueInfo | null,
  primary: string, secondary: string, text: string, strength: number, alias: string,
): TeamInfo => ({
  id, name, code, country: COUNTRY_OF[nation], founded: null, national: true, venue: v,
  colors: { primary, secondary, text }, strength, nation, alias,
});

/** The ten CONMEBOL national teams (API-Football ids). Ecuador's home is Quito's Rodrigo Paz Delgado. */
export function conmebolNations(rodrigoPaz: VenueInfo): TeamInfo[] {
  return [
    { ...nationalTeam(2382, 'Ecuador', 'ECU', 'ecuador', rodrigoPaz, '#ffd100', '#0033a0', '#0033a0', 0.8, 'la Tri'), founded: 1925 },
    nationalTeam(26, 'Argentina', 'ARG', 'argentina', stadium('Estadio Monumental', 'Buenos Aires'), '#75aadb', '#ffffff', '#0b2e59', 0.92, 'la Albiceleste'),
    nationalTeam(6, 'Brasil', 'BRA', 'brazil', stadium('Estádio do Maracanã', 'Rio de Janeiro'), '#ffdf00', '#009c3b', '#009c3b', 0.88, 'la Canarinha'),
    nationalTeam(7, 'Uruguay', 'URU', 'uruguay', stadium('Estadio Centenario', 'Montevideo'), '#5bb3e4', '#111111', '#111111', 0.84, 'la Celeste'),
    nationalTeam(8, 'Colombia', 'COL', 'colombia', stadium('Estadio Metropolitano Roberto Meléndez', 'Barranquilla'), '#fcd116', '#003893', '#003893', 0.83, 'la selección cafetera'),
    nationalTeam(2380, 'Paraguay', 'PAR', 'paraguay', stadium('Estadio Defensores del Chaco', 'Asunción'), '#d52b1e', '#ffffff', '#ffffff', 0.76, 'la Albirroja'),
    nationalTeam(2383, 'Chile', 'CHI', 'chile', stadium('Estadio Nacional Julio Martínez Prádanos', 'Santiago'), '#d52b1e', '#0033a0', '#ffffff', 0.7, 'la Roja'),
    nationalTeam(30, 'Perú', 'PER', 'peru', stadium('Estadio Nacional', 'Lima'), '#ffffff', '#d91023', '#d91023', 0.68, 'la Blanquirroja'),
    nationalTeam(2379, 'Venezuela', 'VEN', 'venezuela', stadium('Estadio Monumental de Maturín', 'Maturín'), '#7a0f2e', '#f7d117', '#ffffff', 0.7, 'la Vinotinto'),
    nationalTeam(2381, 'Bolivia', 'BOL', 'bolivia', stadium('Estadio Municipal de El Alto', 'El Alto'), '#007934', '#f7d117', '#ffffff', 0.62, 'la Verde'),
  ];
}

/** Ecuador's friendly opponents from outside CONMEBOL (Mexico 16 and USA 2384 are API-Football ids). */
export const FRIENDLY_OPPONENTS: TeamInfo[] = [
  nationalTeam(16, 'México', 'MEX', 'mexico', stadium('Estadio Azteca', 'Ciudad de México'), '#006847', '#ffffff', '#ffffff', 0.78, 'el Tri mexicano'),
  nationalTeam(2384, 'Estados Unidos', 'USA', 'usa', stadium('Soldier Field', 'Chicago'), '#ffffff', '#0a3161', '#0a3161', 0.77, 'el combinado estadounidense'),
  nationalTeam(990601, 'Marruecos', 'MAR', 'morocco', stadium('Estadio Príncipe Moulay Abdellah', 'Rabat'), '#c1272d', '#006233', '#ffffff', 0.8, 'la selección marroquí'),
  nationalTeam(990602, 'Canadá', 'CAN', 'canada', stadium('BMO Field', 'Toronto'), '#d80621', '#ffffff', '#ffffff', 0.72, 'el combinado canadiense'),
  nationalTeam(990603, 'Costa Rica', 'CRC', 'costarica', stadium('Estadio Nacional de Costa Rica', 'San José'), '#ce1126', '#002b7f', '#ffffff', 0.66, 'la Sele'),
];

const abroadClub = (id: number, name: string, code: string, country: string, primary: string, secondary: string, text: string): TeamInfo => ({
  id, name, code, country, founded: null, national: false, venue: null,
  colors: { primary, secondary, text }, strength: 0.8, nation: 'ecuador', alias: `el ${name}`,
});

/** Clubs outside the demo's competitions where Ecuadorians play (for /extranjero). API-Football ids. */
export const ABROAD_CLUBS: TeamInfo[] = [
  abroadClub(49, 'Chelsea', 'CHE', 'England', '#034694', '#ffffff', '#ffffff'),
  abroadClub(51, 'Brighton', 'BRI', 'England', '#0057b8', '#ffffff', '#ffffff'),
  abroadClub(168, 'Bayer Leverkusen', 'B04', 'Germany', '#e32221', '#111111', '#ffffff'),
  abroadClub(194, 'Ajax', 'AJA', 'Netherlands', '#ffffff', '#d2122e', '#d2122e'),
  abroadClub(197, 'PSV Eindhoven', 'PSV', 'Netherlands', '#ed1c24', '#ffffff', '#ffffff'),
  abroadClub(209, 'Feyenoord', 'FEY', 'Netherlands', '#ffffff', '#e30613', '#111111'),
  abroadClub(536, 'Sevilla', 'SEV', 'Spain', '#ffffff', '#d71920', '#d71920'),
  abroadClub(533, 'Villarreal', 'VIL', 'Spain', '#ffe667', '#005187', '#005187'),
  abroadClub(495, 'Genoa', 'GEN', 'Italy', '#a50044', '#002d62', '#ffffff'),
  abroadClub(2279, 'Tigres UANL', 'TIG', 'Mexico', '#fdb913', '#00529f', '#00529f'),
  abroadClub(2282, 'Monterrey', 'MON', 'Mexico', '#002d62', '#ffffff', '#ffffff'),
  abroadClub(2289, 'León', 'LEO', 'Mexico', '#006341', '#ffffff', '#ffffff'),
  abroadClub(2283, 'Atlas', 'ATL', 'Mexico', '#d50032', '#111111', '#ffffff'),
  abroadClub(1605, 'LA Galaxy', 'LAG', 'USA', '#00245d', '#ffd200', '#ffffff'),
  abroadClub(1616, 'Los Angeles FC', 'LAF', 'USA', '#111111', '#c39e6d', '#c39e6d'),
];
