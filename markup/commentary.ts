import { COMMENTARY_NOTICE, type CommentaryLine } from '../contract/commentary.ts';
import { escapeHtml } from '../contract/format.ts';

/**
 * The Relato's body as HTML, written once for the build (in the page's <template>, parsed only when a
 * reader opens the section: a finished match's page stays under its 800 elements) and for the browser,
 * which writes it again as pushes bring new lines (src/client/commentary.ts). Two elements a line: the
 * moment, with its icon drawn by CSS (.event-minute in global.css), and the sentence as text.
 */
export function commentaryHtml(lines: readonly CommentaryLine[]): string {
  if (!lines.length) return '<p class="text-sm text-muted">El relato empieza con el pitazo inicial.</p>';
  const items = lines
    .map(
      (line) =>
        `<li class="flex items-start gap-3 px-3 py-2 text-sm" data-commentary-kind="${line.kind}"><span class="event-minute flex w-[6.25rem] shrink-0 items-center justify-between gap-2 font-semibold tabular-nums" data-icon="${line.kind}">${escapeHtml(line.label)}</span>${escapeHtml(line.text)}</li>`,
    )
    .join('');
  return `<p class="mt-3 mb-2 text-xs text-muted">${COMMENTARY_NOTICE}.</p><ol class="divide-y divide-line rounded-lg border border-line bg-surface" data-commentary-list>${items}</ol>`;
}
