import { describe, expect, it } from 'vitest';
import { capture } from '../../../tests/helpers/captures.ts';
import { parseListResponse } from '../http/read.ts';
import { absencesByFixture, parseAbsence } from './absences.ts';

/** The provider's /injuries answer (Bayern Munich – Paris Saint Germain, 13 players out) read as a match page shows it. */
describe('absences', () => {
  it('reads each player out with his club, "Baja" and the reason in Spanish', () => {
    const parsed = parseListResponse(capture('injuries-by-fixture.json'), parseAbsence);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.value).toHaveLength(13);
    expect(parsed.value[0]).toEqual({ fixtureId: 686314, teamId: 157, player: { id: 865, name: 'D. Costa' }, status: 'Baja', reason: 'fractura de tobillo' });
    const byName = Object.fromEntries(parsed.value.map((a) => [a.player.name, a.reason]));
    expect(byName).toMatchObject({ 'L. Paredes': 'suspendido', 'S. Gnabry': 'enfermedad', 'J. Martinez': 'golpe', 'C. Tolisso': 'lesión de tendón', 'L. Kurzawa': 'lesión en el gemelo' });
    expect(absencesByFixture(parsed.value).get(686314)!.filter((a) => a.teamId === 85)).toHaveLength(6);
  });

  it('says "Duda" for a player in doubt, no reason for words it does not know, and leaves out an entry of an unknown kind', () => {
    const [first] = capture('injuries-by-fixture.json').response;
    const doubtful = parseAbsence({ ...first, player: { ...first.player, type: 'Questionable', reason: 'Some New Injury' } });
    expect(doubtful).toMatchObject({ ok: true, value: { status: 'Duda', reason: '' } });
    expect(parseAbsence({ ...first, player: { ...first.player, type: 'Rumour' } }).ok).toBe(false);
    expect(parseAbsence({ ...first, fixture: {} }).ok).toBe(false);
  });
});
