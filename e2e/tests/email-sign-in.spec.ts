import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { api, apiLogin, BASE_URL, siteUrl, uniqueName } from '../support/index.js';

/**
 * Sign up by an emailed code, then reset the password from the mail (docs/identity.md, Email).
 * The mail goes through a real SMTP server on loopback (the `smtp-server` library), configured
 * for a site of this test's own so no other spec sees the email ways.
 */
const inbox: Array<{ to: string[]; subject: string; text: string }> = [];
let smtp: SMTPServer;
let smtpPort = 0;

test.beforeAll(async () => {
  smtp = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, done) {
      simpleParser(stream)
        .then((m) => {
          inbox.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: m.subject ?? '',
            text: m.text ?? '',
          });
          done();
        })
        .catch(done);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});
test.afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

async function mailTo(address: string) {
  await expect
    .poll(() => inbox.some((m) => m.to.includes(address)), { timeout: 30_000 })
    .toBe(true);
  const i = inbox.findIndex((m) => m.to.includes(address));
  return inbox.splice(i, 1)[0]!;
}

test('sign up by an emailed code, then reset the password from the mail', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const admin = await apiLogin(request);
  const domain = uniqueName('mail');
  const site = await api<{ id: number }>(request, 'POST', '/admin/sites/create', {
    token: admin,
    body: { domain: `${domain}.atelier.test`, siteName: 'Mail Site', language: 'en-US' },
  });
  await api(request, 'POST', '/admin/mail', {
    token: admin,
    body: {
      siteId: site.id,
      enabled: true,
      host: '127.0.0.1',
      port: smtpPort,
      tls: 'none',
      from: 'Mail Site <no-reply@atelier.test>',
    },
  });

  const email = `${uniqueName('mailer')}@example.com`;
  await page.goto(siteUrl(domain));
  await page.getByTestId('login-button').first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: /Email code|邮箱验证码/ }).click();
  await dialog.locator('#code-email').fill(email);
  await dialog.getByTestId('email-code-send').click();
  const codeMail = await mailTo(email);
  const code = /\b(\d{6})\b/.exec(codeMail.subject)?.[1] ?? '';
  expect(code).toMatch(/^\d{6}$/);
  await dialog.locator('#code-code').fill(code);
  await dialog.getByTestId('email-code-submit').click();
  await expect(page.getByTestId('user-name')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Signed out, the password is forgotten (the account never had one): a link sets it.
  await page.getByTestId('user-badge').click();
  await page.getByRole('menuitem', { name: /Log out|退出登录/ }).click();
  await expect(page.getByTestId('login-button').first()).toBeVisible();
  await page.getByTestId('login-button').first().click();
  await dialog.getByRole('tab', { name: /^(Sign in|登录)$/ }).click();
  await dialog.getByTestId('login-forgot').click();
  await dialog.locator('#forgot-email').fill(email);
  await dialog.getByTestId('forgot-submit').click();
  const resetMail = await mailTo(email);
  const link = /(http\S+#reset-password=[\w-]+)/.exec(resetMail.text)?.[1] ?? '';
  expect(link).toContain(`${domain}.atelier.test`);

  await page.goto(link);
  await expect(page).not.toHaveURL(/reset-password/);
  const password = `pw-${uniqueName('new')}`;
  await dialog.locator('#reset-password').fill(password);
  await dialog.locator('#reset-confirm').fill(password);
  await dialog.getByTestId('reset-submit').click();
  await dialog.locator('#login-username').fill(email);
  await dialog.locator('#login-password').fill(password);
  await dialog.locator('#login-password').press('Enter');
  await expect(page.getByTestId('user-name')).toBeVisible();

  // The link worked once.
  const again = await request.post(`${BASE_URL}/api/auth/password/reset`, {
    data: { token: link.split('#reset-password=')[1], password: 'another-pass-1' },
  });
  expect(again.status()).toBe(400);
});
