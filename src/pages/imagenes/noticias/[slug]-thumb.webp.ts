import { newsPictureRoute } from '../../../lib/loaders/news-pictures.ts';

/** The news card picture at half size (240×135 WebP): the thumbnail of a news row on a phone. */
const route = newsPictureRoute((pictures) => pictures.thumb, 'image/webp');
export const getStaticPaths = route.getStaticPaths;
export const GET = route.GET;
