import { expect, test } from '@playwright/test';
import { adminToken, api, siteUrl } from '../support/index.js';

/** The site's notices and advertisement open at start, each on the domain it belongs to. */
test('a site shows its notice, then its ad; "not again today" holds across reloads', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const domain = `notice${Date.now().toString(36)}`;
  const site = await api<{ id: number }>(request, 'POST', '/admin/sites/create', {
    token,
    body: {
      domain: `${domain}.atelier.test`,
      siteName: 'Notice Site',
      advertisement: {
        enabled: true,
        link: 'https://example.com/offer',
        text: 'Spring offer: double credits',
      },
    },
  });
  await api(request, 'POST', '/admin/notices/create', {
    token,
    body: {
      siteId: site.id,
      kind: 'notice',
      title: 'Maintenance tonight',
      content: 'Drawing pauses from 02:00 to 03:00.',
      enabled: true,
    },
  });

  await page.addInitScript(() =>
    localStorage.setItem(
      'appSetting',
      JSON.stringify({ state: { language: 'en-US', languageChosen: true }, version: 0 }),
    ),
  );
  await page.goto(siteUrl(domain, '/Midjourney'));
  const notice = page.getByRole('dialog', { name: 'Maintenance tonight' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Drawing pauses from 02:00 to 03:00.');
  await notice.getByRole('checkbox', { name: "Don't show again today" }).check();
  await notice.getByRole('button', { name: 'Got it' }).click();
  await expect(notice).toBeHidden();

  const ad = page.getByRole('dialog', { name: 'Recommended' });
  await expect(ad).toBeVisible();
  await expect(ad).toContainText('Spring offer: double credits');
  await ad.getByRole('button', { name: /close/i }).click();
  await expect(ad).toBeHidden();

  await page.reload();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The default site keeps its notices switched off by the setup project: no dialog there.
  await page.goto('/Midjourney');
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a notice closed with × stays closed across reloads until it is edited', async ({
  page,
  request,
}) => {
  test.setTimeout(270_000);
  const token = await adminToken(request);
  const domain = `closed${Date.now().toString(36)}`;
  const site = await api<{ id: number }>(request, 'POST', '/admin/sites/create', {
    token,
    body: { domain: `${domain}.atelier.test`, siteName: 'Closed Notice Site' },
  });
  const created = await api<{ id: number }>(request, 'POST', '/admin/notices/create', {
    token,
    body: {
      siteId: site.id,
      kind: 'notice',
      title: 'Opening hours',
      content: 'Nine to five.',
      enabled: true,
    },
  });
  await page.addInitScript(() => {
    if (!localStorage.getItem('appSetting'))
      localStorage.setItem(
        'appSetting',
        JSON.stringify({ state: { language: 'en-US', languageChosen: true }, version: 0 }),
      );
  });
  await page.goto(siteUrl(domain, '/Chat'));
  const notice = page.getByRole('dialog', { name: 'Opening hours' });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: /close/i }).click();
  await expect(notice).toBeHidden();

  for (let i = 0; i < 2; i += 1) {
    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }

  await api(request, 'POST', '/admin/notices/update', {
    token,
    body: { id: created.id, content: 'Nine to six from Monday.' },
  });
  // An admin write refreshes this process's snapshot of the site configuration at once.
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Opening hours' })).toContainText(
    'Nine to six from Monday.',
    { timeout: 20_000 },
  );
});
