import { newsPictureRoute } from '../../../lib/loaders/news-pictures.ts';

/** The news card picture (480×270 WebP) of an article without a real image. */
const route = newsPictureRoute((pictures) => pictures.card.webp, 'image/webp');
export const getStaticPaths = route.getStaticPaths;
export const GET = route.GET;
