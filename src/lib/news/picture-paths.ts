/**
 * Public paths of an article's generated pictures (written by src/pages/imagenes/noticias/*): a
 * module without Node imports, so components and browser code can name them.
 */
export function newsCardPicture(slug: string) {
  const base = `/imagenes/noticias/${slug}`;
  return { webp: `${base}-card.webp`, png: `${base}-card.png`, thumbWebp: `${base}-thumb.webp` };
}

export function newsOgPicture(slug: string): string {
  return `/imagenes/noticias/${slug}-og.png`;
}

/** The demo's own article images (one drawing for all): replaced by the generated picture. */
const GENERATED_IMAGE = /^\/media\/articles\//;

/** True when the article carries a real picture (provider, editor) that wins over a generated one. */
export function hasOwnImage(article: { imageUrl: string | null }): boolean {
  return Boolean(article.imageUrl && !GENERATED_IMAGE.test(article.imageUrl));
}
