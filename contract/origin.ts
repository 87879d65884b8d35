/**
 * The origin of a configured URL (SITE_URL, PUBLIC_API_URL); null when unset or not a URL. The
 * server's cross-origin rules (server/http/cors.ts) and the build's Content-Security-Policy
 * (integrations/finish/headers.ts) read the same configuration the same way.
 */
export function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
