import { memo } from 'react';
import { competitionPath, groupByCompetition, roundLabel } from '../../lib/match/scoreboard.ts';
import type { ScoreboardMatch } from '../../lib/match/types.ts';
import Crest from './Crest.tsx';
import type { DateListYears } from '../../lib/format/date.ts';
import MatchRow, { type MatchRowVariant } from './MatchRow.tsx';

/**
 * Heights (px) of the list's parts. Rows have a fixed height (MatchRow keeps one two-line centre in
 * every state, and a club's name fits two lines of the row: a phone shows the short names of long
 * ones), so the list's height follows from its shape.
 */
const ROW_PX = 53; // min-h-11 (44) + py-1 (8) + the 1 px divider
const GROUP_CHROME_PX = 46; // competition heading (44 + 1 border) + the group's border (2), less the last row's divider
const GROUP_GAP_PX = 12; // space-y-3
const ROUND_HEADING_PX = 29; // a round's label inside a group (h-7 + the 1 px divider)

/**
 * The height MatchGroups takes, for the `content-visibility: auto` placeholder of a section holding
 * it: with the default 32rem a longer list overflows its unrendered section and, in layout, lies
 * under the next section's links (axe `target-size` then fails the teams of its last rows).
 */
export function matchGroupsHeight(matches: readonly ScoreboardMatch[]): number {
  const groups = groupByCompetition(matches);
  return (
    groups.reduce((sum, group) => {
      const rounds = byRound(group.matches);
      return sum + GROUP_CHROME_PX + ROW_PX * group.matches.length + (rounds.length > 1 ? ROUND_HEADING_PX * rounds.length : 0);
    }, 0) + GROUP_GAP_PX * Math.max(0, groups.length - 1)
  );
}

/** A refresh keeps the objects of unchanged matches (mergeMatches), so only changed rows redraw. */
const Row = memo(MatchRow);

interface MatchGroupsProps {
  /** Already in the order each group should list them. */
  matches: readonly ScoreboardMatch[];
  variant?: MatchRowVariant;
  /** Heading level of the competition names (the section title is one above). */
  headingLevel?: 3 | 4;
  /** The years of the list ('results'), for dates that need theirs. */
  years?: DateListYears;
}

/**
 * A competition's matches by round, rounds in order of first appearance and matches in the given
 * order within each: Liga Pro's final phase plays its title, qualification and relegation groups on
 * the same day, and every card names its phase and round the same way, however many there are.
 */
function byRound<T extends ScoreboardMatch>(matches: readonly T[]): Array<{ round: string; matches: T[] }> {
  const rounds = new Map<string, T[]>();
  for (const match of matches) {
    const list = rounds.get(match.league.round);
    if (list) list.push(match);
    else rounds.set(match.league.round, [match]);
  }
  return [...rounds].map(([round, list]) => ({ round: roundLabel(round, list[0]!.league.id), matches: list }));
}

/** Matches grouped by competition (portal competitions first), each under its linked name. */
export default function MatchGroups({ matches, variant = 'scoreboard', headingLevel = 3, years }: MatchGroupsProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <div className="space-y-3">
      {groupByCompetition(matches).map(({ competition, matches: groupMatches }) => {
        const rounds = byRound(groupMatches);
        const round = rounds.length === 1 ? rounds[0].round : '';
        return (
          <section key={competition.id} className="overflow-hidden rounded-lg border border-line bg-surface" data-competition={competition.id}>
            <div className="flex items-center justify-between gap-2 border-b border-line bg-surface-2 px-2 sm:px-3">
              <Heading className="min-w-0 text-sm font-semibold">
                <a href={competitionPath(competition.id)} className="flex min-h-11 items-center gap-2 rounded-md px-1 hover:underline">
                  <Crest src={competition.logo} size={20} className="size-5" />
                  <span className="truncate">{competition.name}</span>
                </a>
              </Heading>
              {round ? <span className="shrink-0 text-xs text-muted">{round}</span> : null}
            </div>
            <ul className="divide-y divide-line">
              {rounds.length === 1
                ? groupMatches.map((match) => <Row key={match.id} match={match} variant={variant} years={years} />)
                : rounds.flatMap(({ round: label, matches: roundMatches }) => [
                    <li key={`round-${label}`} className="flex h-7 items-center bg-surface-2/60 px-3 text-xs font-semibold text-muted" data-round>
                      {label || 'Sin fecha'}
                    </li>,
                    ...roundMatches.map((match) => <Row key={match.id} match={match} variant={variant} years={years} />),
                  ])}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
