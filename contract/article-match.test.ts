import { describe, expect, it } from 'vitest';
import { articleMatchId } from './article-match.ts';

describe('articleMatchId', () => {
  it('is the match a preview ends on, not the earlier meeting it links first', () => {
    const preview =
      '<p>El domingo 22 de noviembre, <a href="/equipos/1162">Mushuc Runa</a> y <a href="/equipos/1980">Manta</a> se enfrentarán.</p>' +
      '<p>El antecedente más cercano en el torneo: <a href="/partidos/9420261">Manta 0-3 Mushuc Runa</a>, el sábado 3 de octubre.</p>' +
      '<p>Todo listo. <a href="/partidos/9420277">Sigue el partido en vivo</a>.</p>';
    expect(articleMatchId(preview)).toBe(9420277);
  });

  it('is the match of a report’s closing link, and null for a body that links no match', () => {
    expect(articleMatchId('<p><a href="/jugadores/5">Pérez</a> marcó.</p><p><a href="/partidos/7">Ver alineaciones, estadísticas y minuto a minuto</a></p>')).toBe(7);
    expect(articleMatchId('<p><a href="/equipos/1162">Mushuc Runa</a> renueva a su arquero.</p>')).toBeNull();
  });
});
