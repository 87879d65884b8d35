import { createHash } from 'node:crypto';
import type { Routes } from './context.ts';
import type { ErrorBody } from '../../contract/envelope.ts';

/** /media/{kind}/{id}.png: the demo's generated images, with strong ETags. */
export function registerMediaRoutes({ app }: Routes, renderMedia?: (kind: string, id: string) => Promise<Uint8Array | null>): void {
  // Strong ETags of the rendered images; the renderer caches its buffers, so this follows them.
  const mediaTags = new WeakMap<Uint8Array, string>();
  app.get('/media/:kind/:file', async (c) => {
    const match = /^([A-Za-z0-9_-]{1,40})\.png$/.exec(c.req.param('file') ?? '');
    const png = match && renderMedia ? await renderMedia(c.req.param('kind') ?? '', match[1]) : null;
    if (!png) return c.json({ message: 'Image not found' } satisfies ErrorBody, 404);
    let etag = mediaTags.get(png);
    if (!etag) {
      etag = `"${createHash('sha1').update(png).digest('base64url')}"`;
      mediaTags.set(png, etag);
    }
    const headers = { 'cache-control': 'public, max-age=86400, stale-while-revalidate=604800', etag };
    const ifNoneMatch = c.req.header('if-none-match');
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === etag)) {
      return c.body(null, 304, headers);
    }
    return c.body(new Uint8Array(png.buffer as ArrayBuffer, png.byteOffset, png.byteLength), 200, { 'content-type': 'image/png', ...headers });
  });
}
