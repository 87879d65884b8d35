import { describe, it } from 'vitest';
import { categoryLabel } from './category.ts';
import { expectAnswers } from '../../../tests/helpers/expect-answers.ts';

describe('categoryLabel', () => {
  it('gives the demo season’s category slugs their Spanish words, accents included', () => {
    expectAnswers(categoryLabel, { cronica: 'Crónica', seleccion: 'Selección', previa: 'Previa', ' Fichajes ': 'Fichajes' });
  });

  it('tidies a category it does not know instead of hiding it', () => {
    expectAnswers(categoryLabel, { 'copa-america': 'Copa america', mercado_de_pases: 'Mercado de pases', Análisis: 'Análisis' });
  });
});
