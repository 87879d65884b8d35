/**
 * The newsletter box's rules and texts, shared by the prebuilt box (Newsletter.astro: the outcome of
 * a post without JS) and its browser script (src/client/newsletter-form.ts: the e-mail check that
 * catches typos before a round trip). The API validates again; this is deliberately no stricter
 * than it (one @, a dotted domain, no spaces).
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
export const MAX_EMAIL_LENGTH = 254;

export function normalizeEmail(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

export function isValidEmail(value: unknown): boolean {
  const email = normalizeEmail(value);
  return email.length > 0 && email.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(email);
}

export const NEWSLETTER_MESSAGES = {
  invalid: 'Escribe un correo electrónico válido, por ejemplo nombre@dominio.com.',
  sending: 'Enviando…',
  success: '¡Gracias! Te suscribiste al boletín de Marcador.',
} as const;

/**
 * What a form post without JS comes back with (`?newsletter=<outcome>`, docs/API.md). The page is
 * static, so these texts are prebuilt; with JS the API's own message is shown instead.
 */
export const NEWSLETTER_OUTCOMES = {
  ok: { ok: true, message: NEWSLETTER_MESSAGES.success },
  exists: { ok: true, message: 'Este correo ya estaba suscrito. ¡Gracias por seguirnos!' },
  invalid: { ok: false, message: NEWSLETTER_MESSAGES.invalid },
  limit: { ok: false, message: 'Demasiados intentos. Espera unos minutos e inténtalo de nuevo.' },
  error: { ok: false, message: 'No pudimos completar la suscripción. Inténtalo de nuevo en unos minutos.' },
} as const;

export type NewsletterOutcome = keyof typeof NEWSLETTER_OUTCOMES;

export function parseNewsletterOutcome(value: unknown): NewsletterOutcome | null {
  return typeof value === 'string' && Object.hasOwn(NEWSLETTER_OUTCOMES, value) ? (value as NewsletterOutcome) : null;
}
