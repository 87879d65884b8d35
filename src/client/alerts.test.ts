// @vitest-environment happy-dom
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PUSH_ALERT_LABELS, PUSH_ALERTS } from '../../contract/push.ts';
import AlertsBell, { ALERTS_NEED_JS } from '../components/alerts/AlertsBell.tsx';
import {
  ALERTS_MESSAGES,
  alertsSupport,
  base64UrlBytes,
  chosenAlerts,
  initAlerts,
  openBell,
  stopBell,
  submitBell,
  subscriptionBody,
  type AlertsEnv,
  type BrowserLike,
  type PushManagerLike,
  type PushSubscriptionLike,
} from './alerts.ts';

/**
 * The alerts' bell in the browser: what it says where push cannot work, that the browser's permission
 * is asked only from the reader's tap, and what it sends to the API, against the bell's real markup.
 */

const CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
// iPadOS asks for desktop pages by default: it says Macintosh, and has a touch screen.
const IPAD = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';

/** The server's VAPID public key (65 bytes, base64url) and its bytes. */
const PUBLIC_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const SUBSCRIPTION_JSON = { endpoint: 'https://push.example/send/abc', expirationTime: null, keys: { p256dh: 'BPkey', auth: 'authsecret' } };

function browser(overrides: Partial<BrowserLike> & { userAgent?: string; maxTouchPoints?: number; standalone?: boolean } = {}): BrowserLike {
  const { userAgent = CHROME, maxTouchPoints = 5, standalone, ...rest } = overrides;
  return {
    navigator: { userAgent, maxTouchPoints, standalone, serviceWorker: {} },
    PushManager: class {},
    Notification: { permission: 'default' },
    matchMedia: () => ({ matches: false }),
    ...rest,
  };
}

/** A browser without push: iOS Safari outside an installed app has neither PushManager nor Notification. */
const withoutPush = (userAgent: string, extra: Partial<BrowserLike> & { maxTouchPoints?: number; standalone?: boolean } = {}) =>
  browser({ userAgent, PushManager: undefined, Notification: undefined, ...extra });

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** The browser and the API as the bell sees them, recording what it did. */
function fakeEnv(options: { browser?: BrowserLike; subscribed?: boolean; answers?: Record<string, { status: number; body?: unknown } | Error> } = {}) {
  const calls: Call[] = [];
  const toasts: Array<[string, string]> = [];
  const permissionRequests: string[] = [];
  const subscribes: unknown[] = [];
  let unsubscribed = 0;
  const page = options.browser ?? browser();
  const subscription = (json = SUBSCRIPTION_JSON): PushSubscriptionLike => ({
    endpoint: json.endpoint,
    options: { applicationServerKey: base64UrlBytes(PUBLIC_KEY).buffer },
    toJSON: () => json,
    unsubscribe: async () => {
      unsubscribed += 1;
      current = null;
      return true;
    },
  });
  let current: PushSubscriptionLike | null = options.subscribed ? subscription() : null;
  const pushManager: PushManagerLike = {
    getSubscription: async () => current,
    subscribe: async (init) => {
      subscribes.push(init);
      current = subscription();
      return current;
    },
  };
  const answers = { 'GET /api/push/key': { status: 200, body: { publicKey: PUBLIC_KEY } }, ...options.answers };
  const env: AlertsEnv = {
    browser: page,
    requestPermission: async () => {
      permissionRequests.push('asked');
      page.Notification!.permission = 'granted';
      return 'granted';
    },
    registration: async () => ({ pushManager }),
    ready: async () => ({ pushManager }),
    fetch: async (input, init) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url: String(input), body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
      const answer = answers[`${method} ${String(input)}` as keyof typeof answers] as { status: number; body?: unknown } | Error | undefined;
      if (answer instanceof Error) throw answer;
      if (!answer) return new Response(null, { status: 204 });
      return new Response(JSON.stringify(answer.body ?? null), { status: answer.status, headers: { 'content-type': 'application/json' } });
    },
    toast: (message, kind) => toasts.push([message, kind]),
  };
  return { env, calls, toasts, permissionRequests, subscribes, subscription, unsubscribed: () => unsubscribed };
}

