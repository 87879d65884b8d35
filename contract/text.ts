/**
 * The case- and accent-free form of a text, for matching what readers type or editors tag against
 * names ('tecnico' finds 'Técnico', 'seleccion' is 'Selección'): the one definition the store's
 * filters, the news keywords, the pages' filters and the slugs all use.
 */
export function foldAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
}
