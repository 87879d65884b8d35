/**
 * Categories travel as lowercase slugs without accents (`cronica`, `seleccion`) because they are
 * also query values (`/api/news?category=`). Readers see them as Spanish words, accents included.
 */
const CATEGORY_LABELS: Record<string, string> = {
  cronica: 'Crónica',
  previa: 'Previa',
  fichajes: 'Fichajes',
  seleccion: 'Selección',
  copas: 'Copas',
};

/** The reader-facing name of a news category: a known slug's Spanish word, else the text tidied. */
export function categoryLabel(category: string): string {
  const trimmed = category.trim();
  const known = CATEGORY_LABELS[trimmed.toLowerCase()];
  if (known) return known;
  const words = trimmed.replace(/[-_\s]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
