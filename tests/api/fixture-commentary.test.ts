import { describe, expect, it } from 'vitest';
import { get } from './http.ts';

/**
 * Issue 35: `/fixtures/commentary`, the match told in Spanish, marked as machine-written, told from
 * the same fixture `/fixtures?id=` answers with (its events, score and statistics).
 */

async function finishedMatchWithGoals() {
  const { body } = await get('/api/football/fixtures?league=242&status=FT&details=true');
  const match = body.response.find((f: any) => f.events.filter((e: any) => e.type === 'Goal' && e.detail === 'Normal Goal').length >= 2);
  expect(match, 'a finished Liga Pro match with two goals').toBeTruthy();
  return match;
}

describe('/fixtures/commentary', () => {
  it('tells a finished match newest first, each goal with its scorer and the score after it, and says a machine wrote it', async () => {
    const match = await finishedMatchWithGoals();
    const { status, body } = await get(`/api/football/fixtures/commentary?fixture=${match.fixture.id}`);
    expect(status).toBe(200);
    expect(body.get).toBe('fixtures/commentary');
    const [commentary] = body.response;
    expect(commentary).toMatchObject({ fixture: match.fixture.id, author: 'machine', notice: 'Relato automático a partir de los datos del partido' });
    const { home, away } = match.teams;
    expect(commentary.lines[0]).toMatchObject({ label: 'Final', kind: 'fulltime' });
    expect(commentary.lines[0].text).toMatch(new RegExp(`^¡Final del partido! ${home.name} ${match.goals.home}-${match.goals.away} ${away.name}\\.`));
    expect(commentary.lines.at(-1)).toMatchObject({ label: 'Inicio', kind: 'kickoff' });

    // Each scoring event, oldest first, with the running score the API's events add up to.
    const scoring = match.events.filter((e: any) => e.type === 'Goal' && e.detail !== 'Missed Penalty');
    const goalLines = commentary.lines.filter((l: any) => /goal$/.test(l.kind)).reverse();
    expect(goalLines).toHaveLength(scoring.length);
    let score = { home: 0, away: 0 };
    scoring.forEach((e: any, i: number) => {
      score = e.team.id === home.id ? { ...score, home: score.home + 1 } : { ...score, away: score.away + 1 };
      const minute = e.time.extra ? `${e.time.elapsed}+${e.time.extra}'` : `${e.time.elapsed}'`;
      expect(goalLines[i].label).toBe(minute);
      expect(goalLines[i].text).toContain(`¡Gol de ${e.team.id === home.id ? home.name : away.name}!`);
      expect(goalLines[i].text.endsWith(` ${home.name} ${score.home}-${score.away} ${away.name}.`)).toBe(true);
    });
  });

  it('is empty before kick-off', async () => {
    const { body: list } = await get('/api/football/fixtures?league=242&status=NS');
    const { status, body } = await get(`/api/football/fixtures/commentary?fixture=${list.response[0].fixture.id}`);
    expect(status).toBe(200);
    expect(body.response[0].lines).toEqual([]);
  });

  it('refuses a missing or malformed fixture with 400 and an unknown one with 404', async () => {
    expect((await get('/api/football/fixtures/commentary')).status).toBe(400);
    expect((await get('/api/football/fixtures/commentary?fixture=abc')).status).toBe(400);
    const unknown = await get('/api/football/fixtures/commentary?fixture=999999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors).toBeTruthy();
  });
});
