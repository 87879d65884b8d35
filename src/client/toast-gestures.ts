import { dismissToast, type ToastTimer } from './toast.ts';

/** Swipe-to-dismiss threshold (spec §9). */
export const SWIPE_DISMISS_PX = 50;

/**
 * The gestures of a toast (src/client/toast.ts), loaded with the first one: its countdown pauses
 * while a reader points at or focuses it, and a rightward drag of at least SWIPE_DISMISS_PX
 * dismisses it (a shorter one snaps back).
 */
export function enableToastGestures(toast: HTMLElement, timer: ToastTimer): void {
  const pause = () => {
    if (timer.id === null) return;
    clearTimeout(timer.id);
    timer.id = null;
    timer.remaining = Math.max(0, timer.remaining - (Date.now() - timer.startedAt));
  };
  const resume = () => toast.isConnected && !toast.dataset.leaving && timer.id === null && timer.run();
  // A reader who is reading or operating the toast should not have it vanish under them.
  toast.addEventListener('pointerenter', pause);
  toast.addEventListener('pointerleave', resume);
  toast.addEventListener('focusin', pause);
  toast.addEventListener('focusout', resume);

  let startX: number | null = null;
  let pointerId: number | null = null;
  toast.addEventListener('pointerdown', (event) => {
    if ((event.target as Element | null)?.closest('button')) return;
    startX = event.clientX;
    pointerId = event.pointerId;
    toast.setPointerCapture?.(event.pointerId);
    toast.style.transition = 'none';
  });
  toast.addEventListener('pointermove', (event) => {
    if (startX === null || event.pointerId !== pointerId) return;
    toast.style.transform = `translateX(${Math.max(0, event.clientX - startX)}px)`;
  });
  const finish = (event: PointerEvent) => {
    if (startX === null || event.pointerId !== pointerId) return;
    const dx = event.clientX - startX;
    startX = null;
    pointerId = null;
    if (dx >= SWIPE_DISMISS_PX) {
      dismissToast(toast);
    } else {
      toast.style.transition = 'transform 150ms ease-out';
      toast.style.transform = '';
    }
  };
  toast.addEventListener('pointerup', finish);
  toast.addEventListener('pointercancel', finish);
}
