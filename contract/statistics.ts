/**
 * The provider's match statistic types in Spanish, one list for the statistics table and the Relato
 * (contract/commentary.ts): a fan reads the same name in both.
 */
const STAT_LABELS: Readonly<Record<string, string>> = {
  'Shots on Goal': 'Tiros a puerta',
  'Shots off Goal': 'Tiros fuera',
  'Total Shots': 'Tiros totales',
  'Blocked Shots': 'Tiros bloqueados',
  'Shots insidebox': 'Tiros dentro del área',
  'Shots outsidebox': 'Tiros fuera del área',
  Fouls: 'Faltas',
  'Corner Kicks': 'Saques de esquina',
  Offsides: 'Fueras de juego',
  'Ball Possession': 'Posesión',
  'Yellow Cards': 'Tarjetas amarillas',
  'Red Cards': 'Tarjetas rojas',
  'Goalkeeper Saves': 'Atajadas',
  'Total passes': 'Pases totales',
  'Passes accurate': 'Pases precisos',
  'Passes %': 'Precisión de pases',
  expected_goals: 'Goles esperados (xG)',
  goals_prevented: 'Goles evitados',
};

export function statisticLabel(type: string): string {
  return STAT_LABELS[type] ?? type;
}
