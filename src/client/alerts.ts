import {
  PUSH_ALERTS,
  type PushAlert,
  type PushFollow,
  type PushFollowsAnswer,
  type PushSubscribeAnswer,
  type PushSubscribeBody,
  type PushTargetKind,
} from '../../contract/push.ts';
import { apiGet, readerMessage, type ApiResult, type RequestOptions } from '../lib/http/client.ts';
import { apiSend } from '../lib/http/post.ts';
import { showToast, type ToastKind } from './toast.ts';

/**
 * The alerts' bell (src/components/alerts/AlertsBell.tsx) at work: Web Push for a club or a match,
 * without an account. Loaded by the shell when a reader first opens a bell (shell-client.ts); one set
 * of listeners on the document serves every bell, those "Mis equipos" draws later included. The
 * browser is asked for permission only from a tap on "Activar alertas", never before.
 */

const BELL = 'details[data-alerts]';
/** The worker registers after the page's load; a slow phone may still be installing it when a reader taps. */
const WORKER_WAIT_MS = 20_000;

export const ALERTS_MESSAGES = {
  ios: 'En iPhone y iPad, las alertas llegan si añades Marcador a tu pantalla de inicio: toca Compartir y luego «Agregar a inicio», y abre Marcador desde allí.',
  unsupported: 'Este navegador no puede recibir alertas.',
  denied: 'Bloqueaste las notificaciones de Marcador en este navegador; permítelas en los ajustes del sitio para recibir alertas.',
  dismissed: 'Sin tu permiso para mostrar notificaciones no podemos avisarte. Toca «Activar alertas» otra vez cuando quieras.',
  noneChosen: 'Elige al menos una alerta.',
  activating: 'Activando alertas…',
  stopping: 'Desactivando alertas…',
  browserFailed: 'Este navegador no pudo activar las alertas. Inténtalo de nuevo en unos minutos.',
  saveFailed: 'No pudimos guardar tus alertas. Inténtalo de nuevo.',
  following: (name: string) => `Recibes alertas de ${name}.`,
  stopped: (name: string) => `Ya no recibes alertas de ${name}.`,
} as const;

export type AlertsSupport = 'ok' | 'ios-install' | 'unsupported' | 'denied';

/** What support is read from: `window`, or a plain object in tests. */
export interface BrowserLike {
  navigator: { userAgent: string; maxTouchPoints?: number; standalone?: boolean; serviceWorker?: unknown };
  PushManager?: unknown;
  Notification?: { permission: NotificationPermission };
  matchMedia?: (query: string) => { matches: boolean };
}

/** iPadOS calls itself a Mac; a Mac has no touch screen. */
export function isIos(navigator: BrowserLike['navigator']): boolean {
  return /iPhone|iPad|iPod/.test(navigator.userAgent) || (/Macintosh/.test(navigator.userAgent) && (navigator.maxTouchPoints ?? 0) > 1);
}

/** Opened from the home screen: the only place iOS gives a site push (16.4 and later). */
export function isStandalone(browser: BrowserLike): boolean {
  return browser.navigator.standalone === true || Boolean(browser.matchMedia?.('(display-mode: standalone)').matches);
}

export function alertsSupport(browser: BrowserLike): AlertsSupport {
  const { navigator, PushManager, Notification } = browser;
  if (!navigator.serviceWorker || !PushManager || !Notification) return isIos(navigator) && !isStandalone(browser) ? 'ios-install' : 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'ok';
}

const UNAVAILABLE: Record<Exclude<AlertsSupport, 'ok'>, string> = { 'ios-install': ALERTS_MESSAGES.ios, unsupported: ALERTS_MESSAGES.unsupported, denied: ALERTS_MESSAGES.denied };

export interface AlertsTarget {
  kind: PushTargetKind;
  id: number;
  name: string;
}

export function targetOf(bell: HTMLElement): AlertsTarget | null {
  const { kind, id, name = '' } = bell.dataset;
  const number = Number(id);
  if ((kind !== 'team' && kind !== 'fixture') || !Number.isInteger(number) || number <= 0) return null;
  return { kind, id: number, name };
}

