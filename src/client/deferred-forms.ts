/**
 * Forms that only JavaScript can reveal (the header search bar) are sent inside
 * <template data-deferred-form> and join the page in the task after DOMContentLoaded (the mobile
 * menu's search waits longer, with the rest of the menu, for its first opening: header-client.ts).
 * Why: inside the DOMContentLoaded task Chromium's autofill inspects every form of the page; on
 * a slow phone that is milliseconds per form in the page's longest script task, for forms a reader
 * cannot even see until they open them. Readers without JavaScript never see these forms anyway:
 * they get a link to /search instead.
 */
export function mountDeferredForms(root: ParentNode = document): void {
  for (const template of root.querySelectorAll<HTMLTemplateElement>('template[data-deferred-form]')) {
    template.replaceWith(template.content);
  }
}
