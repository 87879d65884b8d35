import { readerMessage, type ApiResult } from '../lib/http/client.ts';
import { apiPost } from '../lib/http/post.ts';
import type { NewsletterAnswer, NewsletterBody } from '../../contract/shapes.ts';
import { isValidEmail, NEWSLETTER_MESSAGES, NEWSLETTER_OUTCOMES, normalizeEmail, parseNewsletterOutcome } from '../lib/newsletter.ts';

/**
 * Newsletter box with JS: validates the e-mail, POSTs JSON to /api/newsletter and shows the API's
 * Spanish `message`. The API answers 201/200 with a message, 400 invalid, 429 too many attempts.
 */

/** Which form the address came from, stored with it (the privacy page says so). */
const NEWSLETTER_SOURCE = 'pie-de-pagina';

export interface NewsletterFeedback {
  ok: boolean;
  message: string;
}

/** The API's `message` is written for readers; transport-level failures get a Spanish text instead. */
export function newsletterFeedback(result: ApiResult<unknown>): NewsletterFeedback {
  if (result.ok) {
    const body = result.data as Partial<NewsletterAnswer> | null;
    const message = body && typeof body.message === 'string' && body.message.trim() ? body.message : NEWSLETTER_MESSAGES.success;
    return { ok: true, message };
  }
  if (result.status === 0) return { ok: false, message: readerMessage(0) };
  // apiPost falls back to "HTTP <status>" when the body had no message: never show that to a reader.
  const fromApi = /^HTTP \d+/.test(result.error) ? '' : result.error;
  if (fromApi) return { ok: false, message: fromApi };
  return { ok: false, message: result.status === 400 ? NEWSLETTER_MESSAGES.invalid : readerMessage(result.status) };
}

export function initNewsletterForms(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-newsletter]')) {
    const input = form.querySelector<HTMLInputElement>('input[name="email"]');
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    const status = form.querySelector<HTMLElement>('[data-newsletter-status]');
    if (!input || !button || !status) continue;
    // Our own validation speaks Spanish and matches the API; the browser's bubble would not.
    form.noValidate = true;

    const show = (feedback: NewsletterFeedback) => {
      status.textContent = feedback.message;
      status.classList.toggle('text-success', feedback.ok);
      status.classList.toggle('text-danger', !feedback.ok);
      status.dataset.outcome = feedback.ok ? 'ok' : 'error';
    };

    // A form posted before this script ran comes back with ?newsletter=<outcome>: say how it went.
    const returned = parseNewsletterOutcome(new URLSearchParams(window.location.search).get('newsletter'));
    if (returned) show(NEWSLETTER_OUTCOMES[returned]);

    input.addEventListener('input', () => input.removeAttribute('aria-invalid'));
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      if (button.disabled) return;
      const email = normalizeEmail(input.value);
      if (!isValidEmail(email)) {
        input.setAttribute('aria-invalid', 'true');
        show({ ok: false, message: NEWSLETTER_MESSAGES.invalid });
        input.focus();
        return;
      }
      button.disabled = true;
      status.textContent = NEWSLETTER_MESSAGES.sending;
      status.classList.remove('text-success', 'text-danger');
      delete status.dataset.outcome;
      const feedback = newsletterFeedback(await apiPost<NewsletterAnswer>('/api/newsletter', { email, source: NEWSLETTER_SOURCE } satisfies NewsletterBody));
      button.disabled = false;
      show(feedback);
      if (feedback.ok) form.reset();
      else if (/correo|e-?mail/i.test(feedback.message)) input.setAttribute('aria-invalid', 'true');
    });
  }
}