/** The boxes ticked, in the contract's order. */
export function chosenAlerts(form: HTMLFormElement): PushAlert[] {
  const ticked = new Set([...form.querySelectorAll<HTMLInputElement>('input[name="alerts"]:checked')].map((box) => box.value));
  return PUSH_ALERTS.filter((alert) => ticked.has(alert));
}

/** What the server needs of the browser's subscription, and the follow; null when the browser gave no keys. */
export function subscriptionBody(json: PushSubscriptionJSON, target: AlertsTarget, alerts: PushAlert[]): PushSubscribeBody | null {
  const { endpoint, keys } = json;
  if (!endpoint || !keys?.p256dh || !keys.auth) return null;
  return { subscription: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } }, follow: { kind: target.kind, id: target.id, alerts } };
}

export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

/** The reader's words for a failed call: the API's own Spanish message, never "HTTP 500". */
export function failureMessage(result: ApiResult<unknown> & { ok: false }): string {
  if (result.status === 0 || result.status === 429 || result.status >= 500) return readerMessage(result.status);
  return /^HTTP \d+/.test(result.error) || result.error === 'An unknown error occurred' ? ALERTS_MESSAGES.saveFailed : result.error;
}

export interface PushSubscriptionLike {
  endpoint: string;
  options?: { applicationServerKey: ArrayBuffer | null };
  toJSON(): PushSubscriptionJSON;
  unsubscribe(): Promise<boolean>;
}

export interface PushManagerLike {
  getSubscription(): Promise<PushSubscriptionLike | null>;
  subscribe(options: { userVisibleOnly: boolean; applicationServerKey: BufferSource }): Promise<PushSubscriptionLike>;
}

/** The browser as the bell uses it; tests pass fakes. */
export interface AlertsEnv {
  browser: BrowserLike;
  requestPermission(): Promise<NotificationPermission>;
  /** The worker's registration if there is one now (an opening never waits for it). */
  registration(): Promise<{ pushManager: PushManagerLike } | undefined>;
  /** The active worker's registration, waited for (a subscription needs it). */
  ready(): Promise<{ pushManager: PushManagerLike }>;
  fetch: typeof fetch;
  toast(message: string, kind: ToastKind): void;
}

export function browserEnv(): AlertsEnv {
  const worker = navigator.serviceWorker as ServiceWorkerContainer | undefined;
  return {
    browser: window as unknown as BrowserLike,
    requestPermission: () => Notification.requestPermission(),
    registration: async () => worker?.getRegistration(),
    ready: async () => {
      if (!worker) throw new Error('no service worker');
      // A tap before the layout's idle registration ran: the same worker, registered now.
      if (!(await worker.getRegistration())) await worker.register('/sw.js');
      return worker.ready;
    },
    fetch: (input, init) => fetch(input, init),
    toast: showToast,
  };
}

interface Parts {
  form: HTMLFormElement;
  fieldset: HTMLFieldSetElement;
  submit: HTMLButtonElement;
  off: HTMLButtonElement;
  status: HTMLElement;
}

function partsOf(bell: HTMLElement): Parts | null {
  const form = bell.querySelector('form');
  const fieldset = form?.querySelector('fieldset');
  const submit = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  const off = form?.querySelector<HTMLButtonElement>('button[data-alerts-off]');
  const status = form?.querySelector<HTMLElement>('[data-alerts-status]');
  return form && fieldset && submit && off && status ? { form, fieldset, submit, off, status } : null;
}

type Tone = 'info' | 'ok' | 'error';

function say(parts: Parts, message: string, tone: Tone = 'info'): void {
  parts.status.classList.remove('no-js-only');
  parts.status.textContent = message;
  parts.status.classList.toggle('text-muted', tone === 'info');
  parts.status.classList.toggle('text-success', tone === 'ok');
  parts.status.classList.toggle('text-danger', tone === 'error');
}

/** No push here: the form gives way to what the reader can do about it (never a dead button). */
function unavailable(parts: Parts, support: Exclude<AlertsSupport, 'ok'>): void {
  parts.fieldset.hidden = parts.submit.hidden = parts.off.hidden = true;
  say(parts, UNAVAILABLE[support]);
}

function usable(parts: Parts, enabled: boolean): void {
  parts.fieldset.hidden = parts.submit.hidden = false;
  parts.fieldset.disabled = parts.submit.disabled = parts.off.disabled = !enabled;
}

