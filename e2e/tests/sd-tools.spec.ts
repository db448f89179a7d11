import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  adminToken,
  api,
  BASE_URL,
  paintStroke,
  registerUser,
  signInBeforeLoad,
} from '../support/index.js';

/**
 * The model square and the toolbox with the offline demo (no network): a picture drawn from an
 * example's parameters opens in the viewer; then every toolbox operation on an uploaded picture
 * (remix and redraw with a painted mask, face swap with a second picture) shows its before/after
 * and opens in the viewer, and two of the results are blended on the Midjourney screen.
 */

async function fundedUser(request: APIRequestContext, prefix: string) {
  const user = await registerUser(request, prefix);
  const info = await api<{ userInfo: { id: number } }>(request, 'GET', '/auth/getInfo', {
    token: user.token,
  });
  await api(request, 'POST', '/admin/credits/adjust', {
    token: await adminToken(request),
    body: { userId: info.userInfo.id, amount: 200, reason: 'e2e: sd and tools' },
  });
  return user;
}

async function viewerOpensAndCloses(page: Page) {
  await expect(page.getByTestId('viewer-image')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('viewer-image')).toHaveCount(0);
}

test('a model-square picture from an example’s parameters opens in the viewer', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const user = await fundedUser(request, 'sdq');
  await signInBeforeLoad(page, user.token);
  await page.goto('/sddraw');
  const card = page.getByTestId('sd-model').first();
  await expect(card).toBeVisible();
  await card.getByRole('button').click();

  const example = page.getByTestId('sd-example').first();
  await expect(example).toBeVisible();
  const examplePrompt = await example.locator('p').first().innerText();
  await example.getByRole('button', { name: 'Use these parameters' }).click();
  await expect(page.locator('#sd-field-prompt')).toHaveValue(examplePrompt);
  await page.getByRole('button', { name: /^Generate/ }).click();

  const task = page.getByTestId('sd-task').first();
  await expect(task.getByRole('img')).toBeVisible({ timeout: 30_000 });
  await task.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByTestId('sd-viewer-info')).toContainText(examplePrompt);
  await viewerOpensAndCloses(page);
});

test('each toolbox operation on an uploaded picture shows before/after and opens in the viewer', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const user = await fundedUser(request, 'sdt');
  // A real generated picture to upload: the demo's first example.
  const png = await (await request.get(`${BASE_URL}/api/sd/example/1/1.png`)).body();
  await signInBeforeLoad(page, user.token);
  await page.goto('/tools');
  await page
    .getByTestId('tool-upload')
    .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png });

  for (const op of ['upscale', 'restore', 'rembg', 'faceswap', 'remix', 'redraw']) {
    await page.getByTestId(`tool-${op}`).click();
    if (op === 'faceswap') {
      await page
        .getByTestId('tool-face')
        .setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: png });
      // Run before the face's upload has finished would only be told that a face is needed.
      await expect(page.getByTestId('tool-face-chosen')).toBeVisible();
    }
    if (op === 'remix' || op === 'redraw') {
      await page.getByPlaceholder('Describe what you want').fill('a tiger');
      await paintStroke(page, page.getByTestId('mask-canvas'), [0.3, 0.3], [0.6, 0.6]);
    }
    await page.getByRole('button', { name: /^Run/ }).click();
    await expect(page.getByTestId('compare'), op).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Open' }).click();
    await viewerOpensAndCloses(page);
  }

  // Toolbox results are among one's pictures: Midjourney's Blend picks two of them.
  await page.goto('/Midjourney');
  await page
    .getByRole('button', { name: /Blend$/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('mj-pick')).toHaveCount(6);
  await dialog.getByTestId('mj-pick').nth(0).click();
  await dialog.getByTestId('mj-pick').nth(1).click();
  await dialog.getByRole('button', { name: 'Blend (2)' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('mj-task').first()).toHaveAttribute('data-status', '3', {
    timeout: 30_000,
  });
});
