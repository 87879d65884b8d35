import { describe, it } from 'vitest';
import { isMatchReport } from './spoilers.ts';
import { expectAnswers } from '../tests/helpers/expect-answers.ts';

describe('isMatchReport', () => {
  it('knows a report by the API’s flag or by the `cronica` section, however it was spaced or cased', () => {
    expectAnswers((category: string) => isMatchReport({ category }), { cronica: true, ' Cronica ': true, previa: false, fichajes: false, '': false });
    expectAnswers(
      (item: { category?: string; matchReport?: boolean }) => isMatchReport(item),
      [
        [{}, false],
        // A cup's report, filed with the cup's previews: the API's flag tells it.
        [{ category: 'copas', matchReport: true }, true],
        [{ category: 'copas', matchReport: false }, false],
      ],
    );
  });
});
