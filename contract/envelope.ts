/** API-Football-shaped envelope of every `/api/football/*` answer, so provider clients read ours unchanged. */
export interface Envelope<T> {
  get: string;
  parameters: Record<string, string>;
  /** `[]` when empty; an object `{field: message}` on errors (the provider also sends lists). */
  errors: unknown[] | Record<string, string>;
  results: number;
  paging: { current: number; total: number };
  response: T;
  /** Present on 4xx answers: precise English, for logs. */
  message?: string;
}

/** Error body of every non-envelope endpoint (news, readers, admin): `{ message }`. */
export interface ErrorBody {
  message: string;
}