function mountBell(): HTMLDetailsElement {
  document.body.innerHTML = renderToStaticMarkup(createElement(AlertsBell, { kind: 'team', id: 1158, name: 'Emelec' }));
  const bell = document.querySelector<HTMLDetailsElement>('details[data-alerts]')!;
  bell.open = true;
  return bell;
}

const status = () => document.querySelector('[data-alerts-status]')!;
const off = () => document.querySelector<HTMLButtonElement>('[data-alerts-off]')!;
const box = (alert: string) => document.querySelector<HTMLInputElement>(`input[value="${alert}"]`)!;
const visibleControls = () => [...document.querySelectorAll<HTMLElement>('fieldset, button')].filter((el) => !el.hidden);

beforeEach(() => {
  document.documentElement.classList.add('js');
});
afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.classList.remove('js');
});

describe('the bell as written', () => {
  it('offers every alert, ticked, and says without JavaScript that it needs it, its controls disabled', () => {
    mountBell();
    expect(document.querySelector('legend')!.textContent).toBe('Avisarme de');
    expect([...document.querySelectorAll('label')].map((label) => label.textContent)).toEqual(PUSH_ALERTS.map((alert) => PUSH_ALERT_LABELS[alert]));
    expect(PUSH_ALERTS.every((alert) => box(alert).checked)).toBe(true);
    expect(status().textContent).toBe(ALERTS_NEED_JS);
    expect(document.querySelector('fieldset')!.disabled).toBe(true);
    expect(document.querySelector<HTMLButtonElement>('button[type="submit"]')!.disabled).toBe(true);
    expect(off().hidden).toBe(true);
    // The page budget: 800 elements a page.
    expect(document.body.querySelectorAll('*').length).toBeLessThanOrEqual(16);
  });
});

describe('where push can work', () => {
  it('an iPhone or iPad outside an installed app: how to get alerts there', () => {
    expect(alertsSupport(withoutPush(IPHONE))).toBe('ios-install');
    expect(alertsSupport(withoutPush(IPAD, { maxTouchPoints: 5 }))).toBe('ios-install');
  });

  it('an installed app on iOS 16.4 or later has push; an older iOS has not, installed or not', () => {
    expect(alertsSupport(browser({ userAgent: IPHONE, standalone: true }))).toBe('ok');
    expect(alertsSupport(withoutPush(IPHONE, { standalone: true }))).toBe('unsupported');
    expect(alertsSupport(withoutPush(IPHONE, { matchMedia: (query) => ({ matches: query === '(display-mode: standalone)' }) }))).toBe('unsupported');
  });

  it('a Mac (no touch screen) or a browser without a service worker: none', () => {
    expect(alertsSupport(withoutPush(IPAD, { maxTouchPoints: 0 }))).toBe('unsupported');
    expect(alertsSupport({ ...browser(), navigator: { userAgent: CHROME } })).toBe('unsupported');
  });

  it('notifications blocked by the reader: said so', () => {
    expect(alertsSupport(browser({ Notification: { permission: 'denied' } }))).toBe('denied');
    expect(alertsSupport(browser())).toBe('ok');
  });

  it('opened on an iPhone in Safari, the bell says how to get alerts and shows no button', async () => {
    const bell = mountBell();
    const { env, permissionRequests } = fakeEnv({ browser: withoutPush(IPHONE) });
    await openBell(bell, env);
    expect(status().textContent).toBe(
      'En iPhone y iPad, las alertas llegan si añades Marcador a tu pantalla de inicio: toca Compartir y luego «Agregar a inicio», y abre Marcador desde allí.',
    );
    expect(status().classList.contains('no-js-only')).toBe(false);
    expect(visibleControls()).toEqual([]);
    expect(permissionRequests).toEqual([]);
  });

  it('opened where notifications are blocked, the bell says where to allow them', async () => {
    const bell = mountBell();
    await openBell(bell, fakeEnv({ browser: browser({ Notification: { permission: 'denied' } }) }).env);
    expect(status().textContent).toBe(ALERTS_MESSAGES.denied);
    expect(visibleControls()).toEqual([]);
  });
});

