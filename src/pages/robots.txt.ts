import type { APIRoute } from 'astro';
import { SITE } from '../lib/config.ts';

/** robots.txt from the configured site URL, so a build for another origin points at its own sitemap. */
export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL('/sitemap-index.xml', site ?? SITE.url).href;
  const body = ['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /search', '', `Sitemap: ${sitemap}`, ''].join('\n');
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
};
