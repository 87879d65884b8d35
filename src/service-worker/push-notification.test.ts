import { describe, expect, it } from 'vitest';
import type { PushPayload } from '../../contract/push.ts';
import { notificationOf, pageToOpen, shownAlertKeys } from './push-notification.ts';

const ORIGIN = 'https://marcador.example';
const data = (value: unknown) => ({ json: () => value });

describe('a push as the service worker shows it', () => {
  it('shows the alert as the server wrote it, replacing the match’s previous one and ringing again', () => {
    const payload: PushPayload = {
      title: '¡Gol de Emelec! 1-0',
      body: "J. Pérez, 12'. Emelec 1-0 Barcelona SC",
      tag: 'partido-9420236',
      url: '/partidos/9420236',
      icon: 'https://media.api-sports.io/football/teams/1158.png',
      fixture: 9420236,
      key: '9420236:gol:1-0',
    };
    expect(notificationOf(data(payload), ORIGIN)).toEqual({
      title: '¡Gol de Emelec! 1-0',
      options: {
        body: "J. Pérez, 12'. Emelec 1-0 Barcelona SC",
        icon: 'https://media.api-sports.io/football/teams/1158.png',
        badge: '/icons/icon-192.png',
        lang: 'es',
        data: { url: 'https://marcador.example/partidos/9420236', key: '9420236:gol:1-0' },
        tag: 'partido-9420236',
        renotify: true,
      },
    });
    // The same alert again (sent twice across a server restart): in place, without ringing; a newer one rings.
    const shown = shownAlertKeys([{ data: { url: '/', key: '9420236:gol:1-0' } }, { data: null }]);
    expect(shown).toEqual(['9420236:gol:1-0']);
    expect(notificationOf(data(payload), ORIGIN, shown).options).toMatchObject({ tag: 'partido-9420236', renotify: false });
    expect(notificationOf(data({ ...payload, key: '9420236:gol:2-0' }), ORIGIN, shown).options).toMatchObject({ renotify: true });
  });

  it('still shows a notification for a payload it cannot read (a push without one is held against the site)', () => {
    const unreadable = { json: () => JSON.parse('{not json') };
    for (const shown of [notificationOf(unreadable, ORIGIN), notificationOf(null, ORIGIN), notificationOf(data('texto'), ORIGIN)]) {
      expect(shown.title).toBe('Marcador');
      expect(shown.options).toMatchObject({ icon: '/icons/icon-192.png', data: { url: 'https://marcador.example/' } });
      // No tag, no renotify: browsers refuse renotify without a tag.
      expect(shown.options).not.toHaveProperty('renotify');
    }
  });

  it('a tap opens a page of this site, never another one', () => {
    expect(pageToOpen({ url: '/equipos/1158' }, ORIGIN)).toBe('https://marcador.example/equipos/1158');
    expect(pageToOpen({ url: 'https://otro.example/phishing' }, ORIGIN)).toBe('https://marcador.example/');
    expect(pageToOpen({ url: '//otro.example/x' }, ORIGIN)).toBe('https://marcador.example/');
    expect(pageToOpen(undefined, ORIGIN)).toBe('https://marcador.example/');
  });
});
