import { newsPictureRoute } from '../../../lib/loaders/news-pictures.ts';

/** The Open Graph picture (1200×630 PNG) of an article without a real image. */
const route = newsPictureRoute((pictures) => pictures.og, 'image/png');
export const getStaticPaths = route.getStaticPaths;
export const GET = route.GET;
