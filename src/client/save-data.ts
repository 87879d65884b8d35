/**
 * For a reader who asked to save data (Save-Data, `navigator.connection.saveData`) or is on 2G:
 * pictures below the first screen are not downloaded until the reader asks, with one button
 * (issue 27). Loaded only for those readers (shell-client.ts), so nobody else pays for it. The
 * pictures are `loading="lazy"`: the browser starts those within a screen or two of the view on its
 * own, and the ones further down have not started when this runs. Each held picture keeps its size
 * (width/height) and its place, and shows nothing until asked.
 */

const BUTTON_STYLE =
  'position:fixed;left:50%;bottom:1rem;transform:translateX(-50%);z-index:60;min-height:2.75rem;padding:.5rem 1rem;border-radius:9999px;border:1px solid var(--color-line);background:var(--color-surface);color:var(--color-link);font-family:inherit;font-size:.875rem;font-weight:600;white-space:nowrap;box-shadow:0 2px 8px rgb(0 0 0/.2);cursor:pointer';

export function holdPicturesBelowTheFold(): void {
  const fold = window.innerHeight;
  const held: HTMLImageElement[] = [];
  for (const img of document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]')) {
    if (img.complete && img.naturalWidth > 0) continue;
    if (img.getBoundingClientRect().top < fold) continue;
    img.dataset.heldSrc = img.getAttribute('src') ?? '';
    const srcset = img.getAttribute('srcset');
    if (srcset) img.dataset.heldSrcset = srcset;
    img.removeAttribute('srcset');
    img.removeAttribute('src');
    held.push(img);
  }
  if (!held.length) return;
  const button = document.createElement('button');
  button.type = 'button';
  button.dataset.showPictures = '';
  button.setAttribute('style', BUTTON_STYLE);
  button.textContent = `Ahorro de datos · Mostrar ${held.length === 1 ? '1 imagen' : `${held.length} imágenes`}`;
  button.addEventListener('click', () => {
    for (const img of held) {
      if (img.dataset.heldSrcset) img.setAttribute('srcset', img.dataset.heldSrcset);
      img.setAttribute('src', img.dataset.heldSrc ?? '');
    }
    button.remove();
  });
  document.body.append(button);
}
