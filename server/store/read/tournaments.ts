import { isFinishedStatus as isFinished } from '../../../contract/status.ts';
import type { TournamentDetailJson } from '../../../contract/shapes.ts';
import type { ApiFixtureFull, ApiStandingRow } from '../provider-types.ts';
import type { CompetitionReads } from './competitions.ts';
import type { FixtureReads } from './fixtures.ts';
import type { StandingReads } from './standings.ts';

/** `/api/tournaments/{id}`: a competition's season with its phases, matchdays and groups. */
export function tournamentReads(
  { tournaments, fixtures, standingGroups }: Pick<CompetitionReads, 'tournaments'> & Pick<FixtureReads, 'fixtures'> & Pick<StandingReads, 'standingGroups'>,
) {
  function tournament(id: number): TournamentDetailJson<ApiFixtureFull, ApiStandingRow> | undefined {
    const t = tournaments().find((x) => x.id === id);
    if (!t) return undefined;
    const matches = fixtures({ league: id, season: t.season });
    const phaseOf = (round: string) => round.replace(/\s*-\s*\d+$/, '');
    const phases: Array<{ name: string; rounds: string[] }> = [];
    const matchdays = new Map<string, { round: string; phase: string; startDate: string; endDate: string; matches: number }>();
    for (const m of matches) {
      const round = m.league.round;
      const phase = phaseOf(round);
      let p = phases.find((x) => x.name === phase);
      if (!p) phases.push((p = { name: phase, rounds: [] }));
      if (!p.rounds.includes(round)) p.rounds.push(round);
      const day = matchdays.get(round);
      if (!day) matchdays.set(round, { round, phase, startDate: m.fixture.date, endDate: m.fixture.date, matches: 1 });
      else {
        day.matches += 1;
        if (m.fixture.date < day.startDate) day.startDate = m.fixture.date;
        if (m.fixture.date > day.endDate) day.endDate = m.fixture.date;
      }
    }
    const upcoming = matches.find((m) => !isFinished(m.fixture.status.short));
    const currentRound = upcoming?.league.round ?? matches.at(-1)?.league.round ?? null;
    const groups = standingGroups(id, t.season).map((rows) => ({ name: rows[0]?.group ?? '', standings: rows }));
    return { ...t, currentRound, phases, groups, matchdays: [...matchdays.values()], matches };
  }

  return { tournament };
}
