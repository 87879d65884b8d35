import { expect } from 'vitest';

/**
 * What `fn` answers for each input, compared at once with what the test expects: a failure lists every input with
 * its answer, not only the first one that is wrong. A record for string inputs; pairs for any other input.
 */
export function expectAnswers<O>(fn: (input: string) => O, cases: Readonly<Record<string, O>>): void;
export function expectAnswers<I, O>(fn: (input: I) => O, cases: ReadonlyArray<readonly [I, O]>): void;
export function expectAnswers<I, O>(fn: (input: I) => O, cases: Readonly<Record<string, O>> | ReadonlyArray<readonly [I, O]>): void {
  const expected = (Array.isArray(cases) ? cases : Object.entries(cases)) as ReadonlyArray<readonly [I, O]>;
  const actual = expected.map(([input]) => [input, fn(input)]);
  expect(actual).toEqual(expected);
}
