/**
 * Alerts on the lock screen (Web Push): what a reader follows, what the server stores and what the
 * service worker receives. The routes (server/routes/push.ts):
 *
 *   GET    /api/push/key            → { publicKey }   the VAPID application server key (base64url)
 *   PUT    /api/push/subscription   { subscription, follow } → { message, follows }   (201 when new)
 *   POST   /api/push/follows        { endpoint } → { follows }   what this browser follows
 *   DELETE /api/push/subscription   { endpoint } → 204           stop every alert of this browser
 *
 * A subscription is the browser's identity: no account, nothing else about the reader is kept.
 */

/** What a reader can ask to be told, as the API names it. */
export const PUSH_ALERTS = ['goles', 'estado', 'rojas', 'alineaciones'] as const;
export type PushAlert = (typeof PUSH_ALERTS)[number];

/** The choices as the bell's form says them. */
export const PUSH_ALERT_LABELS: Record<PushAlert, string> = {
  goles: 'Goles (con el goleador)',
  estado: 'Inicio, descanso y final',
  rojas: 'Tarjetas rojas',
  alineaciones: 'Alineaciones confirmadas',
};

/** A follow: a club (every match it plays) or one match. */
export type PushTargetKind = 'team' | 'fixture';

export interface PushFollow {
  kind: PushTargetKind;
  id: number;
  /** Empty: stop following this club or match. */
  alerts: PushAlert[];
}

/** The browser's `PushSubscription.toJSON()`, the part the server needs. */
export interface PushSubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushSubscribeBody {
  subscription: PushSubscriptionJson;
  follow: PushFollow;
}

export interface PushFollowsAnswer {
  follows: PushFollow[];
}

export interface PushSubscribeAnswer extends PushFollowsAnswer {
  message: string;
}

/** What the service worker receives, encrypted (aes128gcm), as JSON. */
export interface PushPayload {
  title: string;
  body: string;
  /** One per match: a newer alert replaces the one shown before. */
  tag: string;
  /** The page a tap opens (a path of this site). */
  url: string;
  /** The club's crest, or the site's icon. */
  icon: string;
  fixture: number;
  /**
   * What it says, as one key: the same alert sent twice (a retry after a crash, when the push service
   * had taken the first) is shown in place, silently, not rung twice.
   */
  key: string;
}

/** Follows one browser may keep (clubs and matches together). */
export const PUSH_MAX_FOLLOWS = 60;
/** An encrypted payload above this is refused by some push services; ours stay far below. */
export const PUSH_MAX_PAYLOAD_BYTES = 3_000;
