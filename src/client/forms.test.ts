import { describe, expect, it } from 'vitest';
import { isValidEmail, NEWSLETTER_MESSAGES, NEWSLETTER_OUTCOMES, parseNewsletterOutcome } from '../lib/newsletter.ts';
import { newsletterFeedback } from './newsletter-form.ts';
import { absoluteUrl, documentTitle, escapeHtml, pagePath } from '../layouts/seo.ts';
import { expectAnswers } from '../../tests/helpers/expect-answers.ts';

describe('isValidEmail', () => {
  it('accepts ordinary addresses, trimmed', () => {
    for (const email of ['hincha@correo.ec', ' ana.perez+boletin@mail.example.com ', 'x@y.co']) expect(isValidEmail(email)).toBe(true);
  });

  it('rejects what cannot be an address', () => {
    const bad = ['', '   ', 'hincha', 'hincha@', '@correo.ec', 'hincha@correo', 'a b@correo.ec', 'a@@correo.ec', 'a@correo..ec', null, 42];
    for (const email of bad) expect(isValidEmail(email)).toBe(false);
    expect(isValidEmail(`${'a'.repeat(250)}@x.ec`)).toBe(false);
  });
});

describe('parseNewsletterOutcome', () => {
  it('knows the outcomes the API redirects a form post with', () => {
    for (const outcome of ['ok', 'exists', 'invalid', 'limit', 'error'] as const) {
      expect(parseNewsletterOutcome(outcome)).toBe(outcome);
      expect(NEWSLETTER_OUTCOMES[outcome].message).toMatch(/\S/);
    }
    expect(NEWSLETTER_OUTCOMES.ok.ok).toBe(true);
    expect(NEWSLETTER_OUTCOMES.limit.ok).toBe(false);
  });

  it('ignores anything else, including inherited property names', () => {
    for (const value of [null, '', 'OK', 'toString', '__proto__', 'constructor', 3]) expect(parseNewsletterOutcome(value)).toBeNull();
  });
});

describe('newsletterFeedback', () => {
  it("shows the API's Spanish message on success, with a default when it sent none", () => {
    expect(newsletterFeedback({ ok: true, status: 201, data: { message: '¡Gracias por suscribirte!' } })).toEqual({
      ok: true,
      message: '¡Gracias por suscribirte!',
    });
    expect(newsletterFeedback({ ok: true, status: 200, data: null })).toEqual({ ok: true, message: NEWSLETTER_MESSAGES.success });
  });

  it("shows the API's message on 400 / 429", () => {
    expect(newsletterFeedback({ ok: false, status: 400, error: 'El correo no es válido.' })).toEqual({ ok: false, message: 'El correo no es válido.' });
    expect(newsletterFeedback({ ok: false, status: 429, error: 'Demasiados intentos.' }).message).toBe('Demasiados intentos.');
  });

  it('never shows transport jargon to readers', () => {
    expect(newsletterFeedback({ ok: false, status: 400, error: 'HTTP 400' }).message).toBe(NEWSLETTER_MESSAGES.invalid);
    expect(newsletterFeedback({ ok: false, status: 503, error: 'HTTP 503' }).message).toMatch(/servidor/);
    expect(newsletterFeedback({ ok: false, status: 0, error: 'Failed to fetch' }).message).toMatch(/conectar/);
  });
});

describe('head helpers', () => {
  it('normalises page paths as links write them', () => {
    expectAnswers(pagePath, { '/': '/', '/nosotros/': '/nosotros', '/informacion/nosotros/index.html': '/informacion/nosotros', '/404.html': '/404' });
  });

  it('titles pages "X · Marcador" and the home page "Marcador"', () => {
    expectAnswers(documentTitle, { Nosotros: 'Nosotros · Marcador', Marcador: 'Marcador', '  ': 'Marcador' });
  });

  it('escapes titles that astro-seo writes as raw HTML', () => {
    expect(escapeHtml('Emelec <3 & "Barcelona"')).toBe('Emelec &lt;3 &amp; &quot;Barcelona&quot;');
  });

  it('builds absolute URLs on the site and keeps absolute ones', () => {
    expect(absoluteUrl('/nosotros', 'https://marcador.ec')).toBe('https://marcador.ec/nosotros');
    expect(absoluteUrl('https://cdn.example.org/a.png', 'https://marcador.ec')).toBe('https://cdn.example.org/a.png');
  });
});
