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

/**
 * Every article of `/api/ai-articles` (match reports, previews, transfer and squad notes) is written
 * by a program from the data, and readers are told so: in lists this short label, on the article
 * the sentence below, in its JSON-LD the author.
 */
export const MACHINE_WRITTEN_LABEL = 'Texto automático';

/** "Texto generado automáticamente con los datos del partido" (or of the signing, for a transfer note). */
export function machineWrittenNotice(category: string): string {
  const slug = category.trim().toLowerCase();
  const source = slug === 'fichajes' ? 'con los datos del fichaje' : slug === 'cronica' || slug === 'previa' || slug === 'copas' ? 'con los datos del partido' : 'a partir de los datos';
  return `Texto generado automáticamente ${source}.`;
}
