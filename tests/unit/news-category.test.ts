import { describe, expect, it } from 'vitest';
import { categoryLabel } from '../../src/lib/news/category.ts';

describe('categoryLabel', () => {
  it('gives the demo season’s category slugs their Spanish words, accents included', () => {
    expect(categoryLabel('cronica')).toBe('Crónica');
    expect(categoryLabel('seleccion')).toBe('Selección');
    expect(categoryLabel('previa')).toBe('Previa');
    expect(categoryLabel(' Fichajes ')).toBe('Fichajes');
  });

  it('tidies a category it does not know instead of hiding it', () => {
    expect(categoryLabel('copa-america')).toBe('Copa america');
    expect(categoryLabel('mercado_de_pases')).toBe('Mercado de pases');
    expect(categoryLabel('Análisis')).toBe('Análisis');
  });
});
