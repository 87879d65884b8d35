import { formResults, FORM_STYLE, tableWindow, type TableGroup } from '../lib/competition/standings.ts';
import { playedByTeam } from '../lib/competition/provisional.ts';
import { leagueTablesView, type LiveTablesData } from '../lib/competition/league-tables.ts';
import { formatGoalDifference } from '../lib/format/numbers.ts';
import { createCompetitionStore, type CompetitionLiveData } from '../lib/competition/live-store.ts';
import { showToast } from './toast.ts';

/**
 * The league tables of a page while one of the league's matches of today can still move them (issue
 * 33 and 32): the home page's, the league front's, the standings page's and the team page's tables
 * all follow the same data (the competition store: pushed scores, the stored standings read again
 * when the stream says they changed, polling without it) and are all drawn with the same sum
 * (provisionalTables, which the build drew them with), so every page shows one table at one moment:
 * "si terminara ahora" while a match is played, the stored one from the whistle.
 *
 * No framework: the build wrote every row the table can show; a change moves rows and rewrites the
 * text of the cells that carry a number (`data-cell`), a few dozen nodes, nothing rendered again.
 * Loaded by the shell only on pages with a `script[data-live-tables]` block, once a table nears the screen.
 *
 * The markup it works on (StandingsTable.tsx, StandingsSummary.astro, the team page's table):
 * `[data-league-table=<league>][data-group=<name>]` around a table whose `tbody` holds one
 * `tr[data-team-id]` per club of the group in rank order; `[data-cell=rank]` belongs to the place (its
 * zone colour and words stay with the place), the other cells to the club; `data-rows` says which
 * rows show: absent every one, `top:<n>` the first n, `around:<team>` the team's window
 * (tableWindow); `[data-provisional]` is the caption's note, hidden when the table is the stored one.
 */

const GAP_CLASSES = ['border-t-2', 'border-dashed'];

export function initLiveTables(): void {
  for (const block of document.querySelectorAll<HTMLScriptElement>('script[data-live-tables]')) {
    let data: LiveTablesData;
    try {
      data = JSON.parse(block.textContent ?? '') as LiveTablesData;
    } catch {
      console.warn('[marcador] live tables: unreadable data block ignored');
      continue;
    }
    follow(data);
  }
}

function follow(data: LiveTablesData): void {
  const names = data.groups.map((group) => group.name);
  const tables = [...document.querySelectorAll<HTMLElement>(`[data-league-table="${data.league}"]`)].filter((table) => names.includes(table.dataset.group ?? ''));
  if (!tables.length) return;
  const played = playedByTeam(data.groups);
  const store = createCompetitionStore({
    league: data.league,
    today: data.today,
    initial: { matches: data.matches, groups: data.groups },
    builtAt: data.builtAt,
    clockOffsetMs: data.clockOffsetMs,
    notifyError: (message) => showToast(message, 'error'),
  });
  let shown: CompetitionLiveData = store.$state.get();
  let pending = false;
  store.$state.subscribe((state) => {
    // The build drew the tables from the very data the store starts with.
    if (state.groups === shown.groups && state.matches === shown.matches) return;
    shown = state;
    // Changes that come together (a refresh's matches and tables) are drawn once.
    if (pending) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      draw(data.league, names, tables, shown, played);
    });
  });
  for (const table of tables) table.dataset.following = '';
  // The standings page says how fresh its tables are.
  const live = document.querySelector<HTMLElement>(`[data-competition-live="${data.league}"]`);
  if (live) {
    const freshness = live.querySelector<HTMLElement>('[data-freshness]');
    store.$updatedAgo.subscribe((text) => {
      if (freshness) freshness.textContent = text;
    });
    live.dataset.hydrated = 'true';
  }
}

function draw(league: number, names: readonly string[], tables: readonly HTMLElement[], state: CompetitionLiveData, played: ReadonlyMap<number, number>): void {
  // Only the page's live groups, in the provider's order as the build had them: a refresh brings them
  // in the page's order and others after (a first stage there would be the last table with both
  // clubs of a final phase's match, and take its score).
  const fresh = new Map(state.groups.map((group) => [group.name, group]));
  const view = leagueTablesView(league, names.flatMap((name) => fresh.get(name) ?? []), state.matches, played);
  const byName = new Map(view.groups.map((group) => [group.name, group]));
  for (const table of tables) {
    const group = byName.get(table.dataset.group ?? '');
    if (group) drawTable(table, group, view.notes[group.name]);
  }
}

