import { expect, test, type Page } from '@playwright/test';
import { startFakeMidjourneyProxy } from '../../server/test/fakes/midjourney-proxy.js';
import {
  addMidjourneyProxyModel,
  adminToken,
  api,
  registerUser,
  signInBeforeLoad,
} from '../support/index.js';

/**
 * The Midjourney screen with the built-in offline demo (no network): imagine → the 2×2 grid →
 * U2 → the upscaled picture → the viewer zooms. The upscale is then
 * animated (Midjourney video, the demo's clip): played, downloaded as MP4, charged the cost
 * shown. And a reload in the middle of a drawing (on a loopback midjourney-proxy that holds the
 * drawing at 40 % until told), after which the polling loop picks the task up and sees the
 * progress bar move on to the finished grid.
 */

/** Signed in as `token`, interface in English, on the Midjourney screen. */
async function openScreen(page: Page, token: string) {
  await signInBeforeLoad(page, token);
  await page.goto('/Midjourney');
  await expect(page.getByTestId('mj-prompt')).toBeVisible();
}

const newest = (page: Page) => page.getByTestId('mj-task').first();

test('imagine shows the grid, then U2 upscales and the viewer zooms', async ({ page, request }) => {
  // The server paints the demo's pictures on its own thread; a loaded machine slows it down.
  test.setTimeout(180_000);
  const user = await registerUser(request, 'mjw');
  await openScreen(page, user.token);

  await page.getByTestId('mj-prompt').fill('a lighthouse by the sea at sunset');
  await page.getByTestId('mj-submit').click();

  // The demo's drawing takes 1.5 s here, which a loaded machine can spend before the card is
  // first read: whether it was seen running is not asserted (the progress bar moving is, on the
  // proxy that holds its drawing, in the reload test below). It is seen finished.
  const card = newest(page);
  await expect(card).toHaveAttribute('data-status', /^[123]$/);
  await expect(card).toHaveAttribute('data-status', '3', { timeout: 60_000 });

  // The grid: one picture holding the four, with U1–U4 and V1–V4.
  await expect(card.getByTestId('mj-image')).toBeVisible();
  for (const label of ['U1', 'U2', 'U3', 'U4', 'V1', 'V2', 'V3', 'V4'])
    await expect(
      card.getByRole('button', {
        name: new RegExp(
          label.replace('U', 'Upscale picture ').replace('V', 'Variations of picture '),
        ),
      }),
    ).toBeVisible();
  const gridId = await card.getAttribute('data-task-id');

  await card.getByRole('button', { name: 'Upscale picture 2' }).click();
  const upscaled = newest(page);
  await expect(upscaled).not.toHaveAttribute('data-task-id', gridId!);
  await expect(upscaled).toHaveAttribute('data-status', '3', { timeout: 20_000 });
  await expect(upscaled.getByText('Upscale', { exact: true })).toBeVisible();
  // An upscale offers the buttons of a single picture (vary region, zoom out, pan…).
  await expect(upscaled.getByRole('button', { name: 'Vary (Region)' })).toBeVisible();
  await expect(upscaled.getByRole('button', { name: 'Zoom out 2×' })).toBeVisible();
  await expect(upscaled.getByRole('button', { name: 'Pan left' })).toBeVisible();

  // The viewer: the wheel and the buttons change the scale; Escape closes it.
  const picture = upscaled.getByTestId('mj-image');
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await upscaled.getByRole('button', { name: 'Open the full picture' }).click();
  const viewer = page.getByRole('dialog', { name: 'Image viewer' });
  await expect(viewer).toBeVisible();
  const scale = viewer.getByTestId('viewer-image');
  await expect(scale).toHaveAttribute('data-scale', '1');
  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await expect(scale).toHaveAttribute('data-scale', '1.2');
  await expect(viewer.getByTestId('viewer-scale')).toHaveText('120%');
  await viewer.getByTestId('viewer-surface').hover();
  await page.mouse.wheel(0, 100);
  await expect(scale).toHaveAttribute('data-scale', '1.1');
  await page.keyboard.press('-');
  await expect(scale).toHaveAttribute('data-scale', '1');
  // Tab and Shift+Tab go round the viewer's buttons, never to the page behind it.
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await viewer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  // Focus is back on the picture that opened it.
  await expect(upscaled.getByRole('button', { name: 'Open the full picture' })).toBeFocused();

  // Midjourney video (the demo makes it): animate the upscale, high motion, at the cost shown.
  const balance = async () =>
    (await api<{ credits: number }>(request, 'GET', '/balance/query', { token: user.token }))
      .credits;
  const before = await balance();
  await upscaled.getByRole('button', { name: /Animate/ }).click();
  const form = page.getByTestId('mj-video-form');
  await form.getByText('High motion', { exact: true }).click();
  const price = form.getByTestId('mj-video-price');
  await expect(price).toHaveText(/Credits needed: \d+/, { timeout: 20_000 });
  const shown = Number((await price.textContent())!.replace(/\D+/g, ''));
  const upscaledId = await upscaled.getAttribute('data-task-id');
  await form.getByRole('button', { name: 'Make the video' }).click();
  const clip = newest(page);
  await expect(clip).not.toHaveAttribute('data-task-id', upscaledId!);
  await expect(clip).toHaveAttribute('data-status', '3', { timeout: 60_000 });
  const player = clip.getByTestId('mj-video');
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(1);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    clip.getByTestId('mj-download').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.mp4$/);
  const fs = await import('node:fs');
  const bytes = fs.readFileSync((await download.path())!);
  expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
  expect(await balance()).toBe(before - shown);
  await expect(clip.getByRole('button', { name: /Extend video/ })).toBeVisible();
});

test('a reload in the middle of a drawing picks the task up again and sees it finish', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // A midjourney-proxy whose drawing runs until the test lets it go: the reload then surely
  // happens mid-drawing, however long a loaded machine takes to load the page again.
  const fake = await startFakeMidjourneyProxy({ stepMs: 40 });
  fake.hold = true;
  const admin = await adminToken(request);
  const { modelId, remove } = await addMidjourneyProxyModel(request, admin, fake, 'mjh');
  try {
    const user = await registerUser(request, 'mjr');
    const task = await api<{ id: number }>(request, 'POST', '/queue/addMjDrawQueue', {
      token: user.token,
      body: { type: 'imagine', modelId, prompt: 'a city at night', params: {} },
    });
    await openScreen(page, user.token);
    const card = page.locator(`[data-testid="mj-task"][data-task-id="${task.id}"]`);
    await expect(card).toHaveAttribute('data-status', '2');
    await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');

    await page.reload();
    // After the reload the first fetch finds it running, with its progress…
    await expect(card).toHaveAttribute('data-status', '2');
    await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    // …and the loop keeps polling until it is done, with no click.
    fake.release();
    await expect(card).toHaveAttribute('data-status', '3', { timeout: 40_000 });
    await expect(card.getByTestId('mj-image')).toBeVisible();
  } finally {
    fake.release();
    await remove();
    await fake.close();
  }
});