/** What this browser receives for the bell's club or match, as the server said it. */
function showFollow(parts: Parts, target: AlertsTarget, follow: PushFollow | undefined): void {
  const following = Boolean(follow?.alerts.length);
  parts.off.hidden = !following;
  if (!following) return;
  for (const box of parts.fieldset.querySelectorAll<HTMLInputElement>('input[name="alerts"]')) box.checked = follow!.alerts.includes(box.value as PushAlert);
  say(parts, ALERTS_MESSAGES.following(target.name), 'ok');
}

// No retries: each call answers a tap, and the reader sees the outcome at once.
const requestOptions = (env: AlertsEnv): RequestOptions => ({ fetchImpl: env.fetch, retries: 0 });

async function currentSubscription(env: AlertsEnv): Promise<PushSubscriptionLike | null> {
  try {
    return (await (await env.registration())?.pushManager.getSubscription()) ?? null;
  } catch {
    return null;
  }
}

/** A bell opened: what can be done here, and what this browser already receives for it. */
export async function openBell(bell: HTMLElement, env: AlertsEnv): Promise<void> {
  const parts = partsOf(bell);
  const target = targetOf(bell);
  if (!parts || !target || bell.dataset.busy) return;
  const support = alertsSupport(env.browser);
  if (support !== 'ok') return unavailable(parts, support);
  // The sentence shown without JavaScript, or why the bell could not work before (permission since given).
  if (parts.fieldset.hidden || parts.status.classList.contains('no-js-only')) say(parts, '');
  usable(parts, true);
  if (env.browser.Notification?.permission !== 'granted') return;
  const subscription = await currentSubscription(env);
  if (!subscription) return showFollow(parts, target, undefined);
  const answer = await apiSend<PushFollowsAnswer>('POST', '/api/push/follows', { endpoint: subscription.endpoint }, requestOptions(env));
  if (!answer.ok) return say(parts, failureMessage(answer), 'error');
  showFollow(
    parts,
    target,
    answer.data?.follows?.find((f) => f.kind === target.kind && f.id === target.id),
  );
}

/** The subscription for the server's key: the one the browser has, or a new one. */
async function subscriptionFor(pushManager: PushManagerLike, key: Uint8Array<ArrayBuffer>): Promise<PushSubscriptionLike> {
  const existing = await pushManager.getSubscription();
  const existingKey = existing?.options?.applicationServerKey;
  if (existing && (!existingKey || sameBytes(new Uint8Array(existingKey), key))) return existing;
  // Made with a key the server no longer has: the browser refuses a new one while it stands.
  await existing?.unsubscribe();
  return pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i]);

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Subscribes this browser and sends the follow; the outcome in the reader's words, or the API's. */
async function subscribe(env: AlertsEnv, target: AlertsTarget, alerts: PushAlert[]): Promise<{ ok: boolean; message: string }> {
  let subscription: PushSubscriptionLike;
  try {
    const registration = await withTimeout(env.ready(), WORKER_WAIT_MS);
    const key = await apiGet<{ publicKey?: unknown }>('/api/push/key', {}, requestOptions(env));
    if (!key.ok) return { ok: false, message: failureMessage(key) };
    if (typeof key.data?.publicKey !== 'string') return { ok: false, message: ALERTS_MESSAGES.saveFailed };
    subscription = await subscriptionFor(registration.pushManager, base64UrlBytes(key.data.publicKey));
  } catch {
    return { ok: false, message: ALERTS_MESSAGES.browserFailed };
  }
  const body = subscriptionBody(subscription.toJSON(), target, alerts);
  if (!body) return { ok: false, message: ALERTS_MESSAGES.browserFailed };
  const answer = await apiSend<PushSubscribeAnswer>('PUT', '/api/push/subscription', body, requestOptions(env));
  if (!answer.ok) return { ok: false, message: failureMessage(answer) };
  return { ok: true, message: answer.data?.message || ALERTS_MESSAGES.following(target.name) };
}

