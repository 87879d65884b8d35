import { commentaryHtml } from '../../markup/commentary.ts';
import type { CommentaryLine } from '../../contract/commentary.ts';

/**
 * The Relato's section (src/components/football/MatchCommentary.astro): its lines wait in a
 * <template> until a reader opens it, then take the place of the sentence shown without JavaScript.
 */

const SECTION = 'details[data-commentary]';
/** The HTML last written into each section's template (the browser's own serialization differs from ours). */
const written = new WeakMap<HTMLTemplateElement, string>();

/** Shows the template's lines in the open section, in place of whatever it showed before. */
function fill(section: HTMLDetailsElement): void {
  const template = section.querySelector<HTMLTemplateElement>('template[data-commentary-lines]');
  if (!template) return;
  for (const node of [...section.childNodes]) if (node !== template && !(node instanceof HTMLElement && node.tagName === 'SUMMARY')) node.remove();
  section.insertBefore(template.content.cloneNode(true), template);
}

/** Fills a section when it opens ('toggle' does not bubble: listened to on its way down). */
export function initCommentary(root: Document = document): void {
  root.addEventListener(
    'toggle',
    (event) => {
      const section = event.target;
      if (section instanceof HTMLDetailsElement && section.matches(SECTION) && section.open && !section.dataset.filled) {
        section.dataset.filled = 'true';
        fill(section);
      }
    },
    true,
  );
  // Opened before this module loaded (a link to #relato, a quick tap).
  for (const section of root.querySelectorAll<HTMLDetailsElement>(SECTION)) if (section.open && !section.dataset.filled) {
    section.dataset.filled = 'true';
    fill(section);
  }
}

/** New lines from a push: kept in the template, and shown at once when the section is open. */
export function updateCommentary(lines: readonly CommentaryLine[], root: ParentNode = document): void {
  const section = root.querySelector<HTMLDetailsElement>(SECTION);
  const template = section?.querySelector<HTMLTemplateElement>('template[data-commentary-lines]');
  if (!section || !template) return;
  const html = commentaryHtml(lines);
  if (written.get(template) === html) return;
  written.set(template, html);
  template.innerHTML = html;
  if (section.dataset.filled) fill(section);
}
