/**
 * Spanish names of the countries the provider names in English: clubs' countries, players'
 * nationalities and birth countries, leagues' countries. Every CONMEBOL country, the rest of the
 * Americas, and the European, Asian, African and Oceanian countries whose leagues or national teams
 * Ecuadorians meet. The provider writes some with hyphens ("Saudi-Arabia", "Costa-Rica"): they are
 * looked up with spaces. A name not listed is shown as given (never guessed).
 */
const SPANISH: Readonly<Record<string, string>> = {
  // CONMEBOL
  argentina: 'Argentina', bolivia: 'Bolivia', brazil: 'Brasil', chile: 'Chile', colombia: 'Colombia',
  ecuador: 'Ecuador', paraguay: 'Paraguay', peru: 'Perú', uruguay: 'Uruguay', venezuela: 'Venezuela',
  // CONCACAF
  usa: 'Estados Unidos', 'united states': 'Estados Unidos', canada: 'Canadá', mexico: 'México',
  'costa rica': 'Costa Rica', panama: 'Panamá', honduras: 'Honduras', guatemala: 'Guatemala', 'el salvador': 'El Salvador',
  nicaragua: 'Nicaragua', jamaica: 'Jamaica', haiti: 'Haití', 'trinidad and tobago': 'Trinidad y Tobago', cuba: 'Cuba',
  'dominican republic': 'República Dominicana', 'puerto rico': 'Puerto Rico', curacao: 'Curazao', suriname: 'Surinam',
  // Europe
  england: 'Inglaterra', scotland: 'Escocia', wales: 'Gales', 'northern ireland': 'Irlanda del Norte', ireland: 'Irlanda',
  'republic of ireland': 'Irlanda', spain: 'España', portugal: 'Portugal', france: 'Francia', italy: 'Italia',
  germany: 'Alemania', netherlands: 'Países Bajos', holland: 'Países Bajos', belgium: 'Bélgica', luxembourg: 'Luxemburgo',
  switzerland: 'Suiza', austria: 'Austria', denmark: 'Dinamarca', sweden: 'Suecia', norway: 'Noruega', finland: 'Finlandia',
  iceland: 'Islandia', poland: 'Polonia', 'czech republic': 'República Checa', czechia: 'República Checa',
  slovakia: 'Eslovaquia', hungary: 'Hungría', romania: 'Rumania', bulgaria: 'Bulgaria', greece: 'Grecia',
  turkey: 'Turquía', 'türkiye': 'Turquía', cyprus: 'Chipre', croatia: 'Croacia', serbia: 'Serbia', slovenia: 'Eslovenia',
  bosnia: 'Bosnia y Herzegovina', 'bosnia and herzegovina': 'Bosnia y Herzegovina', montenegro: 'Montenegro',
  albania: 'Albania', 'north macedonia': 'Macedonia del Norte', macedonia: 'Macedonia del Norte', kosovo: 'Kosovo',
  ukraine: 'Ucrania', russia: 'Rusia', belarus: 'Bielorrusia', moldova: 'Moldavia', georgia: 'Georgia', armenia: 'Armenia',
  azerbaijan: 'Azerbaiyán', kazakhstan: 'Kazajistán', israel: 'Israel', malta: 'Malta', lithuania: 'Lituania',
  latvia: 'Letonia', estonia: 'Estonia', andorra: 'Andorra', 'san marino': 'San Marino', 'faroe islands': 'Islas Feroe',
  // Asia and Oceania
  'saudi arabia': 'Arabia Saudita', qatar: 'Catar', 'united arab emirates': 'Emiratos Árabes Unidos', uae: 'Emiratos Árabes Unidos',
  kuwait: 'Kuwait', bahrain: 'Baréin', oman: 'Omán', iran: 'Irán', iraq: 'Irak', jordan: 'Jordania', lebanon: 'Líbano',
  syria: 'Siria', uzbekistan: 'Uzbekistán', china: 'China', japan: 'Japón', 'south korea': 'Corea del Sur',
  'korea republic': 'Corea del Sur', 'north korea': 'Corea del Norte', india: 'India', thailand: 'Tailandia',
  vietnam: 'Vietnam', indonesia: 'Indonesia', malaysia: 'Malasia', singapore: 'Singapur', philippines: 'Filipinas',
  'hong kong': 'Hong Kong', australia: 'Australia', 'new zealand': 'Nueva Zelanda',
  // Africa
  morocco: 'Marruecos', algeria: 'Argelia', tunisia: 'Túnez', egypt: 'Egipto', nigeria: 'Nigeria', ghana: 'Ghana',
  cameroon: 'Camerún', senegal: 'Senegal', 'ivory coast': 'Costa de Marfil', "cote d'ivoire": 'Costa de Marfil',
  mali: 'Malí', 'south africa': 'Sudáfrica', 'dr congo': 'República Democrática del Congo', congo: 'Congo',
  angola: 'Angola', 'cape verde': 'Cabo Verde', 'cape verde islands': 'Cabo Verde', 'equatorial guinea': 'Guinea Ecuatorial',
  guinea: 'Guinea', gabon: 'Gabón', kenya: 'Kenia', zambia: 'Zambia',
};

/** "Brazil" → "Brasil", "Saudi-Arabia" → "Arabia Saudita"; a Spanish or unknown name as given. */
export function countryName(name: string): string {
  const key = name.trim().replace(/-/g, ' ').toLowerCase();
  return SPANISH[key] ?? name;
}
