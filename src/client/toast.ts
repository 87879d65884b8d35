import { TIMINGS, TOAST_REGION_ID } from '../lib/config.ts';

/**
 * Toasts for errors of live refreshes (spec §9): one at a time, 5 s, swipe right 50 px to dismiss,
 * F8 focuses the region, max width 420 px. Plain DOM so islands and shell scripts can both use it
 * without shipping a framework. State lives in the DOM rather than in module variables because an
 * island chunk and the shell chunk may each end up with their own copy of this module.
 */

export type ToastKind = 'error' | 'success' | 'info';

const TOAST_SELECTOR = '[data-toast]';

const KIND_CLASSES: Record<ToastKind, string> = {
  error: 'border-l-4 border-l-danger',
  success: 'border-l-4 border-l-success',
  info: 'border-l-4 border-l-brand',
};

/** The region is rendered by the layout; created here too so an island works on any page. */
function toastRegion(): HTMLElement | null {
  if (typeof document === 'undefined' || !document.body) return null;
  const existing = document.getElementById(TOAST_REGION_ID);
  if (existing) return existing;
  const region = document.createElement('section');
  region.id = TOAST_REGION_ID;
  region.setAttribute('aria-label', 'Notificaciones (F8)');
  region.tabIndex = -1;
  region.className = 'toast-region';
  const live = document.createElement('div');
  live.setAttribute('aria-live', 'polite');
  live.dataset.toastList = '';
  region.append(live);
  document.body.append(region);
  return region;
}

function toastList(region: HTMLElement): HTMLElement {
  return region.querySelector<HTMLElement>('[data-toast-list]') ?? region;
}

/** Shows `message` as the only toast, replacing any other; it closes itself after `durationMs`. */
export function showToast(message: string, kind: ToastKind = 'info', durationMs: number = TIMINGS.toastDurationMs): void {
  const text = typeof message === 'string' ? message.trim() : '';
  const region = toastRegion();
  if (!region || !text) return;
  const list = toastList(region);
  for (const old of list.querySelectorAll(TOAST_SELECTOR)) old.remove();

  const toast = document.createElement('div');
  toast.dataset.toast = kind;
  toast.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  toast.className = `toast ${KIND_CLASSES[kind] ?? KIND_CLASSES.info}`;

  const body = document.createElement('p');
  body.className = 'flex-1 text-sm';
  body.textContent = text;

  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'toast-close';
  close.setAttribute('aria-label', 'Cerrar notificación');
  close.textContent = '×';
  close.addEventListener('click', () => dismissToast(toast));

  toast.append(body, close);
  list.append(toast);
  const timer = startTimer(toast, durationMs);
  // Pausing under the pointer or focus and swiping away come with the first toast, not with every
  // page: without them (offline) the toast still closes itself and by its button.
  import('./toast-gestures.ts').then(
    ({ enableToastGestures }) => enableToastGestures(toast, timer),
    () => {},
  );
}

/** Removes a toast (with a short slide-out where motion is allowed). */
export function dismissToast(toast: HTMLElement): void {
  if (!toast.isConnected || toast.dataset.leaving) return;
  toast.dataset.leaving = 'true';
  clearTimer(toast);
  const reduceMotion = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  if (reduceMotion) {
    toast.remove();
    return;
  }
  toast.style.transition = 'transform 150ms ease-in, opacity 150ms ease-in';
  toast.style.transform = 'translateX(110%)';
  toast.style.opacity = '0';
  setTimeout(() => toast.remove(), 160);
}

/** A toast's countdown: the gestures module pauses it while a reader points at or focuses the toast. */
export interface ToastTimer {
  id: ReturnType<typeof setTimeout> | null;
  remaining: number;
  startedAt: number;
  run(): void;
}

const timers = new WeakMap<HTMLElement, ToastTimer>();

function startTimer(toast: HTMLElement, durationMs: number): ToastTimer {
  const timer: ToastTimer = {
    id: null,
    remaining: durationMs,
    startedAt: 0,
    run() {
      timer.startedAt = Date.now();
      timer.id = setTimeout(() => dismissToast(toast), timer.remaining);
    },
  };
  timers.set(toast, timer);
  timer.run();
  return timer;
}

function clearTimer(toast: HTMLElement): void {
  const timer = timers.get(toast);
  if (timer?.id != null) clearTimeout(timer.id);
  timers.delete(toast);
}

/** F8 moves focus to the notifications region (spec §9), once per document. */
export function installToastHotkey(): void {
  if (typeof document === 'undefined' || document.documentElement.dataset.toastHotkey) return;
  document.documentElement.dataset.toastHotkey = 'on';
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'F8') return;
    const region = toastRegion();
    if (!region) return;
    event.preventDefault();
    region.focus();
  });
}
