import { localDay, TIME_ZONE } from '../clock.ts';
import type { Routes } from './context.ts';
import type { ServerTimeJson } from '../../contract/shapes.ts';

/** /api/time: the server's clock (MARCADOR_NOW in tests), also a cheap health check. */
export function registerTimeRoutes({ app, now }: Routes): void {
  app.get('/api/time', (c) => {
    const at = now();
    c.header('cache-control', 'no-store');
    return c.json({ now: at.toISOString(), today: localDay(at), timeZone: TIME_ZONE } satisfies ServerTimeJson);
  });
}
