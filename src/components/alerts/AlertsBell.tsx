import type { CSSProperties } from 'react';
import { PUSH_ALERT_LABELS, PUSH_ALERTS, type PushTargetKind } from '../../../contract/push.ts';

export interface AlertsBellProps {
  kind: PushTargetKind;
  id: number;
  /** The club's name, or the match's ("Emelec - Barcelona SC"): the client's messages say it. */
  name: string;
  className?: string;
}

/** Said without JavaScript, in the status line (which the client takes over). */
export const ALERTS_NEED_JS = 'Las alertas necesitan JavaScript.';

// Written out, not built by iconBefore(): the build keeps a component rule on a page only when its
// class is in the page or, whole, in a script the page can run (Mis equipos draws this in the browser).
const BELL_ICON = 'icon-before icon-bell';
const BELL_SIZE = { '--icon-size': '18px' } as CSSProperties;

/**
 * The bell of lock-screen alerts (Web Push) for a club or a match, written once for the pages
 * (AlertsBell.astro renders it to HTML) and for "Mis equipos" (React, in the browser). Plain markup:
 * src/client/alerts.ts, loaded on the first opening, enables the form and does the work. 16
 * elements: the icon is the summary's ::before and the no-JavaScript sentence is the status line's
 * first text (`no-js-only` hides it until the client writes there).
 *
 * The panel floats over what follows: on a phone it spans the nearest positioned ancestor (the
 * caller's row is `relative`: a 288 px panel hung from a button in mid-row left the screen), from
 * `sm` on it is 20rem wide, at that ancestor's right edge.
 */
export default function AlertsBell({ kind, id, name, className }: AlertsBellProps) {
  return (
    <details className={className} data-alerts data-kind={kind} data-id={id} data-name={name}>
      <summary
        aria-label={`Alertas de ${name}`}
        className={`${BELL_ICON} inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-full border border-line px-4 text-sm font-semibold hover:bg-surface-2 [&::-webkit-details-marker]:hidden`}
        style={BELL_SIZE}
      >
        Alertas
      </summary>
      <form className="absolute inset-x-0 z-30 mt-2 space-y-3 rounded-lg border border-line bg-surface p-4 text-sm text-fg shadow-lg sm:left-auto sm:w-80">
        <fieldset disabled>
          <legend className="mb-1 font-semibold">Avisarme de</legend>
          {PUSH_ALERTS.map((alert) => (
            <label key={alert} className="flex min-h-10 items-center gap-3">
              <input type="checkbox" name="alerts" value={alert} defaultChecked className="size-5 accent-brand" />
              {PUSH_ALERT_LABELS[alert]}
            </label>
          ))}
        </fieldset>
        <button type="submit" disabled className="min-h-11 w-full rounded-full bg-brand px-4 font-semibold text-on-brand hover:opacity-90 disabled:opacity-60">
          Activar alertas
        </button>
        <button type="button" hidden disabled data-alerts-off className="min-h-11 w-full rounded-full border border-line px-4 font-semibold hover:bg-surface-2">
          Desactivar alertas
        </button>
        <p role="status" className="no-js-only text-muted" data-alerts-status>
          {ALERTS_NEED_JS}
        </p>
      </form>
    </details>
  );
}
