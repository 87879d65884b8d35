import { expect, test } from '@playwright/test';
import { uniqueEmail } from './support/shell.ts';

/** The footer's newsletter box: validated e-mail, POST to the API, Spanish feedback. */

// The API rate-limits subscriptions per client (x-forwarded-for behind a CDN): each test is its own
// client so reruns against a long-lived server are not refused with 429.
test.beforeEach(async ({ page }) => {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` });
});

test('an invalid e-mail is refused in Spanish without calling the API', async ({ page }) => {
  await page.goto('/nosotros');
  let posted = false;
  page.on('request', (req) => {
    if (req.url().endsWith('/api/newsletter')) posted = true;
  });
  const box = page.getByRole('region', { name: 'Boletín de Marcador' });
  const email = box.getByRole('textbox', { name: 'Correo electrónico' });
  for (const value of ['hincha', 'hincha@correo', '   ']) {
    await email.fill(value);
    await box.getByRole('button', { name: 'Suscribirse' }).click();
    await expect(box.getByRole('status')).toHaveText(/Escribe un correo electrónico válido/);
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toBeFocused();
  }
  expect(posted).toBe(false);
});

test("a valid e-mail subscribes and shows the API's message; a repeat says it is already subscribed", async ({ page }) => {
  await page.goto('/contacto');
  const box = page.getByRole('region', { name: 'Boletín de Marcador' });
  const email = box.getByRole('textbox', { name: 'Correo electrónico' });
  const address = uniqueEmail('news');

  await email.fill(address);
  const created = page.waitForResponse((res) => res.url().endsWith('/api/newsletter'));
  await box.getByRole('button', { name: 'Suscribirse' }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON()).toEqual({ email: address, source: 'pie-de-pagina' });
  const message = ((await response.json()) as { message: string }).message;
  expect(message.length).toBeGreaterThan(0);
  const status = box.getByRole('status');
  await expect(status).toHaveText(message);
  await expect(status).toHaveAttribute('data-outcome', 'ok');
  await expect(email).toHaveValue('');

  await email.fill(address.toUpperCase());
  const repeated = page.waitForResponse((res) => res.url().endsWith('/api/newsletter'));
  await box.getByRole('button', { name: 'Suscribirse' }).click();
  const second = await repeated;
  expect(second.status()).toBe(200);
  await expect(status).toHaveText(((await second.json()) as { message: string }).message);
});

test('an API refusal shows its Spanish message as an error', async ({ page }) => {
  await page.route('**/api/newsletter', (route) =>
    route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ message: 'Demasiados intentos. Espera unos minutos.' }) }),
  );
  await page.goto('/nosotros');
  const box = page.getByRole('region', { name: 'Boletín de Marcador' });
  await box.getByRole('textbox', { name: 'Correo electrónico' }).fill(uniqueEmail('limit'));
  await box.getByRole('button', { name: 'Suscribirse' }).click();
  await expect(box.getByRole('status')).toHaveText('Demasiados intentos. Espera unos minutos.');
  await expect(box.getByRole('status')).toHaveAttribute('data-outcome', 'error');
});

test('a form posted before the script ran comes back with its outcome shown', async ({ page }) => {
  await page.goto('/terminos');
  const form = page.locator('form[data-newsletter]');
  await form.getByRole('textbox', { name: 'Correo electrónico' }).fill(uniqueEmail('early'));
  // HTMLFormElement.submit() skips the submit handlers: the same request a reader sends before JS loads.
  await form.evaluate((element: HTMLFormElement) => element.submit());
  await page.waitForURL(/\/terminos\?newsletter=ok/);
  await expect(page.getByRole('region', { name: 'Boletín de Marcador' }).getByRole('status')).toHaveText(
    '¡Gracias! Te suscribiste al boletín de Marcador.',
  );
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the box is a real form post that comes back to the page with its outcome', async ({ page }) => {
    await page.goto('/nosotros');
    const form = page.locator('form[data-newsletter]');
    await expect(form).toHaveAttribute('method', 'post');
    await expect(form).toHaveAttribute('action', '/api/newsletter');
    await form.getByRole('textbox', { name: 'Correo electrónico' }).fill(uniqueEmail('nojs'));
    await form.getByRole('button', { name: 'Suscribirse' }).click();
    await page.waitForURL(/\/nosotros\?newsletter=ok/);
    await expect(page.locator('#newsletter-ok')).toBeVisible();
    await expect(page.locator('#newsletter-invalid')).toBeHidden();
  });
});
