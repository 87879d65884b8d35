import { newsPictureRoute } from '../../../lib/loaders/news-pictures.ts';

/** The news card picture as PNG (480×270), for browsers without WebP. */
const route = newsPictureRoute((pictures) => pictures.card.png, 'image/png');
export const getStaticPaths = route.getStaticPaths;
export const GET = route.GET;
