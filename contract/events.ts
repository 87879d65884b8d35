/**
 * What a provider's match event is, from its `type` and `detail` (API-Football: 'Goal' / 'Normal Goal',
 * 'Own Goal', 'Penalty', 'Missed Penalty'; 'Card' / 'Yellow Card', 'Second Yellow card', 'Red Card';
 * 'subst'; 'Var'), read once for the site's events and the commentary both sides write.
 */
export type EventKind =
  | 'goal'
  | 'own-goal'
  | 'penalty-goal'
  | 'missed-penalty'
  | 'yellow-card'
  | 'red-card'
  | 'second-yellow'
  | 'substitution'
  | 'var'
  | 'other';

export function eventKind(type: string, detail: string): EventKind {
  const t = type.trim().toLowerCase();
  const d = detail.trim().toLowerCase();
  if (t === 'goal') {
    if (d.includes('own')) return 'own-goal';
    if (d.includes('missed')) return 'missed-penalty';
    if (d.includes('penalty')) return 'penalty-goal';
    return 'goal';
  }
  if (t === 'card') {
    if (d.includes('second')) return 'second-yellow';
    if (d.includes('red')) return 'red-card';
    if (d.includes('yellow')) return 'yellow-card';
    return 'other';
  }
  if (t === 'subst') return 'substitution';
  if (t === 'var') return 'var';
  return 'other';
}

/** "90+3'" / "45'" / "" (no minute known). */
export function eventMinute(event: { minute: number | null; extra: number | null }): string {
  if (event.minute === null) return '';
  return event.extra && event.extra > 0 ? `${event.minute}+${event.extra}'` : `${event.minute}'`;
}

/** A kick of a penalty shootout (the provider's comment says so): never part of the match's score or timeline. */
export const isShootout = (event: { comments: string }): boolean => /shootout/i.test(event.comments);

/** A goal that counts on the scoreboard (a missed penalty is an event of the Goal type that does not). */
export const SCORING_KINDS: ReadonlySet<EventKind> = new Set(['goal', 'own-goal', 'penalty-goal']);