/** "Activar alertas". */
export async function submitBell(bell: HTMLElement, env: AlertsEnv): Promise<void> {
  const parts = partsOf(bell);
  const target = targetOf(bell);
  if (!parts || !target || bell.dataset.busy) return;
  const alerts = chosenAlerts(parts.form);
  if (!alerts.length) return say(parts, ALERTS_MESSAGES.noneChosen, 'error');
  const support = alertsSupport(env.browser);
  if (support !== 'ok') return unavailable(parts, support);
  // Asked before anything is awaited: Safari grants the request only inside the tap's own task.
  const permission = env.browser.Notification?.permission === 'granted' ? Promise.resolve('granted') : env.requestPermission();
  bell.dataset.busy = 'true';
  usable(parts, false);
  say(parts, ALERTS_MESSAGES.activating);
  try {
    const answer = await permission.catch(() => 'default' as const);
    if (answer !== 'granted') return answer === 'denied' ? unavailable(parts, 'denied') : say(parts, ALERTS_MESSAGES.dismissed, 'error');
    const outcome = await subscribe(env, target, alerts);
    say(parts, outcome.message, outcome.ok ? 'ok' : 'error');
    env.toast(outcome.message, outcome.ok ? 'success' : 'error');
    if (outcome.ok) parts.off.hidden = false;
  } finally {
    delete bell.dataset.busy;
    if (!parts.submit.hidden) usable(parts, true);
  }
}

/** "Desactivar alertas": this club or match no more; the last follow gone, the subscription too. */
export async function stopBell(bell: HTMLElement, env: AlertsEnv): Promise<void> {
  const parts = partsOf(bell);
  const target = targetOf(bell);
  if (!parts || !target || bell.dataset.busy) return;
  bell.dataset.busy = 'true';
  usable(parts, false);
  say(parts, ALERTS_MESSAGES.stopping);
  try {
    const subscription = await currentSubscription(env);
    const body = subscription && subscriptionBody(subscription.toJSON(), target, []);
    let message: string = ALERTS_MESSAGES.stopped(target.name);
    if (subscription && body) {
      const answer = await apiSend<PushSubscribeAnswer>('PUT', '/api/push/subscription', body, requestOptions(env));
      if (!answer.ok) {
        say(parts, failureMessage(answer), 'error');
        env.toast(failureMessage(answer), 'error');
        return;
      }
      if (!answer.data?.follows?.length) {
        await apiSend('DELETE', '/api/push/subscription', { endpoint: subscription.endpoint }, requestOptions(env));
        await subscription.unsubscribe().catch(() => false);
      }
      message = answer.data?.message || message;
    }
    parts.off.hidden = true;
    say(parts, message, 'ok');
    env.toast(message, 'info');
  } finally {
    delete bell.dataset.busy;
    usable(parts, true);
  }
}

/**
 * Listens for every bell of the page, those drawn later too (delegation on the document; 'toggle'
 * does not bubble, so it is heard on its way down). `opened`: the bell whose opening loaded this module.
 */
export function initAlerts(opened?: HTMLElement | null, env: AlertsEnv = browserEnv(), root: Document = document): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  const bellOf = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLDetailsElement>(BELL) : null);
  root.addEventListener(
    'toggle',
    (event) => {
      const bell = event.target;
      if (bell instanceof HTMLDetailsElement && bell.open && bell.matches(BELL)) void openBell(bell, env);
    },
    { capture: true, signal },
  );
  root.addEventListener(
    'submit',
    (event) => {
      const bell = bellOf(event.target);
      if (!bell) return;
      event.preventDefault();
      void submitBell(bell, env);
    },
    { signal },
  );
  root.addEventListener(
    'click',
    (event) => {
      const off = event.target instanceof Element ? event.target.closest('[data-alerts-off]') : null;
      const bell = bellOf(off);
      if (bell) void stopBell(bell, env);
    },
    { signal },
  );
  // A native <details> does not close on Escape; a panel floating over the page should.
  root.addEventListener(
    'keydown',
    (event) => {
      const bell = event.key === 'Escape' ? bellOf(event.target) : null;
      if (!bell?.open) return;
      bell.open = false;
      bell.querySelector('summary')?.focus();
    },
    { signal },
  );
  if (opened && (opened as HTMLDetailsElement).open) void openBell(opened, env);
  return () => controller.abort();
}
