import { mountDeferredForms } from './deferred-forms.ts';
import { initFollowButtons } from './follow-team.ts';
import { initHeader } from './header-client.ts';
import { initMyTeams } from './my-teams.ts';
import { initNavigationProgress } from './navigation-progress.ts';
import { initPageViews } from './pageviews.ts';
import { initSearchBar } from './search-bar-client.ts';
import { followThemeChangesElsewhere, initThemeToggle } from './theme-toggle-element.ts';
import { followSpoilersElsewhere, initSpoilers } from './spoilers.ts';
import { installToastHotkey } from './toast.ts';

/** The shell's only script: small vanilla modules, no framework (ARCHITECTURE.md). */

/** Submitting a blank search does nothing (spec §5); the query is sent trimmed. */
function initSearchForms(): void {
  // The browser's "fill out this field" bubble would speak the browser's language, not Spanish.
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-search-form]')) form.noValidate = true;
  const checkQuery = (event: SubmitEvent) => {
    const form = event.target as HTMLFormElement;
    if (!form.matches('[data-search-form]')) return;
    const input = form.elements.namedItem('q');
    if (!(input instanceof HTMLInputElement)) return;
    const query = input.value.trim();
    if (!query) {
      event.preventDefault();
      input.value = '';
      input.focus();
      return;
    }
    input.value = query;
  };
  // Capture phase: runs before the menus' own submit handlers, which ignore cancelled submits.
  document.addEventListener('submit', checkQuery, true);
}

/**
 * The footer's newsletter box loads its script (validation, the POST, the messages: a KB and a half
 * that every page would otherwise download) once a reader reaches the form, or when the page comes
 * back from a post sent without JavaScript (?newsletter=…). A submit before it arrives waits for it.
 */
function initNewsletterOnDemand(): void {
  const forms = document.querySelectorAll<HTMLFormElement>('form[data-newsletter]');
  if (!forms.length) return;
  let ready = false;
  let loading: Promise<void> | null = null;
  const load = () =>
    (loading ??= import('./newsletter-form.ts').then(({ initNewsletterForms }) => {
      initNewsletterForms();
      ready = true;
    }));
  if (new URLSearchParams(window.location.search).has('newsletter')) void load();
  for (const form of forms) {
    form.noValidate = true;
    form.addEventListener('focusin', () => void load(), { once: true });
    form.addEventListener('submit', (event) => {
      if (ready) return;
      // If the script cannot load (offline), the browser posts the form as it would without JavaScript.
      event.preventDefault();
      event.stopImmediatePropagation();
      load().then(
        () => form.requestSubmit(event.submitter instanceof HTMLButtonElement ? event.submitter : null),
        () => form.submit(),
      );
    });
  }
}

initThemeToggle();
initSpoilers();
let searchBar: ReturnType<typeof initSearchBar> = null;
const menu = initHeader({ onMenuOpen: () => searchBar?.close() });
initNewsletterOnDemand();
installToastHotkey();
// Save-Data or 2G: pictures below the first screen wait until asked (issue 27); that code loads only then.
const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
if (connection?.saveData || /2g/.test(connection?.effectiveType ?? '')) void import('./save-data.ts').then((m) => m.holdPicturesBelowTheFold());
// The task after DOMContentLoaded: see deferred-forms.ts.
setTimeout(() => {
  mountDeferredForms();
  searchBar = initSearchBar(() => menu?.close());
  initSearchForms();
  initMyTeams();
  initFollowButtons();
  loadAlertsOnFirstOpening();
}, 0);
// And one more task for what nobody needs in the page's first instant: the progress bar of a
// navigation, the theme set in another tab or by the OS, the page view. Registering the first
// 'pagehide' listener and a 'storage' one took 1-3 ms each here (the latter opens the storage
// area), four times that on the slow phone Lighthouse simulates, all inside the DOMContentLoaded task.
setTimeout(() => {
  initNavigationProgress();
  followThemeChangesElsewhere();
  followSpoilersElsewhere();
  initPageViews();
  followLiveTablesNearTheScreen();
  watchLiveIslands();
  initMatchCommentary();
}, 0);

/**
 * The alerts' bell (team and match pages, "Mis equipos"): its script loads when a reader first opens
 * one, so no page's first view carries it. Heard on the document ('toggle' does not bubble: on its
 * way down), so a bell that React draws later counts too.
 */
function loadAlertsOnFirstOpening(): void {
  const opened = (event: Event) => {
    const bell = event.target;
    if (!(bell instanceof HTMLDetailsElement) || !bell.open || !bell.matches('details[data-alerts]')) return;
    document.removeEventListener('toggle', opened, true);
    // Not loaded (offline): the next opening tries again.
    import('./alerts.ts').then(
      (m) => m.initAlerts(bell),
      () => document.addEventListener('toggle', opened, true),
    );
  };
  document.addEventListener('toggle', opened, true);
}

/** A match page's Relato: its script (1 KB) fills the section when a reader opens it. */
function initMatchCommentary(): void {
  if (document.querySelector('details[data-commentary]')) void import('./commentary.ts').then((m) => m.initCommentary());
}

/** Islands whose data can change while read: their watcher (a few KB, no framework) loads after the first paint's work. */
function watchLiveIslands(): void {
  if (document.querySelector('astro-island[client="live"]')) void import('./live-islands.ts').then((m) => m.watchLiveIslands());
}

/**
 * A league table a match of today can still move (the page then has its data block): its script, a
 * few KB with what it shares, loads only on such pages, after the first paint's work, and only once
 * a table comes within half a screen of view. On the home page or a club's page the table is far
 * below a phone's first screen, and a reader who never scrolls to it does not pay for it; one who
 * does meets a table already following (its store refreshes at once when the page is older than
 * its cadence, so nothing pushed meanwhile is missed).
 */
function followLiveTablesNearTheScreen(): void {
  if (!document.querySelector('script[data-live-tables]')) return;
  const load = () => void import('./live-tables.ts').then((m) => m.initLiveTables());
  const tables = document.querySelectorAll('[data-league-table]');
  if (!tables.length || !('IntersectionObserver' in window)) return load();
  const nearTheScreen = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      nearTheScreen.disconnect();
      load();
    },
    { rootMargin: '50% 0px' },
  );
  for (const table of tables) nearTheScreen.observe(table);
}