describe('turning alerts on', () => {
  it('asks for permission only on the tap, then subscribes with the server key and sends the follow with the alerts ticked', async () => {
    const bell = mountBell();
    const { env, calls, toasts, permissionRequests, subscribes } = fakeEnv({
      answers: {
        'PUT /api/push/subscription': {
          status: 201,
          body: { message: 'Listo: te avisaremos de Emelec.', follows: [{ kind: 'team', id: 1158, alerts: ['goles', 'estado', 'alineaciones'] }] },
        },
      },
    });
    await openBell(bell, env);
    // Opening enables the form and asks nothing, of the reader or of the server.
    expect(permissionRequests).toEqual([]);
    expect(calls).toEqual([]);
    expect(document.querySelector('fieldset')!.disabled).toBe(false);
    expect(status().textContent).toBe('');

    box('rojas').checked = false;
    await submitBell(bell, env);
    expect(permissionRequests).toEqual(['asked']);
    expect(subscribes).toHaveLength(1);
    expect(subscribes[0]).toMatchObject({ userVisibleOnly: true });
    expect([...(subscribes[0] as { applicationServerKey: Uint8Array }).applicationServerKey]).toEqual([...base64UrlBytes(PUBLIC_KEY)]);
    expect(calls).toEqual([
      { method: 'GET', url: '/api/push/key', body: undefined },
      {
        method: 'PUT',
        url: '/api/push/subscription',
        body: {
          subscription: { endpoint: 'https://push.example/send/abc', keys: { p256dh: 'BPkey', auth: 'authsecret' } },
          follow: { kind: 'team', id: 1158, alerts: ['goles', 'estado', 'alineaciones'] },
        },
      },
    ]);
    expect(status().textContent).toBe('Listo: te avisaremos de Emelec.');
    expect(toasts).toEqual([['Listo: te avisaremos de Emelec.', 'success']]);
    expect(off().hidden).toBe(false);
  });

  it('reuses the subscription the browser already has, and does not ask again once allowed', async () => {
    const bell = mountBell();
    const { env, subscribes, permissionRequests, calls } = fakeEnv({
      browser: browser({ Notification: { permission: 'granted' } }),
      subscribed: true,
      answers: { 'PUT /api/push/subscription': { status: 200, body: { message: 'Listo.', follows: [] } } },
    });
    await submitBell(bell, env);
    expect(subscribes).toEqual([]);
    expect(permissionRequests).toEqual([]);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/push/key', 'PUT /api/push/subscription']);
  });

  it('nothing ticked: says so and asks nothing', async () => {
    const bell = mountBell();
    const { env, permissionRequests, calls } = fakeEnv();
    await openBell(bell, env);
    for (const alert of PUSH_ALERTS) box(alert).checked = false;
    expect(chosenAlerts(bell.querySelector('form')!)).toEqual([]);
    await submitBell(bell, env);
    expect(status().textContent).toBe(ALERTS_MESSAGES.noneChosen);
    expect(permissionRequests).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('permission refused at the prompt: the form gives way to where to allow it', async () => {
    const bell = mountBell();
    const { env, calls } = fakeEnv();
    env.requestPermission = async () => {
      env.browser.Notification!.permission = 'denied';
      return 'denied';
    };
    await openBell(bell, env);
    await submitBell(bell, env);
    expect(status().textContent).toBe(ALERTS_MESSAGES.denied);
    expect(visibleControls()).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('shows the API refusal in its own words, and a lost connection in Spanish', async () => {
    const bell = mountBell();
    const full = fakeEnv({ answers: { 'PUT /api/push/subscription': { status: 409, body: { message: 'Sigues demasiados equipos y partidos (60 como máximo).' } } } });
    await openBell(bell, full.env);
    await submitBell(bell, full.env);
    expect(status().textContent).toBe('Sigues demasiados equipos y partidos (60 como máximo).');
    expect(full.toasts).toEqual([['Sigues demasiados equipos y partidos (60 como máximo).', 'error']]);
    expect(document.querySelector<HTMLButtonElement>('button[type="submit"]')!.disabled).toBe(false);

    const offline = fakeEnv({ answers: { 'GET /api/push/key': new TypeError('Failed to fetch') } });
    await submitBell(bell, offline.env);
    expect(status().textContent).toBe('No pudimos conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.');
  });
});

describe('what this browser already receives', () => {
  it('opening asks the server by the endpoint and shows the alerts chosen for this club', async () => {
    const bell = mountBell();
    const { env, calls } = fakeEnv({
      browser: browser({ Notification: { permission: 'granted' } }),
      subscribed: true,
      answers: {
        'POST /api/push/follows': {
          status: 200,
          body: {
            follows: [
              { kind: 'fixture', id: 1158, alerts: ['goles'] },
              { kind: 'team', id: 1158, alerts: ['goles', 'rojas'] },
            ],
          },
        },
      },
    });
    await openBell(bell, env);
    expect(calls).toEqual([{ method: 'POST', url: '/api/push/follows', body: { endpoint: 'https://push.example/send/abc' } }]);
    expect(PUSH_ALERTS.filter((alert) => box(alert).checked)).toEqual(['goles', 'rojas']);
    expect(off().hidden).toBe(false);
    expect(status().textContent).toBe('Recibes alertas de Emelec.');
  });

  it('"Desactivar alertas": drops this club; its last follow gone, the subscription goes too', async () => {
    const bell = mountBell();
    const fake = fakeEnv({
      browser: browser({ Notification: { permission: 'granted' } }),
      subscribed: true,
      answers: { 'PUT /api/push/subscription': { status: 200, body: { message: 'Ya no recibirás alertas de Emelec.', follows: [] } } },
    });
    await stopBell(bell, fake.env);
    expect(fake.calls).toEqual([
      {
        method: 'PUT',
        url: '/api/push/subscription',
        body: { subscription: { endpoint: 'https://push.example/send/abc', keys: { p256dh: 'BPkey', auth: 'authsecret' } }, follow: { kind: 'team', id: 1158, alerts: [] } },
      },
      { method: 'DELETE', url: '/api/push/subscription', body: { endpoint: 'https://push.example/send/abc' } },
    ]);
    expect(fake.unsubscribed()).toBe(1);
    expect(off().hidden).toBe(true);
    expect(status().textContent).toBe('Ya no recibirás alertas de Emelec.');
  });

  it('keeps the subscription while it follows something else', async () => {
    const bell = mountBell();
    const fake = fakeEnv({
      subscribed: true,
      answers: { 'PUT /api/push/subscription': { status: 200, body: { message: 'Listo.', follows: [{ kind: 'fixture', id: 9, alerts: ['goles'] }] } } },
    });
    await stopBell(bell, fake.env);
    expect(fake.calls.map((c) => c.method)).toEqual(['PUT']);
    expect(fake.unsubscribed()).toBe(0);
  });
});

describe('on the page', () => {
  it('serves a bell drawn after it loaded (Mis equipos): opening enables it, a submit is handled, not sent by the browser', async () => {
    const { env, permissionRequests } = fakeEnv({ answers: { 'PUT /api/push/subscription': { status: 201, body: { message: 'Listo.', follows: [] } } } });
    const stop = initAlerts(null, env);
    try {
      const bell = mountBell();
      bell.dispatchEvent(new Event('toggle'));
      await Promise.resolve();
      expect(document.querySelector('fieldset')!.disabled).toBe(false);
      expect(permissionRequests).toEqual([]);
      const submit = new Event('submit', { bubbles: true, cancelable: true });
      bell.querySelector('form')!.dispatchEvent(submit);
      expect(submit.defaultPrevented).toBe(true);
      // Asked within the tap's own task, before anything was awaited.
      expect(permissionRequests).toEqual(['asked']);
    } finally {
      stop();
    }
  });
});

describe('the request body', () => {
  it('keeps only what the server needs of the subscription; none without keys', () => {
    const target = { kind: 'fixture' as const, id: 42, name: 'Emelec - Barcelona SC' };
    expect(subscriptionBody(SUBSCRIPTION_JSON, target, ['goles'])).toEqual({
      subscription: { endpoint: 'https://push.example/send/abc', keys: { p256dh: 'BPkey', auth: 'authsecret' } },
      follow: { kind: 'fixture', id: 42, alerts: ['goles'] },
    });
    expect(subscriptionBody({ endpoint: 'https://push.example/x' }, target, ['goles'])).toBeNull();
  });

  it('reads the server key from base64url', () => {
    expect(base64UrlBytes(PUBLIC_KEY)).toHaveLength(65);
    expect([...base64UrlBytes('-_8')]).toEqual([0xfb, 0xff]);
  });
});