/** One table redrawn in place: rows in the new order, numbers rewritten, the window and the note. */
export function drawTable(table: HTMLElement, group: TableGroup, note: string | undefined): void {
  const tbody = table.querySelector('tbody');
  if (!tbody) return;
  const rows = [...tbody.querySelectorAll<HTMLTableRowElement>(':scope > tr[data-team-id]')];
  const byTeam = new Map(rows.map((tr) => [Number(tr.dataset.teamId), tr]));
  // A table the page was built with a different set of clubs for (a new phase) waits for the next build.
  if (rows.length !== group.rows.length || group.rows.some((row) => !byTeam.has(row.team.id))) return;
  const places = rows.map((tr) => ({ cell: tr.querySelector<HTMLElement>('[data-cell="rank"]'), zone: tr.dataset.zone }));
  const ordered = [...group.rows].sort((a, b) => a.rank - b.rank);
  const visible = shownRows(table.dataset.rows, ordered.map((row) => row.team.id));
  // Only what changed is touched: a row moved or an attribute written again, even to its own value,
  // has the browser lay the whole table out again (classList.toggle with its state already leaves it be).
  let next: Element | null = rows[0]!;
  ordered.forEach((row, index) => {
    const tr = byTeam.get(row.team.id)!;
    const place = places[index]!;
    if (place.cell && tr.firstElementChild !== place.cell) tr.prepend(place.cell);
    if (place.zone && tr.dataset.zone !== place.zone) tr.dataset.zone = place.zone;
    else if (!place.zone && tr.dataset.zone !== undefined) delete tr.dataset.zone;
    const values: Record<string, string> = {
      played: String(row.all.played),
      win: String(row.all.win),
      draw: String(row.all.draw),
      lose: String(row.all.lose),
      for: String(row.all.goalsFor),
      against: String(row.all.goalsAgainst),
      diff: formatGoalDifference(row.goalsDiff),
      points: String(row.points),
    };
    for (const cell of tr.querySelectorAll<HTMLElement>('[data-cell]')) {
      const name = cell.dataset.cell!;
      if (name === 'form') drawForm(cell, row.form);
      else if (name in values && cell.textContent !== values[name]) cell.textContent = values[name]!;
    }
    const index_ = visible.indexOf(row.team.id);
    if (tr.hidden !== (index_ === -1)) tr.hidden = index_ === -1;
    // The team page's window marks where it skips places (after the leader).
    const gap = index_ > 0 && ordered.findIndex((r) => r.team.id === visible[index_ - 1]) !== index - 1;
    if (table.dataset.rows?.startsWith('around:')) for (const name of GAP_CLASSES) tr.classList.toggle(name, gap);
    // In rank order: a row already in its place stays where it is.
    if (tr === next) next = tr.nextElementSibling;
    else tbody.insertBefore(tr, next);
  });
  const marker = table.querySelector<HTMLElement>('[data-provisional]');
  if (marker) marker.hidden = !note;
}

/** The ids of the rows a table shows, in order (see the module's comment for `data-rows`). */
export function shownRows(mode: string | undefined, ids: readonly number[]): number[] {
  if (mode?.startsWith('top:')) return ids.slice(0, Number(mode.slice(4)));
  if (mode?.startsWith('around:')) return tableWindow(ids, ids.indexOf(Number(mode.slice(7))));
  return [...ids];
}

/** The form guide's badges (FormGuide in StandingsTable.tsx writes the same), rewritten when they changed. */
function drawForm(cell: HTMLElement, form: string): void {
  const results = formResults(form);
  const letters = results.map((r) => r.letter).join('');
  if (cell.dataset.form === letters) return;
  cell.dataset.form = letters;
  if (!results.length) {
    const none = document.createElement('span');
    none.className = 'sr-only';
    none.textContent = 'Sin partidos';
    cell.replaceChildren(none);
    return;
  }
  const badges = results.map((result) => {
    const badge = document.createElement('span');
    badge.setAttribute('role', 'img');
    badge.setAttribute('aria-label', result.label);
    badge.title = result.label;
    badge.className = FORM_STYLE[result.letter];
    badge.textContent = result.short;
    return badge;
  });
  cell.replaceChildren(...badges);
}
