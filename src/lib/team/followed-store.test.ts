import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it } from 'vitest';
import { toggledIn } from './followed-storage.ts';
import { $followedTeams, decodeFollowed, MAX_FOLLOWED, toggleFollowed } from './followed-store.ts';

describe('followed clubs store', () => {
  afterEach(() => {
    $followedTeams.set([]);
    cleanStores($followedTeams);
  });

  it('validates what it reads back', () => {
    expect(decodeFollowed('not json')).toEqual([]);
    expect(decodeFollowed('{"id":1}')).toEqual([]);
    expect(
      decodeFollowed(JSON.stringify([{ id: 1, name: ' Emelec ', logo: '/e.png' }, { id: 1, name: 'dup' }, { id: -2, name: 'x' }, { id: 3 }, { id: 4, name: 'LDU', logo: 5 }, null])),
    ).toEqual([
      { id: 1, name: 'Emelec', logo: '/e.png' },
      { id: 4, name: 'LDU', logo: '' },
    ]);
    const many = JSON.stringify(Array.from({ length: 50 }, (_, i) => ({ id: i + 1, name: `C${i}` })));
    expect(decodeFollowed(many)).toHaveLength(MAX_FOLLOWED);
  });

  it('toggles a club on and off', () => {
    expect(toggleFollowed({ id: 7, name: 'Aucas', logo: '' })).toBe(true);
    expect($followedTeams.get()).toEqual([{ id: 7, name: 'Aucas', logo: '' }]);
    expect(toggleFollowed({ id: 7, name: 'Aucas', logo: '' })).toBe(false);
    expect($followedTeams.get()).toEqual([]);
  });

  it('toggles in a plain list too (the follow button), keeping the newest when full', () => {
    const full = Array.from({ length: MAX_FOLLOWED }, (_, i) => ({ id: i + 1, name: `C${i + 1}`, logo: '' }));
    const added = toggledIn(full, { id: 99, name: 'Nuevo', logo: '' });
    expect(added).toHaveLength(MAX_FOLLOWED);
    expect(added.at(-1)?.id).toBe(99);
    expect(added.some((t) => t.id === 1)).toBe(false);
    expect(toggledIn(added, { id: 99, name: 'Nuevo', logo: '' }).some((t) => t.id === 99)).toBe(false);
  });
});
