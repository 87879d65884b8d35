import type { PushPayload } from '../../contract/push.ts';

/**
 * What the worker shows for a push (sw.ts): the alert as the server wrote it (contract/push.ts
 * PushPayload), or, for a payload it cannot read, a plain "Marcador" one: a push must always show
 * something. And where a tap on it leads: a page of this site, never elsewhere.
 */

const SITE_ICON = '/icons/icon-192.png';

export interface NotificationToShow {
  title: string;
  /** `renotify` is missing from TypeScript's DOM types; browsers still read it. */
  options: NotificationOptions & { renotify?: boolean };
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

function payloadOf(data: { json(): unknown } | null | undefined): Partial<PushPayload> {
  try {
    const parsed = data?.json();
    return parsed && typeof parsed === 'object' ? (parsed as Partial<PushPayload>) : {};
  } catch {
    return {};
  }
}

/** A path or URL of this site, absolute; anything else is the home page. */
export function pageToOpen(data: unknown, origin: string): string {
  const url = data && typeof data === 'object' ? text((data as { url?: unknown }).url) : '';
  try {
    const page = new URL(url || '/', origin);
    if (page.origin === origin) return page.href;
  } catch {
    // Not a URL: the home page below.
  }
  return new URL('/', origin).href;
}

/**
 * `shownKeys`: the keys of the alerts on screen now. One already there (the same alert sent again
 * after the server restarted mid-send) replaces itself without ringing.
 */
export function notificationOf(data: { json(): unknown } | null | undefined, origin: string, shownKeys: readonly string[] = []): NotificationToShow {
  const payload = payloadOf(data);
  const tag = text(payload.tag);
  const icon = text(payload.icon);
  const key = text(payload.key);
  const again = key !== '' && shownKeys.includes(key);
  return {
    title: text(payload.title) || 'Marcador',
    options: {
      body: text(payload.body),
      icon: /^(?:https?:\/\/|\/)/.test(icon) ? icon : SITE_ICON,
      badge: SITE_ICON,
      lang: 'es',
      data: { url: pageToOpen(payload, origin), key },
      // A newer alert of the same match takes the older one's place, and still rings; browsers refuse
      // `renotify` without a tag.
      ...(tag ? { tag, renotify: !again } : {}),
    },
  };
}

/** The alert keys of notifications on screen (`registration.getNotifications()`), to recognise one sent twice. */
export function shownAlertKeys(shown: ReadonlyArray<{ data?: unknown }>): string[] {
  return shown.map((n) => (n.data && typeof n.data === 'object' ? text((n.data as { key?: unknown }).key) : '')).filter(Boolean);
}
